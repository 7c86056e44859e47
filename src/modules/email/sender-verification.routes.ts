/**
 * Confirming a sender address with the token mailed to it, for clients (JSON or form). The
 * link in the email opens a hosted page instead (pages/sender-verification.routes.ts): its
 * GET only shows a button, so a mail scanner that follows links confirms nothing.
 */
import type { FastifyInstance } from 'fastify'
import type { SenderVerification } from './sender-verification.service.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { ErrorSchema } from '../../lib/schemas.ts'

const Token = Type.String({ minLength: 1, maxLength: 200 })

export async function senderVerificationRoutes(parent: FastifyInstance, { senderVerification }: { senderVerification: SenderVerification }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/email/sender-verification',
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
