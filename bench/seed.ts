/**
 * Seeding for bench:login, through the services and SQL of the app itself: clients, login
 * codes and refresh tokens issued in bulk (one per request, written as request bodies to a
 * file for ./cannon.ts), a tenant with sensors, an access token of a real session, and the
 * accounts of a service in use.
 *
 * Statistics last (settle): PostgreSQL plans a prepared statement once per connection and
 * keeps that plan until the tables' statistics change. Statistics taken while `users` held
 * one row made every server connection plan the exchange's account lookup as a sequential
 * scan; the run then signed up ~10,000 accounts in 10 s, before autovacuum's next analyze,
 * and PostgreSQL's CPU per exchange grew through the run (1.1 ms on average against 0.6 ms).
 * A database in service has its accounts and statistics that autovacuum keeps current; the
 * bench measures that state, not the first minute of an empty database.
 */
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { appSecret } from '../src/db/app-secrets.ts'
import { hashSecret, randomToken } from '../src/lib/crypto.ts'
import { generateLoginCode, hashLoginCode, normalizeLoginCode } from '../src/modules/oauth/login-codes.ts'
import { s256 } from '../src/modules/oauth/pkce.ts'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import { OPERATOR, SCOPES } from '../src/modules/tenancy/actor.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'

export const VERIFIER = 'bench-verifier-0123456789-0123456789-0123456789'
export const REDIRECT_URI = 'https://bench.example/cb'
const BATCH = 1000

export async function seedClients(app: FastifyInstance) {
  const { client: pub } = await app.services.clients.create(OPERATOR, { name: 'bench-public', public: true, redirectUris: [REDIRECT_URI] })
  const { client: machine, secret } = await app.services.clients.create(OPERATOR, { name: 'bench-machine', public: false, redirectUris: [], grantTypes: ['client_credentials'] })
  if (!secret) throw new Error('a confidential client has a secret')
  return { publicId: pub.client_id, machineId: machine.client_id, machineSecret: secret }
}

/** Writes one JSON body per line; returns the first apart (the sanity request) and the file. */
function writeBodies(file: string, bodies: object[]): string {
  writeFileSync(file, bodies.slice(1).map((b) => JSON.stringify(b)).join('\n'))
  return JSON.stringify(bodies[0])
}

/** `count` unused login codes for the public client, with PKCE S256; exchange bodies to `file`. */
export async function seedExchangeBodies(app: FastifyInstance, clientId: string, count: number, file: string, tag: string) {
  const key = await appSecret(app.db, 'login_code_hmac', app.secretBox)
  const challenge = s256(VERIFIER)
  const bodies: object[] = []
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const code = generateLoginCode()
      bodies.push({ grant_type: 'authorization_code', code, code_verifier: VERIFIER, client_id: clientId, redirect_uri: REDIRECT_URI })
      return {
        code_hash: hashLoginCode(key, normalizeLoginCode(code)!),
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_challenge: challenge,
        code_challenge_method: 'S256' as const,
        email: `${tag}-${start + i}@bench.test`,
        expires_at: new Date(Date.now() + 3_600_000),
      }
    })
    await app.db.insertInto('login_codes').values(rows).execute()
  }
  return writeBodies(file, bodies)
}

/** `count` sessions of one user, each with its first refresh token; refresh bodies to `file`. */
export async function seedRefreshBodies(app: FastifyInstance, clientId: string, userId: number, count: number, file: string) {
  const bodies: object[] = []
  const scope = SCOPES.join(' ')
  const expires = new Date(Date.now() + 3_600_000)
  for (let start = 0; start < count; start += BATCH) {
    const sessions = Array.from({ length: Math.min(BATCH, count - start) }, () => ({ id: randomUUID(), user_id: userId, client_id: clientId, tenant_id: null, scope }))
    const tokens = sessions.map((s) => {
      const token = randomToken(32)
      bodies.push({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId })
      return { token_hash: hashSecret(token), session_id: s.id, expires_at: expires }
    })
    await app.db.insertInto('sessions').values(sessions).execute()
    await app.db.insertInto('refresh_tokens').values(tokens).execute()
  }
  return writeBodies(file, bodies)
}

/** Passwordless code requests for distinct addresses; bodies to `file`. */
export function codeRequestBodies(clientId: string, count: number, file: string, tag: string) {
  const challenge = s256(VERIFIER)
  const bodies = Array.from({ length: count }, (_, i) => ({
    email: `${tag}-${i}@bench.test`,
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'sha256',
  }))
  return writeBodies(file, bodies)
}

/** A user who is a member of a tenant holding `sensors` sensors, and a token of a live session. */
export async function seedUserAndSensors(app: FastifyInstance, clientId: string, sensors: number) {
  const user = await insertUser(app.db, { email: 'bench@bench.test', emailConfirmedAt: app.services.clock.now() })
  const scope = SCOPES.join(' ')
  const { sessionId } = await openSession(app.db, sessionStatements, 3600, { userId: user.id, clientId, tenantId: null, scope }, app.services.clock.now())
  const token = await signAccessToken(app, { sub: String(user.id), clientId, scope, sessionId })
  const tenant = await app.services.tenants.create(OPERATOR, { name: 'bench-sensors' })
  await addMembership(app.db, tenant.id, user.id, 'member')
  // bulk load without the per-row counter trigger, then set the counter once
  await sql`alter table sensors disable trigger sensors_count`.execute(app.db)
  await sql`insert into sensors (tenant_id, device_id, name, type, metadata)
            select ${tenant.id}, 'dev-' || g, 'Sensor ' || g, case when g % 2 = 0 then 'co2' else 'temperature' end, '{}'
            from generate_series(1, ${sensors}) g`.execute(app.db)
  await sql`alter table sensors enable trigger sensors_count`.execute(app.db)
  await sql`insert into tenant_counters (tenant_id, counter, count) values (${tenant.id}, 'sensors', ${sensors})`.execute(app.db)
  return { userId: user.id, token, tenantId: tenant.id, sessionId }
}

/** `count` platform accounts with proven addresses, as a service in use holds. */
export async function seedAccounts(app: FastifyInstance, count: number) {
  await sql`insert into users (email, username, email_confirmed_at)
            select 'account-' || g || '@bench.test', 'account-' || g, now() from generate_series(1, ${count}) g`.execute(app.db)
}

/** Statistics of every table as seeded, taken after the last row is in (see the top of this file). */
export async function settle(app: FastifyInstance) {
  await sql`analyze`.execute(app.db)
}
