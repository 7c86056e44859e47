/**
 * Emails in the console: per type, the texts (saved with TenantsService.update, which
 * checks every placeholder, exactly as PATCH /tenants/{id} does), a preview rendered by
 * TenantEmailsService (admins, as the preview API), and a test sent to the admin's own
 * address. The unsaved form previews too: the script posts it as it is typed; without the
 * script, "Preview without saving" posts it into the frame.
 *
 * The rendered email is shown in a sandboxed frame, served with a policy of its own: the
 * email's inline styles apply there and nowhere else, it runs no script, submits no form,
 * and only the console (same origin) may frame it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Type from 'typebox'
import type { EmailTypeTexts } from '../../../db/database.ts'
import { Id } from '../../../lib/scope.ts'
import { CUSTOMISABLE_TYPES, EMAIL_TYPES, type EmailType } from '../../email/index.ts'
import { isBrand, UpdateTenantBody } from '../../tenancy/index.ts'
import { field } from '../kit.ts'
import { cspSource } from '../security.ts'
import { checked, refusalOf, type Console, type ConsoleKit, type ConsolePage, type Notes } from './console-kit.ts'
import { emailEditor, emailList, TEXT_FIELDS, TYPE_NAMES } from './email-views.ts'

const TypeParam = { emailType: Type.Union(EMAIL_TYPES.map((t) => Type.Literal(t))) }
const Params = Type.Object({ tenantId: Id, ...TypeParam })
const typeOf = (request: FastifyRequest) => (request.params as { emailType: EmailType }).emailType
const editable = (type: EmailType) => (CUSTOMISABLE_TYPES as readonly string[]).includes(type)

/** The form's texts; an empty field is absent (the default applies). */
function draftOf(request: FastifyRequest): EmailTypeTexts {
  const texts: EmailTypeTexts = {}
  for (const { key } of TEXT_FIELDS) {
    const value = field(request, key)
    if (value.trim()) texts[key] = value.slice(0, 5000)
  }
  return texts
}

function framed(reply: FastifyReply, htmlPart: string, logoUrl: string | null): FastifyReply {
  const images = ["'self'", 'https:', 'data:', cspSource(logoUrl)].filter(Boolean).join(' ')
  return reply
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; img-src ${images}; font-src data:; form-action 'none'; frame-ancestors 'self'; base-uri 'none'; sandbox`)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(htmlPart)
}

async function editor(app: FastifyInstance, c: Console, type: EmailType, n: Notes, sent?: EmailTypeTexts): Promise<ConsolePage> {
  const saved = c.tenant.email_config.emailTypeConfig?.[type as keyof NonNullable<typeof c.tenant.email_config.emailTypeConfig>] ?? {}
  const texts = sent ?? saved
  const draft = c.admin ? await app.services.tenantEmails.previewDraft(c.actor, c.tenant.id, type, texts) : null
  const rendered = draft ? { subject: draft.rendered.subject, text: draft.rendered.text } : { subject: '(the preview needs the admin role)', text: '' }
  const body = emailEditor(c, { type, texts, editable: editable(type), brand: isBrand(c.tenant), rendered, problems: draft?.problems ?? [] }, n)
  return { title: `${TYPE_NAMES[type]} email`, section: 'emails', body, scripts: ['/console/console.js'] }
}

export function emailRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const { tenantEmails, tenants } = app.services
  ck.get('/emails', 'the emails and their types', async (c) => ({ title: 'Emails', section: 'emails', body: emailList(c, EMAIL_TYPES, editable) }))
  ck.get('/emails/:emailType', "one email's texts with a live preview", (c, request) => editor(app, c, typeOf(request), {}), TypeParam)

  ck.post(
    '/emails/:emailType',
    "save one email's texts (unknown placeholders are refused, naming them)",
    async (c, request) => {
      const type = typeOf(request)
      const draft = draftOf(request)
      const texts = Object.fromEntries(TEXT_FIELDS.map(({ key }) => [key, draft[key] ?? null]))
      const input = checked(UpdateTenantBody, { emailConfig: { emailTypeConfig: { [type]: texts } } })
      try {
        c.tenant = await tenants.update(c.actor, c.tenant.id, input)
      } catch (error) {
        const refusal = refusalOf(error)
        if (!refusal) throw error
        return { ...(await editor(app, c, type, { error: refusal.error }, draft)), status: refusal.status }
      }
      return editor(app, c, type, { notice: `Saved: the ${TYPE_NAMES[type].toLowerCase()} email goes out with these texts from now on.` })
    },
    (c, request, n) => editor(app, c, typeOf(request), n),
    TypeParam,
  )

  ck.post(
    '/emails/:emailType/test',
    "send the saved email to the admin's own address",
    async (c, request) => `A test email is on its way to ${await tenantEmails.sendTest(c.actor, c.tenant.id, typeOf(request))}.`,
    (c, request, n) => editor(app, c, typeOf(request), n),
    TypeParam,
  )

  app.get('/console/tenants/:tenantId/emails/:emailType/preview', { schema: { tags: ['pages'], summary: 'Console: the saved email as HTML, for the preview frame', params: Params } }, async (request, reply) => {
    const c = await ck.open(request, reply)
    const rendered = await tenantEmails.preview(c.actor, c.tenant.id, typeOf(request))
    return framed(reply, rendered.html, c.tenant.logo_url)
  })

  app.post('/console/tenants/:tenantId/emails/:emailType/preview', { schema: { tags: ['pages'], summary: 'Console: the unsaved form rendered as HTML into the preview frame; nothing is saved', params: Params } }, async (request, reply) => {
    ck.kit.checkCsrf(request)
    const c = await ck.open(request, reply)
    const { rendered } = await tenantEmails.previewDraft(c.actor, c.tenant.id, typeOf(request), draftOf(request))
    return framed(reply, rendered.html, c.tenant.logo_url)
  })

  app.post('/console/tenants/:tenantId/emails/:emailType/draft', { schema: { tags: ['pages'], summary: "Console: the unsaved form's subject, text and problems (JSON for the live preview); nothing is saved", params: Params } }, async (request, reply) => {
    ck.kit.checkCsrf(request)
    const c = await ck.open(request, reply)
    const { rendered, problems } = await tenantEmails.previewDraft(c.actor, c.tenant.id, typeOf(request), draftOf(request))
    return reply.header('cache-control', 'no-store').send({ subject: rendered.subject, text: rendered.text, problems })
  })
}
