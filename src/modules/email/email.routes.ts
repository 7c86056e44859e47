import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { errorResponses, SuccessMessage } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import { requireTenantRole } from '../../plugins/auth.ts'
import { EMAIL_TYPES, type EmailType } from './placeholders.ts'

const Params = Type.Object({
  tenantId: Id,
  emailType: Type.Union(EMAIL_TYPES.map((t) => Type.Literal(t))),
})
const Rendered = Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() })

/** Sample values, so a preview shows every placeholder filled. */
export function sampleData(type: EmailType, publicUrl: string): Record<string, string> {
  switch (type) {
    case 'passwordReset':
      return { resetToken: 'sample-reset-token', resetTokenExp: '21st November 2026, 15:00:00 UTC' }
    case 'emailConfirmation':
      return { emailConfirmationToken: 'sample-confirmation-token' }
    case 'passwordlessLogin':
      return { loginCode: 'ABCDE-12345', loginLink: `${publicUrl}/callback?code=ABCDE-12345` }
    case 'passwordResetSuccess':
    case 'accountExists':
      return {}
  }
}

export async function emailRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const { db, services } = app
  const security = [{ bearer: [] }]

  async function preview(request: Parameters<typeof requireTenantRole>[1], tenantId: number, type: EmailType) {
    const { user } = await requireTenantRole(db, request, tenantId, 'admin')
    const tenant = await services.tenants.load(tenantId)
    const to = { email: user.email, username: user.username, displayName: user.display_name }
    return { user, tenant, to, rendered: await services.email.render(type, tenant, true, to, sampleData(type, app.config.publicUrl)) }
  }

  app.get(
    '/tenants/:tenantId/emails/:emailType/preview',
    {
      schema: {
        tags: ['emails'],
        summary: "Render an email with the tenant's settings and sample data (tenant admins)",
        security,
        params: Params,
        response: { 200: Rendered, ...errorResponses },
      },
    },
    async (request) => (await preview(request, request.params.tenantId, request.params.emailType)).rendered,
  )

  app.post(
    '/tenants/:tenantId/emails/:emailType/test',
    {
      schema: {
        tags: ['emails'],
        summary: "Send the preview to the caller's own address (tenant admins)",
        security,
        params: Params,
        response: { 202: SuccessMessage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tenant, to } = await preview(request, request.params.tenantId, request.params.emailType)
      const type = request.params.emailType
      await services.email.send(db, { type, to, tenantId: tenant.id, customTexts: true, data: sampleData(type, app.config.publicUrl) })
      services.email.wake()
      return reply.code(202).send({ success: true as const, message: `A test ${type} email is on its way to ${to.email}.` })
    },
  )
}
