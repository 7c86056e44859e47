/**
 * The dev mailbox: without SMTP_URL (and never in production) mail stays in the outbox
 * and is shown here, newest first.
 */
import type { FastifyInstance } from 'fastify'
import type { EmailService } from './email.service.ts'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { ErrorSchema, HtmlPage, PlainText } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import { notFound } from '../../lib/errors.ts'
import { escapeHtml } from './placeholders.ts'

const MessageSummary = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  to: Type.String(),
  from: Type.String(),
  subject: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
})
const Html = { 200: HtmlPage }

export async function mailboxRoutes(parent: FastifyInstance, { email }: { email: EmailService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  // mail asked for by requests already answered is there: the service decides this process's jobs first
  const list = () => email.mailbox()

  async function load(id: number) {
    const message = await email.mailboxMessage(id)
    if (!message) throw notFound('Message')
    return message
  }

  app.get(
    '/dev/mailbox/messages',
    { schema: { tags: ['dev'], summary: 'Dev mailbox messages as JSON, newest first', response: { 200: Type.Array(MessageSummary) } } },
    async () =>
      (await list()).map((m) => ({
        id: m.id,
        type: m.type,
        to: m.to_address,
        from: `${m.from_name} <${m.from_address}>`,
        subject: m.subject,
        createdAt: m.created_at.toISOString(),
      })),
  )

  app.get('/dev/mailbox', { schema: { tags: ['dev'], summary: 'Dev mailbox page', response: Html } }, async (_request, reply) => {
    const rows = (await list())
      .map(
        (m) =>
          `<tr><td>${m.created_at.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(m.to_address)}</td>` +
          `<td>${escapeHtml(m.type)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td>` +
          `<td><a href="/dev/mailbox/${m.id}/text">text</a></td></tr>`,
      )
      .join('')
    reply.type('text/html; charset=utf-8')
    return `<!doctype html><html><head><meta charset="utf-8"><title>Trellis dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:left}</style>
</head><body><h1>Dev mailbox</h1><p>Mail is kept here because SMTP_URL is not set. Newest first.</p>
<table><thead><tr><th>Created (UTC)</th><th>To</th><th>Type</th><th>Subject</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="5">No mail yet.</td></tr>'}</tbody></table></body></html>`
  })

  const MessageParams = Type.Object({ id: Id })
  app.get(
    '/dev/mailbox/:id',
    { schema: { tags: ['dev'], summary: 'One dev mailbox message as rendered HTML', params: MessageParams, response: { ...Html, 404: ErrorSchema } } },
    async (request, reply) => {
      const message = await load(request.params.id)
      reply.type('text/html; charset=utf-8')
      return message.html
    },
  )

  app.get(
    '/dev/mailbox/:id/text',
    { schema: { tags: ['dev'], summary: 'One dev mailbox message as plain text', params: MessageParams, response: { 200: PlainText, 404: ErrorSchema } } },
    async (request, reply) => {
      const message = await load(request.params.id)
      reply.type('text/plain; charset=utf-8')
      return `From: ${message.from_name} <${message.from_address}>\nTo: ${message.to_address}\nSubject: ${message.subject}\n\n${message.text}`
    },
  )
}
