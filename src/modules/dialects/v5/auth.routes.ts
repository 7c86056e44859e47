/**
 * v5 login and account routes: camelCase requests translated to the OAuth service's
 * parameters, answers in the v5 envelope. No rule lives here: the code request, the token
 * exchange and the password login are the same service calls as /auth/passwordlessLogin/code
 * and /auth/oauth2/token, with the same rate limits and checks.
 *
 * Threats: the password login is the password grant of a public client (V5_CLIENT_ID), so
 * it carries that grant's defences (scrypt with a dummy hash for unknown accounts, limits
 * per account, per IP and per client) and answers a wrong email and a wrong password alike
 * (`Not_Exist`). The client must have the `password` grant: an operator who does not want
 * password logins leaves it out and the route answers `Not_Allowed`.
 *
 * Whose accounts: the v5 client's tenant's, as for any password grant. The import binds that
 * client to its brand (`--tenant 44`, docs/existing-apps.md), where the brand's apps sign their
 * customers up, so the login finds them; an unbound client would look among platform accounts.
 */
import type { FastifyInstance } from 'fastify'
import type { ClientsService, OAuthService, PasswordlessService } from '../../oauth/index.ts'
import type { AccountsService } from '../../users/index.ts'
import type { Policy } from '../../tenancy/index.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { OAUTH_CODE, OAuthError } from '../../../lib/errors.ts'
import { LocaleTag } from '../../../lib/schemas.ts'
import { envelope, ok, refusal, V5Refusal } from './envelope.ts'
import { v5CurrentUser, V5CurrentUser, v5Me, V5Me } from './views.ts'

const tags = ['v5']
// the profile needs the account scope, as its REST twin does (policy.ts: account.read)
const security = [{ bearer: ['account'] }]
const consumes = ['application/json', 'application/x-www-form-urlencoded']

const CodeBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 320 }),
  clientId: Type.String({ minLength: 1, maxLength: 200 }),
  redirectUri: Type.String({ minLength: 1, maxLength: 2000 }),
  codeChallenge: Type.Optional(Type.String({ maxLength: 256 })),
  codeChallengeMethod: Type.Optional(Type.String({ maxLength: 20, description: 'S256 or sha256 (= S256); plain is refused' })),
  tenantId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the brand signed in under' })),
  locale: Type.Optional(LocaleTag("The locale of an account the code signs up, and of the email when the account has none; absent: the Accept-Language header's first language")),
})

const TokenBody = Type.Object({
  grantType: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
  codeVerifier: Type.Optional(Type.String()),
  clientId: Type.Optional(Type.String()),
  clientSecret: Type.Optional(Type.String()),
  redirectUri: Type.Optional(Type.String()),
  refreshToken: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  makeAccessTokenLongLasting: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
})

const TokenData = Type.Object({
  token: Type.String({ description: 'the access token' }),
  tokenType: Type.Literal('Bearer'),
  expiresIn: Type.Integer(),
  refreshToken: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
})

const LoginBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ maxLength: 1024 }) })
const LoginReply = Type.Object({
  token: Type.String({ description: '"Bearer <access token>", to be sent as the Authorization header verbatim' }),
  refresh_token: Type.Optional(Type.String()),
  username: Type.String(),
  displayname: Type.Union([Type.String(), Type.Null()]),
  lang: Type.Union([Type.String(), Type.Null()]),
})

/** camelCase token parameters to the OAuth names; unknown fields are dropped, as the token endpoint ignores them. */
function oauthParams(body: Record<string, unknown>): Record<string, unknown> {
  const names: Record<string, string> = {
    grantType: 'grant_type',
    code: 'code',
    codeVerifier: 'code_verifier',
    clientId: 'client_id',
    clientSecret: 'client_secret',
    redirectUri: 'redirect_uri',
    refreshToken: 'refresh_token',
    scope: 'scope',
    makeAccessTokenLongLasting: 'makeAccessTokenLongLasting',
  }
  const out: Record<string, unknown> = {}
  for (const [from, to] of Object.entries(names)) if (body[from] !== undefined) out[to] = body[from]
  return out
}

export interface V5AuthRoutesDeps {
  oauth: OAuthService
  passwordless: PasswordlessService
  clients: ClientsService
  accounts: AccountsService
  policy: Policy
}

export async function v5AuthRoutes(parent: FastifyInstance, { oauth, passwordless, clients, accounts, policy }: V5AuthRoutesDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/auth/passwordlessLogin/code',
    { schema: { tags, summary: 'Email a login code (camelCase); data "ok" for known and unknown addresses alike', consumes, body: CodeBody, response: { 200: envelope(Type.Literal('ok')) } } },
    async (r) => {
      const b = r.body
      const input = {
        email: b.email,
        client_id: b.clientId,
        redirect_uri: b.redirectUri,
        code_challenge: b.codeChallenge,
        code_challenge_method: b.codeChallengeMethod,
        locale: b.locale,
        acceptLanguage: r.headers['accept-language'] ?? null,
      }
      await passwordless.requestCode(input, b.tenantId ?? null, r.ip)
      return ok('ok' as const)
    },
  )

  app.post(
    '/auth/token',
    { schema: { tags, summary: 'Token exchange (camelCase): the same grants as /auth/oauth2/token', consumes, body: TokenBody, response: { 200: envelope(TokenData) } } },
    async (r) => {
      const t = await oauth.token({ body: oauthParams(r.body), authorization: r.headers.authorization, ip: r.ip })
      return ok({ token: t.access_token, tokenType: t.token_type, expiresIn: t.expires_in, refreshToken: t.refresh_token, scope: t.scope })
    },
  )

  app.post(
    '/auth/v4/login',
    {
      schema: {
        tags,
        summary: 'Password login through the configured v5 client (V5_CLIENT_ID): a top-level "Bearer ..." token; Not_Exist for a wrong email or password',
        consumes,
        body: LoginBody,
        response: { 200: Type.Union([LoginReply, envelope(Type.Null())]) },
      },
    },
    async (r) => {
      const body = { grant_type: 'password', client_id: app.config.v5.clientId, username: r.body.username, password: r.body.password, makeAccessTokenLongLasting: true }
      try {
        const t = await oauth.token({ body, authorization: undefined, ip: r.ip })
        // the password grant signed in an account of the v5 client's tenant (see grants/password.ts)
        const client = await clients.find(app.config.v5.clientId)
        const user = await accounts.findByEmail(r.body.username, client?.tenant_id ?? null)
        return { token: `Bearer ${t.access_token}`, refresh_token: t.refresh_token, username: user?.username ?? r.body.username, displayname: user?.display_name ?? null, lang: user?.locale ?? null }
      } catch (error) {
        // one answer for an unknown account and a wrong password, so it tells no one which addresses exist
        if (error instanceof OAuthError && error.error === OAUTH_CODE.invalid_grant) return refusal('Not_Exist', error.description)
        throw error
      }
    },
  )

  app.get(
    '/user/me',
    { schema: { tags, summary: 'The signed-in user', security, response: { 200: envelope(V5Me), 401: V5Refusal } } },
    async (r) => ok(v5Me(await policy.person(r.actor, 'account.read'))),
  )

  app.get(
    '/users/current',
    { schema: { tags, summary: 'The signed-in user with a permission per tenant', security, response: { 200: envelope(V5CurrentUser), 401: V5Refusal } } },
    async (r) => {
      const user = await policy.person(r.actor, 'account.read')
      return ok(v5CurrentUser(user, await accounts.tenantsOf(user.id)))
    },
  )
}
