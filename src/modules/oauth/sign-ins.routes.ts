import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses, Nullable, pageSchema, PageQuerySchema } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import type { SignInLog } from './sign-ins.service.ts'
import { SIGN_IN_OUTCOMES } from './sign-in-outcomes.ts'

export const SignInSchema = Type.Object(
  {
    id: Type.Integer(),
    at: Type.String({ format: 'date-time' }),
    outcome: Type.String({
      examples: [...SIGN_IN_OUTCOMES],
      description:
        'code_sent; held_back (a limit kept the code from going: `detail` says which); not_signed_up (no account there and the tenant signs nobody up); code_wrong; code_expired; code_reused (a code presented again); signed_in; refreshed; refused_blocked (the person is blocked)',
    }),
    detail: Nullable(Type.String({ description: 'for held_back, the limit: per_sender, per_address_network, per_address or per_address_known_network' })),
    email: Nullable(Type.String({ description: 'the address the attempt named; null when a code matched none' })),
    userId: Nullable(Type.Integer()),
    clientId: Nullable(Type.String({ description: 'the app' })),
    network: Nullable(Type.String({ description: 'an IPv4 /24 or an IPv6 /48, never the whole address' })),
    tenantId: Nullable(Type.Integer({ description: "the account's tenant; null for a platform account" })),
  },
  component('SignIn'),
)

const PageQuery = Type.Object({ ...PageQuerySchema, email: Type.Optional(Type.String({ maxLength: 320, description: 'rows whose address starts with this' })) })
const admin = [{ bearer: ['tenants:admin'] }]
const tags = ['sign-ins']

/** The sign-in log under /v4/: cursor pages, newest first (sign-ins.service.ts). */
export async function signInRoutes(parent: FastifyInstance, { signIns }: { signIns: SignInLog }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  app.get(
    '/tenants/:tenantId/v4/sign-ins',
    {
      schema: {
        tags,
        summary: "A brand's sign-in log, newest first, a cursor page (its admins and owners; the platform)",
        security: admin,
        params: Type.Object({ tenantId: Id }),
        querystring: PageQuery,
        response: { 200: pageSchema(SignInSchema), ...errorResponses },
      },
    },
    async (request) => signIns.forTenant(request.actor, request.params.tenantId, request.query),
  )
  app.get(
    '/v4/sign-ins',
    {
      schema: { tags, summary: 'Every sign-in attempt, newest first, a cursor page (platform administrators)', security: admin, querystring: PageQuery, response: { 200: pageSchema(SignInSchema), ...errorResponses } },
    },
    async (request) => signIns.all(request.actor, request.query),
  )
}
