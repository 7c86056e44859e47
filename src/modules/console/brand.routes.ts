/**
 * A brand's settings in the console: name, logo, colours, sender, sign-up policy, saved by
 * TenantsService.update (the policy's `tenants.brand`, as PATCH /tenants/{id}), checked
 * against the API's own schema first. Beside the form, the hosted sign-in page in the look
 * being typed: a frame the script points at /brand/preview with the form's values. That
 * preview renders what the admin typed only for those who may brand the tenant, runs no
 * script, submits no form, and only the console may frame it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import Type from 'typebox'
import { Id } from '../../lib/scope.ts'
import { type Brand, brandOf, cspSource, field, newNonce, pageHeaders } from '../pages/index.ts'
import { UpdateTenantBody } from '../tenancy/index.ts'
import { checked, type Console, type ConsoleKit, type ConsoleServices } from './console-kit.ts'
import { brandPage, signInPreview } from './brand.views.ts'
import { hasProblems, problemsOf } from './forms.ts'
import type { ConsoleMessageKey } from './locales/en.ts'

const TenantParams = Type.Object({ tenantId: Id })

const BRAND_FIELDS = ['name', 'logoUrl', 'buttonColor', 'textColor', 'senderEmail', 'signup'] as const

/** The brand form's field of a value the schema checks (`/emailConfig/template/buttonColor`: buttonColor). */
const brandField = (path: string): string | undefined => BRAND_FIELDS.find((name) => path.split('/').includes(name))

const blank = (value: string) => (value.trim() ? value.trim() : null)

/** The look a preview shows: the saved one, with what an admin who may brand the tenant typed laid over it. */
async function draftBrand(s: ConsoleServices, c: Console, q: Record<string, unknown>): Promise<Brand> {
  const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string).slice(0, 2000) : undefined)
  const typed = ['name', 'logoUrl', 'buttonColor', 'textColor'].some((k) => text(k) !== undefined)
  if (!typed) return brandOf(c.tenant)
  await s.policy.authorize(c.actor, 'tenants.brand', c.tenant.id)
  const logo = text('logoUrl')?.trim()
  const template = { ...c.tenant.email_config.template, buttonColor: text('buttonColor')?.trim() || undefined, textColor: text('textColor')?.trim() || undefined }
  const tenant = {
    ...c.tenant,
    name: text('name')?.trim() || c.tenant.name,
    logo_url: logo && /^https?:\/\/\S+$/.test(logo) ? logo : null,
    email_config: { ...c.tenant.email_config, template },
  }
  // brandOf checks the colours (#RGB/#RRGGBB) before they reach a stylesheet
  return brandOf(tenant)
}

export function brandRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  ck.get('/brand', "the brand's look, sender and sign-up", async (c) => brandPage(c, {}))

  ck.post(
    '/brand',
    "save the brand's look, sender and sign-up",
    async (c, request) => {
      const template = { buttonColor: blank(field(request, 'buttonColor')), textColor: blank(field(request, 'textColor')) }
      const body = {
        name: field(request, 'name').trim(),
        logoUrl: blank(field(request, 'logoUrl')),
        senderEmail: blank(field(request, 'senderEmail')),
        signup: field(request, 'signup'),
        emailConfig: { template },
      }
      // a value the API's schema refuses: the form again, as typed, with a sentence at each field
      const problems = problemsOf(c.t, UpdateTenantBody, body, brandField, (name) => `brand.${name}` as ConsoleMessageKey)
      if (hasProblems(problems)) {
        const typed = Object.fromEntries(BRAND_FIELDS.map((name) => [name, field(request, name)]))
        return { ...brandPage(c, { error: c.t.text('form.refused') }, { typed, problems }), status: 400 }
      }
      const input = checked(UpdateTenantBody, body)
      c.tenant = await s.tenants.update(c.actor, c.tenant.id, input)
      return c.t.text('brandPage.saved')
    },
    async (c, _request, n) => brandPage(c, n),
    { back: '/brand' },
  )

  // the tenant id validated like every console page's: a word or an out-of-range number is a 400
  app.get('/console/tenants/:tenantId/brand/preview', { schema: { tags: ['pages'], summary: 'Console: the hosted sign-in page in the saved or typed look, for the preview frame', params: TenantParams } }, async (request, reply) =>
    preview(request, reply, request.query as Record<string, unknown>),
  )
  // the form's own "Preview without saving" button posts, so its CSRF token never lands in a URL
  app.post('/console/tenants/:tenantId/brand/preview', { schema: { tags: ['pages'], summary: 'Console: the unsaved brand form rendered as the hosted sign-in page into the preview frame; nothing is saved', params: TenantParams } }, async (request, reply) => {
    return preview(request, reply, (request.body ?? {}) as Record<string, unknown>)
  })

  async function preview(request: FastifyRequest, reply: FastifyReply, typed: Record<string, unknown>) {
    const c = await ck.open(request, reply)
    const brand = { ...(await draftBrand(s, c, typed)), tenantId: c.tenant.id }
    const nonce = newNonce()
    // framed by the console only, and inert: its form goes nowhere
    pageHeaders(reply, nonce, { imageOrigin: cspSource(brand.logoUrl), formTargets: 'none', framedBy: 'self', sandbox: true })
    return reply.send(signInPreview(brand, nonce))
  }
}
