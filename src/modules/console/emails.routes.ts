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
import type { EmailTypeTexts } from '../../db/database.ts'
import { AppError } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { CUSTOMISABLE_TYPES, EMAIL_TYPES, sentInLocale, type EmailType } from '../email/index.ts'
import { isBrand, UpdateTenantBody, type CustomisableType } from '../tenancy/index.ts'
import { emailPreviewHeaders, field } from '../pages/index.ts'
import { checked, refusalOf, type Console, type ConsoleKit, type ConsoleServices, type ConsolePage, type Notes } from './console-kit.ts'
import { defaultLocaleOf, EDITOR_LOCALES, localeOf, withLocale } from './email-locales.ts'
import { emailEditor, emailList, TEXT_FIELDS, typeName } from './emails.views.ts'
import { unlessForbidden, whoIn } from './console-reads.ts'

const TypeParam = { emailType: Type.Union(EMAIL_TYPES.map((t) => Type.Literal(t))) }
const Params = Type.Object({ tenantId: Id, ...TypeParam })
const LocaleQuery = Type.Object({ locale: Type.Optional(Type.Union(EDITOR_LOCALES.map((l) => Type.Literal(l)), { description: "the language; the brand's default when absent" })) })
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

const KEYS = TEXT_FIELDS.map(({ key }) => key)
const savedOf = (c: Console, type: EmailType): EmailTypeTexts => c.tenant.email_config.emailTypeConfig?.[type as CustomisableType] ?? {}
/** The saved texts with the form's for its locale: what saving the form would store. */
const draftIn = (c: Console, request: FastifyRequest, type: EmailType, locale: string) => withLocale(KEYS, savedOf(c, type), draftOf(request), locale, defaultLocaleOf(c.tenant))

/** The saved versions, newest first, a page at a time (`?versions=` is the cursor of older ones). */
async function versionsOf(s: ConsoleServices, c: Console, request: FastifyRequest) {
  const q = request.query as Record<string, unknown> | undefined
  const after = typeof q?.versions === 'string' ? q.versions.slice(0, 400) : ''
  return unlessForbidden(() => s.settingsHistory.page(c.actor, c.tenant.id, { limit: 10, ...(after ? { after } : {}) }))
}

async function editor(s: ConsoleServices, c: Console, request: FastifyRequest, n: Notes, sent?: EmailTypeTexts): Promise<ConsolePage> {
  const type = typeOf(request)
  const locale = localeOf(request, c.tenant)
  const texts = sent ?? savedOf(c, type)
  const draft = c.admin ? await s.tenantEmails.previewDraft(c.actor, c.tenant.id, type, texts, locale) : null
  const rendered = draft ? { subject: draft.rendered.subject, text: draft.rendered.text } : { subject: c.t.text('emails.previewSubject'), text: '' }
  const versions = await versionsOf(s, c, request)
  const who = await whoIn(s, c, versions?.edges.map((e) => e.node.actor) ?? [])
  const sentIn = sentInLocale(locale, c.tenant.default_locale, editable(type) ? texts : {})
  const input = { type, texts, locale, sentIn, defaultLocale: defaultLocaleOf(c.tenant), editable: editable(type), brand: isBrand(c.tenant), rendered, problems: draft?.problems ?? [], versions, who }
  return { title: c.t.text('emails.editorTitle', { type: typeName(c.t, type) }), section: 'emails', body: emailEditor(c, input, n), scripts: ['/console/console.js'] }
}

/** The editor a form of it came from, in the form's language: where its sentence is shown. */
const editorPath = (c: Console, request: FastifyRequest) => `/emails/${typeOf(request)}?${new URLSearchParams({ locale: localeOf(request, c.tenant) }).toString()}`

