/**
 * The link in a sender confirmation email. GET only shows a button, so a mail scanner that
 * follows links does not confirm on the owner's behalf; the POST confirms.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { ErrorSchema } from '../../lib/schemas.ts'
import { escapeHtml } from './placeholders.ts'

const Token = Type.String({ minLength: 1, maxLength: 200 })
const PATH = '/email/sender-verification'

export async function senderVerificationRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  const { senderVerification } = app.services

  app.get(
    PATH,
    {
      schema: {
        tags: ['emails'],
        summary: 'The page a sender confirmation link opens: a button that confirms',
        querystring: Type.Object({ token: Token }),
        response: { 200: Type.String({ description: 'text/html' }), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8')
      return `<!doctype html><html><head><meta charset="utf-8"><title>Confirm sender address</title></head>
<body style="font-family:system-ui,sans-serif;margin:2rem"><h1>Confirm sender address</h1>
<form method="post" action="${PATH}"><input type="hidden" name="token" value="${escapeHtml(request.query.token)}">
<button type="submit">Allow mail to be sent as this address</button></form></body></html>`
    },
  )

  app.post(
    PATH,
    {
      schema: {
        tags: ['emails'],
        summary: "Confirm a tenant's sender address with the token mailed to it (JSON or form)",
        body: Type.Object({ token: Token }),
        response: {
          200: Type.Object({ success: Type.Literal(true), message: Type.String(), email: Type.String() }),
          400: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { email } = await senderVerification.confirm(request.body.token)
      return { success: true as const, message: `Mail may now be sent as ${email}.`, email }
    },
  )
}
