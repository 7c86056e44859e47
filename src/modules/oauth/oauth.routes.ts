/**
 * OAuth endpoints. Under /auth/oauth2/ errors follow RFC 6749 section 5.2
 * (`{"error", "error_description"}`, `Cache-Control: no-store`); the login code endpoint
 * answers in the platform's own shape.
 */
import type { OAuthService } from './oauth.service.ts'
import type { PasswordlessService } from './passwordless.service.ts'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, ErrorSchema, errorResponses, LocaleTag, SuccessMessage } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import { consumes, oauthErrors, oauthReplies } from './oauth-replies.ts'
import { CODE_SENT_MESSAGE } from './passwordless.service.ts'

const TokenBody = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ description: 'authorization_code, refresh_token, client_credentials, password, urn:ietf:params:oauth:grant-type:device_code or urn:ietf:params:oauth:grant-type:token-exchange (an upstream ID token: docs/api.md)' })),
    code: Type.Optional(Type.String()),
    code_verifier: Type.Optional(Type.String()),
    redirect_uri: Type.Optional(Type.String()),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
    refresh_token: Type.Optional(Type.String()),
    scope: Type.Optional(Type.String()),
    username: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
    device_code: Type.Optional(Type.String({ description: 'The device_code grant (RFC 8628 3.4): the device code the device authorization endpoint gave' })),
    subject_token: Type.Optional(Type.String({ description: 'token exchange: the upstream ID token' })),
    subject_token_type: Type.Optional(Type.String({ description: 'token exchange: urn:ietf:params:oauth:token-type:id_token' })),
  },
  {
    ...component('TokenRequest'),
    description: 'Unknown parameters (e.g. makeAccessTokenLongLasting) are ignored.',
    examples: [
      {
        grant_type: 'authorization_code',
        code: '7K2QD-M9XHT',
        code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        client_id: 'my-app',
        redirect_uri: 'https://app.example/callback',
      },
    ],
  },
)
const TokenResponseSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  refresh_token: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
  id_token: Type.Optional(Type.String({ description: 'OpenID Connect ID token, when the openid scope was asked for' })),
}, component('TokenResponse'))
const TokenOnlyBody = Type.Object({
  token: Type.Optional(Type.String()),
  token_type_hint: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
})

async function oauth2Routes(parent: FastifyInstance, { oauth }: { oauth: OAuthService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  oauthReplies(app)

  const request = (r: { body: unknown; headers: { authorization?: string }; ip: string }, reply?: { elapsedTime: number }) => ({
    body: r.body,
    authorization: r.headers.authorization,
    ip: r.ip,
    // how long ago Fastify received the request, before its body was read: tells a race from a replay
    elapsedMs: reply?.elapsedTime,
  })

  app.post(
    '/auth/oauth2/token',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Token endpoint (RFC 6749): authorization_code with PKCE, refresh_token (rotating), client_credentials, device_code (RFC 8628)',
        consumes,
        body: TokenBody,
        response: { 200: TokenResponseSchema, ...oauthErrors },
      },
    },
    async (r, reply) => oauth.token(request(r, reply)),
  )

  app.post(
    '/auth/oauth2/revoke',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Revoke a refresh or access token, ending its session (RFC 7009)',
        consumes,
        body: TokenOnlyBody,
        response: { 200: Type.Object({}), ...oauthErrors },
      },
    },
    async (r) => {
      await oauth.revoke(request(r))
      return {}
    },
  )

  app.post(
    '/auth/oauth2/introspect',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Introspect a token (RFC 7662; confidential clients)',
        consumes,
        body: TokenOnlyBody,
        response: {
          200: Type.Object({
            active: Type.Boolean(),
            token_type: Type.Optional(Type.String()),
            scope: Type.Optional(Type.String()),
            client_id: Type.Optional(Type.String()),
            sub: Type.Optional(Type.String()),
            aud: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
            iss: Type.Optional(Type.String()),
            exp: Type.Optional(Type.Integer()),
            iat: Type.Optional(Type.Integer()),
            jti: Type.Optional(Type.String()),
          }),
          ...oauthErrors,
        },
      },
    },
    async (r) => oauth.introspect(request(r)),
  )
}

