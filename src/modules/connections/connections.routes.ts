/** The admin API of upstream connections: `/v4/connections` (the platform's) and `/tenants/{tenantId}/v4/connections` (a brand's). */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import type { ConnectionsService, ConnectionView } from './connections.service.ts'

const tags = ['connections']
const security = [{ bearer: ['tenants:admin'] }]
const Time = Type.String({ format: 'date-time' })
const Kind = Type.Union([Type.Literal('oidc'), Type.Literal('google'), Type.Literal('apple')])

const Connection = Type.Object(
  {
    id: Type.Integer(),
    tenantId: Nullable(Type.Integer({ description: "the brand offering it; null: the platform's, offered at every brand" })),
    kind: Kind,
    name: Type.String({ description: 'shown on the sign-in button ("Continue with <name>")' }),
    issuer: Type.String(),
    clientId: Type.String(),
    hasSecret: Type.Boolean({ description: 'a client secret (oidc, google) or private key (apple) is stored, sealed; it is never returned' }),
    teamId: Nullable(Type.String()),
    keyId: Nullable(Type.String()),
    scopes: Type.Array(Type.String()),
    appIds: Type.Array(Type.String(), { description: "native apps' client ids accepted as the audience at the token exchange" }),
    enabled: Type.Boolean(),
    redirectUri: Type.String({ description: 'the redirect URI to register at the provider' }),
    createdAt: Time,
    updatedAt: Time,
  },
  component('UpstreamConnection'),
)
const Text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) })
const Fields = {
  name: Type.Optional(Text(60, 'the provider as people know it; default: Google, Apple, OpenID')),
  issuer: Type.Optional(Text(500, 'oidc: required (https; discovery at <issuer>/.well-known/openid-configuration); google and apple: their own unless given')),
  clientId: Text(500, "the client id at the provider (Apple: the Services ID)"),
  clientSecret: Type.Optional(Text(2000, 'oidc and google: required; stored sealed, never shown again')),
  teamId: Type.Optional(Text(20, 'apple: the Apple Developer team id')),
  keyId: Type.Optional(Text(20, 'apple: the id of the Sign in with Apple key')),
  privateKey: Type.Optional(Text(4000, 'apple: the key (.p8 file, PKCS#8 PEM); stored sealed, never shown again')),
  scopes: Type.Optional(Type.Array(Type.String({ pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,100}$' }), { maxItems: 20, description: 'openid is always asked for' })),
  appIds: Type.Optional(Type.Array(Text(500), { maxItems: 20, description: "native apps' client ids (an iOS bundle id, an Android or iOS client id at Google) accepted as an ID token's audience at the token exchange, besides clientId" })),
  enabled: Type.Optional(Type.Boolean()),
}
export const Create = Type.Object({ kind: Kind, ...Fields })
const { clientId, ...optional } = Fields
const Change = Type.Object({ ...optional, clientId: Type.Optional(clientId) }, { minProperties: 1 })
const Params = scopedParams({ connectionId: Id })
const TenantParams = scopedParams({})
const TestResult = Type.Object({
  ok: Type.Boolean(),
  problem: Type.Optional(Type.String({ description: 'what failed, when ok is false' })),
  issuer: Type.Optional(Type.String()),
  authorizationEndpoint: Type.Optional(Type.String()),
  tokenEndpoint: Type.Optional(Type.String()),
  keys: Type.Optional(Type.Integer({ description: 'how many keys the JWKS has' })),
})

const json = (c: ConnectionView) => ({ ...c, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() })
const owner = (params: { tenantId?: number }) => params.tenantId ?? null
const scopeNote = "Without the /tenants/{tenantId} prefix: the platform's connections, offered at every brand (platform administrators). With it: the brand's own (its admins; a tenant that is not a brand gets 403 not_a_brand)."

export async function connectionRoutes(parent: FastifyInstance, { connections }: { connections: ConnectionsService }): Promise<void> {
  registerScoped(parent, (child) => {
    const app = child.withTypeProvider<TypeBoxTypeProvider>()
    app.get(
      '/v4/connections',
      { schema: { tags, summary: 'Upstream sign-in providers (Sign in with Apple, Google, any OpenID provider)', description: scopeNote, security, params: TenantParams, response: { 200: Type.Object({ connections: Type.Array(Connection) }), ...errorResponses } } },
      async (r) => ({ connections: (await connections.list(r.actor, owner(r.params))).map(json) }),
    )
    app.post(
      '/v4/connections',
      { schema: { tags, summary: 'Add an upstream sign-in provider', description: `${scopeNote} Secrets are sealed at rest and never returned.`, security, params: TenantParams, body: Create, response: { 201: Connection, ...errorResponses } } },
      async (r, reply) => reply.code(201).send(json(await connections.create(r.actor, owner(r.params), r.body))),
    )
    app.get(
      '/v4/connections/:connectionId',
      { schema: { tags, summary: 'An upstream sign-in provider', security, params: Params, response: { 200: Connection, ...errorResponses } } },
      async (r) => json(await connections.get(r.actor, owner(r.params), r.params.connectionId)),
    )
    app.patch(
      '/v4/connections/:connectionId',
      { schema: { tags, summary: 'Change an upstream sign-in provider (a new secret or key replaces the stored one)', security, params: Params, body: Change, response: { 200: Connection, ...errorResponses } } },
      async (r) => json(await connections.update(r.actor, owner(r.params), r.params.connectionId, r.body)),
    )
    app.delete(
      '/v4/connections/:connectionId',
      { schema: { tags, summary: 'Delete an upstream sign-in provider (the identities linked through it go with it)', security, params: Params, response: { 204: Type.Null(), ...errorResponses } } },
      async (r, reply) => {
        await connections.remove(r.actor, owner(r.params), r.params.connectionId)
        return reply.code(204).send(null)
      },
    )
    app.post(
      '/v4/connections/:connectionId/test',
      { schema: { tags, summary: 'Test this connection: fetch the discovery document and the keys now (Apple: sign a client secret)', security, params: Params, response: { 200: TestResult, ...errorResponses } } },
      async (r) => connections.test(r.actor, owner(r.params), r.params.connectionId),
    )
  })
}
