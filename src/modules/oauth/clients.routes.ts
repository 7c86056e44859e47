import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import { type ClientsService, clientView } from './clients.service.ts'
import { GRANT_TYPES } from './client-input.ts'
import { DEVICE_GRANT } from './device-codes.ts'

const IdTokenAlg = Type.Union([Type.Literal('RS256'), Type.Literal('ES256')], {
  description: "the JWS algorithm of the client's ID tokens (OpenID Connect id_token_signed_response_alg); default RS256",
})

const ClientSchema = Type.Object({
  clientId: Type.String(),
  clientSecret: Type.Optional(Type.String({ description: 'shown once, at creation, for confidential clients' })),
  name: Type.String(),
  public: Type.Boolean(),
  redirectUris: Type.Array(Type.String()),
  grantTypes: Type.Array(Type.String()),
  scopes: Type.Array(Type.String()),
  tenantId: Nullable(Type.Integer()),
  longLivedAccessTokenSeconds: Type.Union([Type.Integer(), Type.Null()], {
    description: 'access token lifetime when a token request sends makeAccessTokenLongLasting; null: off',
  }),
  allowedOrigins: Type.Array(Type.String(), { description: 'browser origins CORS allows for this client' }),
  idTokenSignedResponseAlg: IdTokenAlg,
  machine: Type.Boolean({ description: "a machine client: its client_credentials tokens act as its brand's admin, or the platform's, would (docs/api.md \"Machine clients\")" }),
  createdAt: Type.String({ format: 'date-time' }),
}, component('OAuthClient'))

const CreateClientBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  redirectUris: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50 }),
  public: Type.Optional(Type.Boolean()),
  grantTypes: Type.Optional(Type.Array(Type.String(), {
    maxItems: 10,
    description: `the grants the client may use, each of ${GRANT_TYPES.join(', ')}; default: authorization_code (a machine client: client_credentials). A client gets the device authorization grant (RFC 8628) only with ${DEVICE_GRANT} here`,
  })),
  scopes: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'default: every scope (account, tenants:*, spaces:*, sensors:*)' }),
  ),
  tenantId: Type.Optional(Nullable(Id)),
  clientId: Type.Optional(
    Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9._~-]+$', description: 'a chosen client_id (importing an app that has one built in)', examples: ['83f34a5fa5faca9023c78980a57a87b41f6972fc4ee45e9c'] }),
  ),
  clientSecret: Type.Optional(
    Type.String({ minLength: 16, maxLength: 200, description: 'the secret a confidential app already ships with (import); otherwise generated', examples: ['the-secret-the-app-ships-with'] }),
  ),
  longLivedAccessTokenSeconds: Type.Optional(
    Type.Union([Type.Integer({ minimum: 60, maximum: 31536000 }), Type.Null()], {
      description: 'off by default; e.g. 7776000 (90 days) for an imported app that never refreshes',
    }),
  ),
  allowedOrigins: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
      maxItems: 50,
      description: 'CORS origins (https://app.example); default: the origins of the redirect URIs',
    }),
  ),
  idTokenSignedResponseAlg: Type.Optional(IdTokenAlg),
  machine: Type.Optional(
    Type.Boolean({
      description:
        "a machine client, for automation (a person makes it, for the platform or a brand): confidential, client_credentials only, no redirect URIs; default scopes: every scope but account that the maker holds",
    }),
  ),
}, component('CreateOAuthClient'))

const UpdateClientBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  redirectUris: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50 })),
  allowedOrigins: Type.Optional(
    Nullable(Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 50, description: 'CORS origins; null: the origins of the redirect URIs' })),
  ),
  scopes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 })),
  idTokenSignedResponseAlg: Type.Optional(IdTokenAlg),
}, { ...component('UpdateOAuthClient'), additionalProperties: false, description: "the tenant, kind and grants of a client never change" })

const ClientParams = Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 100 }) })
const security = [{ bearer: ['tenants:admin'] }]

export async function clientRoutes(parent: FastifyInstance, { clients }: { clients: ClientsService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/oauth/clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: "Register an OAuth client or a machine client (platform admin; a brand's admin for its own brand); the secret is shown once; clientId may be chosen by the platform (409 when taken)",
        security,
        body: CreateClientBody,
        response: { 201: ClientSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { client, secret } = await clients.create(request.actor, request.body)
      // an imported secret is not echoed back: the caller has it
      const generated = request.body.clientSecret === undefined ? secret : null
      return reply.code(201).send({ ...clientView(client), ...(generated ? { clientSecret: generated } : {}) })
    },
  )

  app.get(
    '/oauth/clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'OAuth clients as a plain array, at most 100 (platform admin)',
        security,
        response: { 200: Type.Array(ClientSchema), ...errorResponses },
      },
    },
    async (request) => (await clients.list(request.actor)).map(clientView),
  )

  app.get(
    '/v4/oauth/clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'OAuth clients, a cursor page (platform admin)',
        security,
        querystring: Type.Object(PageQuerySchema),
        response: { 200: pageSchema(ClientSchema), ...errorResponses },
      },
    },
    async (request) => clients.page(request.actor, request.query),
  )

  app.get(
    '/tenants/:tenantId/oauth/clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: "A tenant's OAuth clients as a plain array, at most 100 (a brand's admins for their brand; platform admin)",
        security,
        params: Type.Object({ tenantId: Id }),
        response: { 200: Type.Array(ClientSchema), ...errorResponses },
      },
    },
    async (request) => (await clients.ofTenant(request.actor, request.params.tenantId)).map(clientView),
  )

  app.get(
    '/oauth/clients/:clientId',
    {
      schema: {
        tags: ['oauth clients'],
        summary: "Get an OAuth client (platform admin; a brand's admin for its own brand's)",
        security,
        params: ClientParams,
        response: { 200: ClientSchema, ...errorResponses },
      },
    },
    async (request) => clientView(await clients.get(request.actor, request.params.clientId)),
  )

  app.patch(
    '/oauth/clients/:clientId',
    {
      schema: {
        tags: ['oauth clients'],
        summary: "Change an OAuth client's name, redirect URIs, CORS origins or scopes (platform admin; a brand's admin for its own brand's)",
        security,
        params: ClientParams,
        body: UpdateClientBody,
        response: { 200: ClientSchema, ...errorResponses },
      },
    },
    async (request) => clientView(await clients.update(request.actor, request.params.clientId, request.body)),
  )

  app.post(
    '/oauth/clients/:clientId/secret',
    {
      schema: {
        tags: ['oauth clients'],
        summary: "Give a confidential client a new secret, shown once; the old one is refused within seconds (platform admin; a brand's admin for its own brand's)",
        security,
        params: ClientParams,
        response: { 200: Type.Object({ clientId: Type.String(), clientSecret: Type.String() }), ...errorResponses },
      },
    },
    async (request) => ({ clientId: request.params.clientId, clientSecret: await clients.rotateSecret(request.actor, request.params.clientId) }),
  )

  app.delete(
    '/oauth/clients/:clientId',
    {
      schema: {
        tags: ['oauth clients'],
        summary: "Delete an OAuth client and end its sessions (platform admin; a brand's admin for its own brand's)",
        security,
        params: ClientParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await clients.remove(request.actor, request.params.clientId)
      return reply.code(204).send(null)
    },
  )
}
