/**
 * The device authorization endpoint (RFC 8628 3.1), at the platform's issuer and under each
 * tenant's: answers in RFC 6749's error shape like the token endpoint. The rules live in
 * DeviceService (the threats: device-codes.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, OAuthErrorSchema } from '../../lib/schemas.ts'
import { registerScoped, scopedParams } from '../../lib/scope.ts'
import type { DeviceService } from './device.service.ts'
import { consumes, oauthErrors, oauthReplies } from './oauth-replies.ts'

const DeviceAuthorizationBody = Type.Object(
  {
    client_id: Type.Optional(Type.String({ description: 'The client; or its Basic credentials (client_secret_basic)' })),
    client_secret: Type.Optional(Type.String({ description: 'client_secret_post, for a confidential client' })),
    scope: Type.Optional(Type.String({ description: "The scopes the tokens should carry, within the client's; absent: the client's defaults" })),
  },
  { ...component('DeviceAuthorizationRequest'), description: 'Unknown parameters are ignored.', examples: [{ client_id: 'my-tv-app', scope: 'openid sensors:read' }] },
)

const DeviceAuthorizationResponse = Type.Object(
  {
    device_code: Type.String({ description: 'The device polls the token endpoint with it (grant_type urn:ietf:params:oauth:grant-type:device_code)' }),
    user_code: Type.String({ description: 'What the person types on the verification page: 8 letters shown as XXXX-XXXX' }),
    verification_uri: Type.String({ description: "The issuer's hosted page where the person types the user code" }),
    verification_uri_complete: Type.String({ description: 'The same page with the user code filled in (for a QR code)' }),
    expires_in: Type.Integer({ description: 'Seconds the codes live' }),
    interval: Type.Integer({ description: 'Least seconds between two polls' }),
  },
  component('DeviceAuthorizationResponse'),
)

async function routes(parent: FastifyInstance, { device }: { device: DeviceService }): Promise<void> {
  oauthReplies(parent)
  registerScoped(parent, (scoped) => {
    scoped.withTypeProvider<TypeBoxTypeProvider>().post(
      '/auth/oauth2/device_authorization',
      {
        schema: {
          tags: ['oauth'],
          summary: 'Device authorization endpoint (RFC 8628): a device code to poll with and a user code for the person to enter',
          consumes,
          params: scopedParams({}),
          body: DeviceAuthorizationBody,
          response: { 200: DeviceAuthorizationResponse, ...oauthErrors, 404: OAuthErrorSchema },
        },
      },
      async (r) => device.authorize({ body: r.body, authorization: r.headers.authorization, ip: r.ip }, r.params.tenantId ?? null),
    )
  })
}

export async function deviceRoutes(app: FastifyInstance, deps: { device: DeviceService }): Promise<void> {
  await app.register(routes, deps)
}
