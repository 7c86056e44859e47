/**
 * Passkeys on the hosted pages: the sign-in page's button, which signs in to the page's own
 * authorization request (a passkey of the request's tenant only; the passkeys module checks the
 * ceremony), and the account page's "add a passkey", as the signed-in page session (a recent
 * sign-in, as the API asks). The answers are JSON for pages/assets/passkey.js; the forms' CSRF
 * check (kit.ts) guards each POST like any form.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type Type from 'typebox'
import Value from 'typebox/value'
import type { Config } from '../../config.ts'
import type { DB } from '../../db/connect.ts'
import type { AuthorizationRequest, User } from '../../db/database.ts'
import type { Clock } from '../../lib/clock.ts'
import { normalizeEmail } from '../../lib/email-address.ts'
import { appErrors } from '../../lib/errors.ts'
import { originOf } from '../../lib/network.ts'
import { issuerOf, loginCodeExpiresAt } from '../oauth/index.ts'
import { AssertionSchema, AttestationSchema, type PasskeyPolicyService, type PasskeysService } from '../passkeys/index.ts'
import { completeAuthorization } from './authorization-requests.repository.ts'
import { withParams, type AuthorizeService, type Finished } from './authorize.service.ts'
import { field, type PageKit } from './kit.ts'
import { pageActor, PAGE_SESSION_TTL_SECONDS, type PageSessions } from './page-sessions.ts'
import { cookieOptions } from './security.ts'
import type { PageStores } from './stores.ts'

const SCRIPT = readFileSync(new URL('./assets/passkey.js', import.meta.url), 'utf8')

export interface PasskeyPagesDeps {
  db: DB
  config: Readonly<Config>
  clock: Clock
  codeKey: Buffer
  stores: PageStores
  sessions: PageSessions
  authorize: AuthorizeService
  passkeys: PasskeysService
  modes: Pick<PasskeyPolicyService, 'modeAt' | 'suggestTo'>
}

/** The same ending as a typed code, for a passkey or an upstream provider: the request completes, a page session begins, the app gets a fresh code. */
export async function finishSignedIn(deps: PasskeyPagesDeps, request: AuthorizationRequest, user: User, ip: string): Promise<Finished> {
  const now = deps.clock.now()
  // a blocked person (users' people.service.ts) begins no browser session and gets no code for an app
  if (user.blocked_at) throw appErrors.account_blocked()
  if (!(await completeAuthorization(deps.db, request.id, now))) throw appErrors.authorization_expired()
  const session = await deps.sessions.create(user.id, user.tenant_id, now)
  const signedIn = { sessionCookie: session.cookie, userId: user.id, tenantId: user.tenant_id }
  if (!request.client_id) return { redirect: request.redirect_uri, ...signedIn }
  const origin = originOf(ip)
  const code = await deps.stores.codes.insertUniqueCode(deps.db, deps.codeKey, loginCodeExpiresAt(now, deps.config), {
    client_id: request.client_id,
    redirect_uri: request.redirect_uri,
    code_challenge: request.code_challenge,
    code_challenge_method: request.code_challenge_method,
    scope: request.scope,
    nonce: request.nonce,
    email: normalizeEmail(user.email),
    tenant_id: request.tenant_id,
    auth_time: now,
    requested_address: origin.address,
    requested_network: origin.network,
  })
  return { redirect: withParams(request.redirect_uri, { code, state: request.state, iss: issuerOf(deps.config.publicUrl, request.tenant_id) }), ...signedIn }
}

// NoInfer: T is the schema's, never worked out from where the result goes (which costs the type checker seconds)
function parsed<T extends Type.TSchema>(schema: T, text: string): NoInfer<Type.Static<T>> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw appErrors.passkey_refused()
  }
  if (!Value.Check(schema, value)) throw appErrors.passkey_refused()
  return value
}

export function passkeyScript(app: FastifyInstance): void {
  app.get('/pages/passkey.js', { schema: { tags: ['pages'], summary: "The hosted pages' passkey script" } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SCRIPT),
  )
}

export function passkeyPageRoutes(app: FastifyInstance, kit: PageKit, deps: PasskeyPagesDeps): void {
  const { authorize, passkeys, sessions } = deps
  const pending = async (id: string, browser: string) => {
    const request = await authorize.load(id, browser)
    if (!request) throw appErrors.authorization_expired()
    return request
  }

  app.post('/auth/oauth2/authorize/passkey/options', { schema: { tags: ['pages'], summary: 'Hosted sign-in with a passkey, step 1: the options (JSON)' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const authorization = await pending(field(request, 'request'), ctx.browser)
    return reply.header('cache-control', 'no-store').send(await passkeys.pageSignInOptions(authorization.tenant_id, authorization.id, request.ip))
  })

  app.post('/auth/oauth2/authorize/passkey', { schema: { tags: ['pages'], summary: "Hosted sign-in with a passkey, step 2: the assertion; answers where to go (JSON)" } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const authorization = await pending(field(request, 'request'), ctx.browser)
    const user = await passkeys.pageSignIn(authorization.tenant_id, authorization.id, parsed(AssertionSchema, field(request, 'response')), request.ip)
    const finished = await finishSignedIn(deps, authorization, user, request.ip)
    if (finished.sessionCookie) reply.setCookie(kit.names.session, finished.sessionCookie, cookieOptions(kit.names, PAGE_SESSION_TTL_SECONDS))
    return reply.header('cache-control', 'no-store').send({ redirect: finished.redirect })
  })

  const signedIn = async (cookie: string | undefined) => {
    const session = await sessions.find(cookie)
    if (!session) throw appErrors.signed_out()
    return session
  }

  app.post('/account/passkeys/options', { schema: { tags: ['pages'], summary: 'Account page: options to add a passkey (JSON)' } }, async (request, reply) => {
    const session = await signedIn(request.cookies[kit.names.session])
    return reply.header('cache-control', 'no-store').send(await passkeys.registrationOptions(pageActor(session, request.ip)))
  })

  app.post('/account/passkeys', { schema: { tags: ['pages'], summary: "Account page: add a passkey, the authenticator's answer (JSON)" } }, async (request, reply) => {
    const session = await signedIn(request.cookies[kit.names.session])
    const added = await passkeys.register(pageActor(session, request.ip), { response: parsed(AttestationSchema, field(request, 'response')) }, request.ip)
    return reply.header('cache-control', 'no-store').send(added)
  })
}
