import type { FastifyInstance } from 'fastify'
import type { TenantEmailsService } from './tenant-emails.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses, LocaleTag, SuccessMessage } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import { EMAIL_TYPES } from './placeholders.ts'

const Params = Type.Object({
  tenantId: Id,
  emailType: Type.Union(EMAIL_TYPES.map((t) => Type.Literal(t))),
})
const Rendered = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() })
const Query = Type.Object({
  locale: Type.Optional(
    LocaleTag("Render for a recipient with this locale: the brand's texts in it, else the whole email in one locale the brand wrote in; the platform's words for what the brand left out; absent: a recipient with none"),
  ),
})

export async function emailRoutes(parent: FastifyInstance, { tenantEmails: emails }: { tenantEmails: TenantEmailsService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const security = [{ bearer: ['tenants:admin'] }]

  app.get(
    '/tenants/:tenantId/emails/:emailType/preview',
    {
      schema: {
        tags: ['emails'],
        summary: "Render an email with the tenant's settings and sample data (tenant admins)",
        security,
        params: Params,
        querystring: Query,
        response: { 200: Rendered, ...errorResponses },
      },
    },
    async (request) => emails.preview(request.actor, request.params.tenantId, request.params.emailType, request.query.locale ?? null),
  )

  app.post(
    '/tenants/:tenantId/emails/:emailType/test',
    {
      schema: {
        tags: ['emails'],
        summary: "Send the preview to the caller's own address (tenant admins)",
        security,
        params: Params,
        querystring: Query,
        response: { 202: SuccessMessage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const type = request.params.emailType
      const to = await emails.sendTest(request.actor, request.params.tenantId, type, request.query.locale ?? null)
      return reply.code(202).send({ success: true as const, message: `A test ${type} email is on its way to ${to}.` })
    },
  )
}
