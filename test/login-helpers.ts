import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { DB } from '../src/db/connect.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export async function createClient(
  app: FastifyInstance,
  opts: { public?: boolean; redirectUris?: string[]; grantTypes?: string[]; scopes?: string[]; tenantId?: number } = {},
) {
  const { client, secret } = await app.services.clients.create(OPERATOR, {
    tenantId: opts.tenantId ?? null,
    name: 'Test app',
    public: opts.public ?? true,
    redirectUris: opts.redirectUris ?? ['https://app.test/callback'],
    grantTypes: opts.grantTypes,
    scopes: opts.scopes,
  })
  return { clientId: client.client_id, secret, redirectUri: client.redirect_uris[0] ?? '' }
}

export interface CodeRequestInput {
  email: string
  clientId: string
  redirectUri: string
  challenge?: string
  method?: string
  tenantId?: number
  ip?: string
}

export function requestCode(app: FastifyInstance, input: CodeRequestInput) {
  return app.inject({
    method: 'POST',
    url: `${input.tenantId ? `/tenants/${input.tenantId}` : ''}/auth/passwordlessLogin/code`,
    remoteAddress: input.ip ?? '127.0.0.1',
    payload: {
      email: input.email,
      client_id: input.clientId,
      redirect_uri: input.redirectUri,
      ...(input.challenge ? { code_challenge: input.challenge, code_challenge_method: input.method ?? 'S256' } : {}),
    },
  })
}

/** Resolves once the app has decided the mail jobs it queued (email/mail-jobs.service.ts). */
export function mailSettled(app: FastifyInstance): Promise<void> {
  return app.services.email.idle()
}

/** The newest login code mailed to `email` (from the outbox, once the app's mail jobs are decided). */
export async function latestCode(t: { app: FastifyInstance; db: DB }, email: string): Promise<string> {
  await mailSettled(t.app)
  const row = await t.db
    .selectFrom('email_outbox')
    .select('text')
    .where('to_address', '=', email)
    .where('type', '=', 'passwordlessLogin')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const match = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(row.text)
  if (!match?.[1]) throw new Error('no code in the email')
  return match[1]
}

export function exchange(app: FastifyInstance, params: Record<string, unknown>, headers: Record<string, string> = {}, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: params, headers, remoteAddress: ip })
}

/** A customer signing up at a brand by a mailed code: their bearer headers, account and own (home) tenant. */
export async function signUpAtBrand(
  t: { app: FastifyInstance; db: DB },
  client: { clientId: string; redirectUri: string },
  brandId: number,
  email: string,
): Promise<{ headers: { authorization: string }; userId: number; home: number }> {
  const pair = pkcePair()
  await requestCode(t.app, { email, clientId: client.clientId, redirectUri: client.redirectUri, challenge: pair.challenge, tenantId: brandId })
  const code = await latestCode(t, email)
  const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
  const headers = { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` }
  const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers })).json() as { user: { id: number; tenants: { id: number; role: string }[] } }
  const home = me.user.tenants.find((x) => x.role === 'owner')?.id
  if (!home) throw new Error('sign-up gave no tenant of their own')
  return { headers, userId: me.user.id, home }
}
