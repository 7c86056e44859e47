import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id, registerScoped, scopedParams } from '../../lib/scope.ts'
import { type AlgorithmsService, algorithmView, spaceAlgorithmView } from './algorithms.service.ts'
import { type SpacesService, spaceView } from './spaces.service.ts'

const read = [{ bearer: ['spaces:read'] }]
const write = [{ bearer: ['spaces:write'] }]

const SpaceSchema = Type.Object({
  id: Type.Integer(),
  tenantId: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
}, component('Space'))
const SpaceFields = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  parentId: Type.Optional(Nullable(Id)),
}
const CreateSpaceBody = Type.Object({
  tenantId: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  ...SpaceFields,
}, component('CreateSpace'))
const UpdateSpaceBody = Type.Object(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), ...SpaceFields },
  component('UpdateSpace'),
)

const KeyName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' })
const AlgorithmSchema = Type.Object({
  keyName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  optionsSchema: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
}, component('Algorithm'))
const SpaceAlgorithmSchema = Type.Object({
  keyName: Type.String(),
  spaceId: Type.Integer(),
  tenantId: Type.Integer(),
  options: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
}, component('SpaceAlgorithm'))

export async function algorithmRoutes(parent: FastifyInstance, { algorithms }: { algorithms: AlgorithmsService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/algorithms',
    {
      schema: {
        tags: ['algorithms'],
        summary: 'Register an algorithm definition (platform admin)',
        security: write,
        body: Type.Object({
          keyName: KeyName,
          name: Type.String({ minLength: 1, maxLength: 200 }),
          description: Type.Optional(Type.String({ maxLength: 2000 })),
          optionsSchema: Type.Record(Type.String(), Type.Unknown(), { description: 'JSON Schema of the options object' }),
        }),
        response: { 201: AlgorithmSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(algorithmView(await algorithms.register(request.actor, request.body))),
  )

  app.get(
    '/algorithms',
    { schema: { tags: ['algorithms'], summary: 'Algorithm definitions as a plain array, at most 100', security: read, response: { 200: Type.Array(AlgorithmSchema), ...errorResponses } } },
    async (request) => (await algorithms.list(request.actor)).map(algorithmView),
  )

  app.get(
    '/v4/algorithms',
    {
      schema: {
        tags: ['algorithms'],
        summary: 'Algorithm definitions, a cursor page (registration order)',
        security: read,
        querystring: Type.Object(PageQuerySchema),
        response: { 200: pageSchema(AlgorithmSchema), ...errorResponses },
      },
    },
    async (request) => algorithms.page(request.actor, request.query),
  )

  app.get(
    '/algorithms/:keyName',
    {
      schema: {
        tags: ['algorithms'],
        summary: 'Get an algorithm definition',
        security: read,
        params: Type.Object({ keyName: KeyName }),
        response: { 200: AlgorithmSchema, ...errorResponses },
      },
    },
    async (request) => algorithmView(await algorithms.get(request.actor, request.params.keyName)),
  )
}

export interface SpaceRoutesDeps {
  spaces: SpacesService
  algorithms: AlgorithmsService
}

function scopedSpaceRoutes(parent: FastifyInstance, { spaces, algorithms }: SpaceRoutesDeps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const SpaceParams = scopedParams({ spaceId: Id })
  const AlgorithmParams = scopedParams({ spaceId: Id, keyName: KeyName })

  app.post(
    '/spaces',
    {
      schema: {
        tags: ['spaces'],
        summary: 'Create a space (tenant admins); tenantId comes from the prefix or the body',
        security: write,
        params: scopedParams({}),
        body: CreateSpaceBody,
        response: { 201: SpaceSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const space = await spaces.create(request.actor, request.params.tenantId ?? request.body.tenantId, request.body)
      return reply.code(201).send(spaceView(space))
    },
  )

  app.get(
    '/spaces',
    {
      schema: {
        tags: ['spaces'],
        summary: 'Spaces as a plain array (at most 100)',
        security: read,
        params: scopedParams({}),
        querystring: Type.Object({ parentId: Type.Optional(Id) }),
        response: { 200: Type.Array(SpaceSchema), ...errorResponses },
      },
    },
    async (request) => (await spaces.list(request.actor, request.params.tenantId, request.query.parentId)).map(spaceView),
  )

  app.get(
    '/v4/spaces',
    {
      schema: {
        tags: ['spaces'],
        summary: 'Spaces, a cursor page',
        security: read,
        params: scopedParams({}),
        querystring: Type.Object({ ...PageQuerySchema, parentId: Type.Optional(Id) }),
        response: { 200: pageSchema(SpaceSchema), ...errorResponses },
      },
    },
    async (request) => spaces.page(request.actor, request.params.tenantId, request.query),
  )

  app.get(
    '/spaces/:spaceId',
    { schema: { tags: ['spaces'], summary: 'Get a space', security: read, params: SpaceParams, response: { 200: SpaceSchema, ...errorResponses } } },
    async (request) => spaceView(await spaces.access(request.actor, request.params.spaceId, request.params.tenantId)),
  )

  app.patch(
    '/spaces/:spaceId',
    {
      schema: {
        tags: ['spaces'],
        summary: 'Update a space (tenant admins)',
        security: write,
        params: SpaceParams,
        body: UpdateSpaceBody,
        response: { 200: SpaceSchema, ...errorResponses },
      },
    },
    async (request) => spaceView(await spaces.update(request.actor, request.params.spaceId, request.params.tenantId, request.body)),
  )

  app.delete(
    '/spaces/:spaceId',
    {
      schema: {
        tags: ['spaces'],
        summary: 'Delete a space; 409 when it has children or sensors, unless cascade=true',
        security: write,
        params: SpaceParams,
        querystring: Type.Object({ cascade: Type.Optional(Type.Boolean()) }),
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await spaces.remove(request.actor, request.params.spaceId, request.params.tenantId, request.query.cascade ?? false)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/spaces/:spaceId/algorithms',
    {
      schema: {
        tags: ['algorithms'],
        summary: 'The algorithms added to a space',
        security: read,
        params: SpaceParams,
        response: { 200: Type.Array(SpaceAlgorithmSchema), ...errorResponses },
      },
    },
    async (request) => (await algorithms.listForSpace(request.actor, request.params.spaceId, request.params.tenantId)).map(spaceAlgorithmView),
  )

  app.get(
    '/spaces/:spaceId/algorithms/key/:keyName',
    {
      schema: {
        tags: ['algorithms'],
        summary: "A space's algorithm by keyName; 404 when not added",
        security: read,
        params: AlgorithmParams,
        response: { 200: SpaceAlgorithmSchema, ...errorResponses },
      },
    },
    async (request) =>
      spaceAlgorithmView(await algorithms.getForSpace(request.actor, request.params.spaceId, request.params.tenantId, request.params.keyName)),
  )

  app.post(
    '/spaces/:spaceId/algorithms/key/:keyName',
    {
      schema: {
        tags: ['algorithms'],
        summary: "Add an algorithm to a space, or replace its options (the body is the options object)",
        security: write,
        params: AlgorithmParams,
        body: Type.Record(Type.String(), Type.Unknown()),
        response: { 200: SpaceAlgorithmSchema, 201: SpaceAlgorithmSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { algorithm, created } = await algorithms.put(
        request.actor,
        request.params.spaceId,
        request.params.tenantId,
        request.params.keyName,
        request.body,
      )
      return reply.code(created ? 201 : 200).send(spaceAlgorithmView(algorithm))
    },
  )

  app.delete(
    '/spaces/:spaceId/algorithms/key/:keyName',
    {
      schema: {
        tags: ['algorithms'],
        summary: 'Remove an algorithm from a space (tenant admins)',
        security: write,
        params: AlgorithmParams,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await algorithms.removeFromSpace(request.actor, request.params.spaceId, request.params.tenantId, request.params.keyName)
      return reply.code(204).send(null)
    },
  )
}

export async function spaceRoutes(app: FastifyInstance, deps: SpaceRoutesDeps): Promise<void> {
  registerScoped(app, (scoped) => scopedSpaceRoutes(scoped, deps))
}
