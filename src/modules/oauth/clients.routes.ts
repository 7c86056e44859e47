import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses } from '../../lib/schemas.ts'
import { clientView } from './clients.service.ts'

const ClientSchema = Type.Object({
  clientId: Type.String(),
  clientSecret: Type.Optional(Type.String({ description: 'shown once, at creation, for confidential clients' })),
  name: Type.String(),
  public: Type.Boolean(),
  redirectUris: Type.Array(Type.String()),
  grantTypes: Type.Array(Type.String()),
  scopes: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
})

const CreateClientBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  redirectUris: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: 50 }),
  public: Type.Optional(Type.Boolean()),
  grantTypes: Type.Optional(Type.Array(Type.String(), { maxItems: 10 })),
  scopes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 })),
})

const ClientParams = Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 100 }) })
const security = [{ bearer: [] }]

export async function clientRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const clients = app.services.clients

  app.post(
    '/oauth/clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'Register an OAuth client (platform admin); the secret is shown once',
        security,
        body: CreateClientBody,
        response: { 201: ClientSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { client, secret } = await clients.create(request, request.body)
      return reply.code(201).send({ ...clientView(client), ...(secret ? { clientSecret: secret } : {}) })
    },
  )

  app.get(
    '/oauth/clients',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'List OAuth clients (platform admin)',
        security,
        response: { 200: Type.Array(ClientSchema), ...errorResponses },
      },
    },
    async (request) => (await clients.list(request)).map(clientView),
  )

  app.get(
    '/oauth/clients/:clientId',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'Get an OAuth client (platform admin)',
        security,
        params: ClientParams,
        response: { 200: ClientSchema, ...errorResponses },
      },
    },
    async (request) => clientView(await clients.get(request, request.params.clientId)),
  )

  app.delete(
    '/oauth/clients/:clientId',
    {
      schema: {
        tags: ['oauth clients'],
        summary: 'Delete an OAuth client and end its sessions (platform admin)',
        security,
        params: ClientParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await clients.remove(request, request.params.clientId)
      return reply.code(204).send(null)
    },
  )
}