export function emailRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const { tenantEmails, tenants } = ck.services
  const s = ck.services

  /** The unsaved form of a POST rendered in its language (CSRF checked first); nothing is saved. */
  async function renderDraft(request: FastifyRequest, reply: FastifyReply) {
    const c = await ck.open(request, reply)
    const type = typeOf(request)
    const locale = localeOf(request, c.tenant)
    return { c, ...(await tenantEmails.previewDraft(c.actor, c.tenant.id, type, draftIn(c, request, type, locale), locale)) }
  }
  ck.get('/emails', 'the emails and their types', async (c) => ({ title: c.t.text('emails.title'), section: 'emails', body: emailList(c, EMAIL_TYPES, editable) }))
  ck.get('/emails/:emailType', "one email's texts in one language (`?locale=`) with a live preview and the saved versions", (c, request) => editor(s, c, request, {}), TypeParam)

  ck.post(
    '/emails/:emailType',
    "save one email's texts in one language, keeping the others (unknown placeholders are refused, naming them)",
    async (c, request) => {
      const type = typeOf(request)
      const draft = draftIn(c, request, type, localeOf(request, c.tenant))
      const texts = Object.fromEntries(KEYS.map((key) => [key, draft[key] ?? null]))
      const input = checked(UpdateTenantBody, { emailConfig: { emailTypeConfig: { [type]: texts } } })
      try {
        c.tenant = await tenants.update(c.actor, c.tenant.id, input)
      } catch (error) {
        const refusal = refusalOf(error, c.page.t)
        if (!refusal) throw error
        // a text refused for a placeholder is named at its field (the editor's problems); the top says nothing is saved
        const atFields = refusal.status === 400 && (error instanceof AppError ? (error.details ?? []).length > 0 : false)
        return { ...(await editor(s, c, request, { error: atFields ? c.t.text('form.refused') : refusal.error }, draft)), status: refusal.status }
      }
      // English names the type in its sentence in lower case; the others quote it as written
      const name = typeName(c.t, type)
      return c.t.text('emails.saved', { type: c.t.locale === 'en' ? name.toLowerCase() : name })
    },
    (c, request, n) => editor(s, c, request, n),
    { back: editorPath, params: TypeParam },
  )

  ck.post(
    '/emails/:emailType/test',
    "send the saved email, in the form's language, to the admin's own address",
    async (c, request) => c.t.text('emails.testSent', { email: await tenantEmails.sendTest(c.actor, c.tenant.id, typeOf(request), localeOf(request, c.tenant)) }),
    (c, request, n) => editor(s, c, request, n),
    { back: editorPath, params: TypeParam },
  )

  ck.post(
    '/emails/:emailType/versions/:version/restore',
    'restore a saved version of the email settings and branding (a new version, with the checks of a save)',
    async (c, request) => {
      const { version } = request.params as { version: number }
      const made = await tenants.restore(c.actor, c.tenant.id, version)
      c.tenant = await tenants.load(c.actor, c.tenant.id)
      return c.t.text('emails.restored', { version, made: made.version })
    },
    (c, request, n) => editor(s, c, request, n),
    { back: editorPath, params: { ...TypeParam, version: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the version, numbered per tenant from 1' }) } },
  )

  app.get('/console/tenants/:tenantId/emails/:emailType/preview', { schema: { tags: ['pages'], summary: 'Console: the saved email as HTML in one language (`?locale=`), for the preview frame', params: Params, querystring: LocaleQuery } }, async (request, reply) => {
    const c = await ck.open(request, reply)
    const rendered = await tenantEmails.preview(c.actor, c.tenant.id, typeOf(request), localeOf(request, c.tenant))
    return emailPreviewHeaders(reply, c.tenant.logo_url).send(rendered.html)
  })

  app.post('/console/tenants/:tenantId/emails/:emailType/preview', { schema: { tags: ['pages'], summary: 'Console: the unsaved form rendered as HTML into the preview frame; nothing is saved', params: Params } }, async (request, reply) => {
    const { c, rendered } = await renderDraft(request, reply)
    return emailPreviewHeaders(reply, c.tenant.logo_url).send(rendered.html)
  })

  app.post('/console/tenants/:tenantId/emails/:emailType/draft', { schema: { tags: ['pages'], summary: "Console: the unsaved form's subject, text and problems (JSON for the live preview); nothing is saved", params: Params } }, async (request, reply) => {
    const { rendered, problems } = await renderDraft(request, reply)
    return reply.header('cache-control', 'no-store').send({ subject: rendered.subject, text: rendered.text, problems })
  })
}
