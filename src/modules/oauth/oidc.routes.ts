/** OpenID Connect: discovery and userinfo (the ID token itself comes from the token endpoint). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses } from '../../lib/schemas.ts'
import type { FastifyRequest } from 'fastify'
import { userClaims } from './oidc.ts'

const Strings = Type.Array(Type.String())
const Discovery = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  userinfo_endpoint: Type.String(),
  jwks_uri: Type.String(),
  end_session_endpoint: Type.String(),
  revocation_endpoint: Type.String(),
  introspection_endpoint: Type.String(),
  scopes_supported: Strings,
  response_types_supported: Strings,
  response_modes_supported: Strings,
  grant_types_supported: Strings,
  subject_types_supported: Strings,
  id_token_signing_alg_values_supported: Strings,
  token_endpoint_auth_methods_supported: Strings,
  code_challenge_methods_supported: Strings,
  claims_supported: Strings,
  authorization_response_iss_parameter_supported: Type.Boolean(),
})

const UserInfo = Type.Object({
  sub: Type.String(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  name: Type.String(),
  preferred_username: Type.String(),
})

export async function oidcRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/.well-known/openid-configuration',
    { schema: { tags: ['oauth'], summary: 'OpenID Connect discovery document', response: { 200: Discovery } } },
    async () => app.services.oauth.openidConfiguration(),
  )

  const userinfo = {
    schema: {
      tags: ['oauth'],
      summary: 'OpenID Connect userinfo: claims of the user the access token belongs to (account scope)',
      security: [{ bearer: ['account'] }],
      response: { 200: UserInfo, ...errorResponses },
    },
  }
  const handler = async (request: FastifyRequest) => userClaims(await app.services.policy.person(request.actor, 'account.read'))
  app.get('/userinfo', userinfo, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return handler(request)
  })
  app.post('/userinfo', userinfo, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return handler(request)
  })
}