const Strings = Type.Array(Type.String())
export const ServerMetadata = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  jwks_uri: Type.String(),
  revocation_endpoint: Type.String(),
  introspection_endpoint: Type.String(),
  passwordless_login_code_endpoint: Type.String(),
  device_authorization_endpoint: Type.String({ description: "RFC 8628: the issuer's device authorization endpoint" }),
  scopes_supported: Strings,
  grant_types_supported: Strings,
  response_types_supported: Strings,
  token_endpoint_auth_methods_supported: Strings,
  revocation_endpoint_auth_methods_supported: Strings,
  introspection_endpoint_auth_methods_supported: Strings,
  code_challenge_methods_supported: Strings,
  id_token_signing_alg_values_supported: Strings,
  authorization_response_iss_parameter_supported: Type.Boolean(),
  ui_locales_supported: Type.Array(Type.String(), { description: 'The languages of the hosted pages (BCP 47); the authorization request picks one with ui_locales' }),
})

const CodeBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 320 }),
  client_id: Type.Optional(Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'Optional: left out, the client is the one client whose registered redirect URIs match redirect_uri (400 client_id_required when none or several do)',
  })),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2000 }),
  code_challenge: Type.Optional(Type.String({ maxLength: 256 })),
  code_challenge_method: Type.Optional(Type.String({ maxLength: 20, description: 'S256 or sha256 (= S256); plain is refused' })),
  scope: Type.Optional(Type.String({ maxLength: 2000, description: "The scopes the token should carry, within the client's; absent: the client's defaults" })),
  locale: Type.Optional(LocaleTag("The locale of an account the code signs up, and of the email when the address's account has none; absent: the Accept-Language header's first language")),
}, {
  ...component('LoginCodeRequest'),
  examples: [
    {
      email: 'ana@example.com',
      client_id: 'my-app',
      redirect_uri: 'https://app.example/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    },
  ],
})

export interface OAuthRoutesDeps {
  oauth: OAuthService
  passwordless: PasswordlessService
}

export async function oauthRoutes(parent: FastifyInstance, { oauth, passwordless }: OAuthRoutesDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  await app.register(oauth2Routes, { oauth })

  // the platform's issuer, each tenant's under its prefix (metadata.ts), and a tenant's also at the
  // RFC 8414 3.1 address (the well-known path inserted before the issuer's path)
  const metadata = {
    tags: ['oauth'],
    summary: "Authorization server metadata (RFC 8414) of the platform's issuer, or of a tenant's",
    params: scopedParams({}),
    response: { 200: ServerMetadata, 404: ErrorSchema },
  }
  registerScoped(app, (scoped) => {
    scoped.withTypeProvider<TypeBoxTypeProvider>().get('/.well-known/oauth-authorization-server', { schema: metadata }, async (r) =>
      oauth.metadata(r.params.tenantId ?? null),
    )
  })
  app.get(
    '/.well-known/oauth-authorization-server/tenants/:tenantId',
    { schema: { ...metadata, summary: "A tenant's authorization server metadata at the RFC 8414 address", params: Type.Object({ tenantId: Id }) } },
    async (r) => oauth.metadata(r.params.tenantId),
  )

  registerScoped(app, (scoped) => {
    scoped.withTypeProvider<TypeBoxTypeProvider>().post(
      '/auth/passwordlessLogin/code',
      {
        schema: {
          tags: ['login'],
          summary: 'Email a login code and link; the same answer for known and unknown addresses',
          consumes,
          params: scopedParams({}),
          body: CodeBody,
          response: { 200: SuccessMessage, ...errorResponses },
        },
      },
      async (r) => {
        await passwordless.requestCode({ ...r.body, acceptLanguage: r.headers['accept-language'] ?? null }, r.params.tenantId ?? null, r.ip)
        return { success: true as const, message: CODE_SENT_MESSAGE }
      },
    )
  })
}
