/**
 * The link in a sender confirmation email (email/sender-verification.service.ts), as a hosted
 * page in the reader's language. GET only shows a button, so a mail scanner that follows links
 * does not confirm on the owner's behalf; the button's POST confirms and says so. The JSON
 * API's `POST /email/sender-verification` (email module) stays for clients.
 */
import type { FastifyInstance } from 'fastify'
import { APP_CODE, AppError } from '../../lib/errors.ts'
import type { SenderVerification } from '../email/index.ts'
import { html } from './html.ts'
import { field, type PageContext, type PageKit } from './kit.ts'
import { message } from './views.ts'

const PATH = '/email/sender-verification'
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/
const wellFormed = (value: unknown): string => (typeof value === 'string' && TOKEN.test(value) ? value : '')

function confirmForm(ctx: PageContext, token: string) {
  const { t } = ctx
  return html`<p>${t.t('sender.intro')}</p>
<form method="post" action="${PATH}/confirm">
<input type="hidden" name="_csrf" value="${ctx.csrf}"><input type="hidden" name="token" value="${token}">
<button type="submit">${t.t('sender.confirm')}</button>
</form>`
}

export function senderVerificationRoutes(app: FastifyInstance, kit: PageKit, senderVerification: SenderVerification): void {

  app.get(PATH, { schema: { tags: ['pages'], summary: 'Page: the link of a sender confirmation email; a button that confirms' } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const token = wellFormed((request.query as Record<string, unknown>).token)
    const title = ctx.t.text('sender.title')
    if (!token) return kit.send(reply, ctx, { title, body: message(ctx.t.text('sender.invalid'), 'error'), status: 400 })
    return kit.send(reply, ctx, { title, body: confirmForm(ctx, token) })
  })

  app.post(`${PATH}/confirm`, { schema: { tags: ['pages'], summary: "Page: confirms a tenant's sender address with the mailed token (the page's form)" } }, async (request, reply) => {
    const ctx = await kit.context(request, reply)
    const title = ctx.t.text('sender.title')
    try {
      const { email } = await senderVerification.confirm(wellFormed(field(request, 'token')))
      return kit.send(reply, ctx, { title, body: message(ctx.t.text('sender.confirmed', { email }), 'ok') })
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== APP_CODE.invalid_token) throw error
      return kit.send(reply, ctx, { title, body: message(ctx.t.text('sender.invalid'), 'error'), status: 400 })
    }
  })
}
