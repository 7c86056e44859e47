/** OpenID Connect: discovery and userinfo (the ID token itself comes from the token endpoint). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { ErrorSchema, errorResponses } from '../../lib/schemas.ts'
import { registerScoped, scopedParams } from '../../lib/scope.ts'
import { ServerMetadata } from './oauth.routes.ts'
import type { FastifyRequest } from 'fastify'
import { claimsFor } from './oidc.ts'
import type { OAuthService } from './oauth.service.ts'
import type { Policy } from '../tenancy/index.ts'

const Strings = Type.Array(Type.String())
const Discovery = Type.Object({
  ...ServerMetadata.properties,
  userinfo_endpoint: Type.String(),
  end_session_endpoint: Type.String(),
  response_modes_supported: Strings,
  prompt_values_supported: Strings,
  subject_types_supported: Strings,
  claims_supported: Strings,
})

// sub always; the rest as the token's scopes reveal them (oidc.ts claimsFor)
const UserInfo = Type.Object({
  sub: Type.String(),
  email: Type.Optional(Type.String()),
  email_verified: Type.Optional(Type.Boolean()),
  name: Type.Optional(Type.String()),
  preferred_username: Type.Optional(Type.String()),
})

export interface OidcRoutesDeps {
  oauth: OAuthService
  policy: Policy
}

export async function oidcRoutes(parent: FastifyInstance, { oauth, policy }: OidcRoutesDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  registerScoped(app, (scoped) => {
    scoped.withTypeProvider<TypeBoxTypeProvider>().get(
      '/.well-known/openid-configuration',
      {
        schema: {
          tags: ['oauth'],
          summary: "OpenID Connect discovery document of the platform's issuer, or of a tenant's ($PUBLIC_URL/tenants/{tenantId})",
          params: scopedParams({}),
          response: { 200: Discovery, 404: ErrorSchema },
        },
      },
      async (r) => oauth.openidConfiguration(r.params.tenantId ?? null),
    )
  })

  const userinfo = {
    schema: {
      tags: ['oauth'],
      summary: 'OpenID Connect userinfo: claims of the user the access token belongs to (openid scope, its claims by email and profile; or account scope: all)',
      security: [{ bearer: ['account'] }, { bearer: ['openid'] }],
      response: { 200: UserInfo, ...errorResponses },
    },
  }
  const handler = async (request: FastifyRequest) => {
    const user = await policy.identity(request.actor)
    return claimsFor(user, request.actor.kind === 'user' ? request.actor.scopes : new Set<string>())
  }
  app.get('/userinfo', userinfo, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return handler(request)
  })
  app.post('/userinfo', userinfo, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return handler(request)
  })
}
