import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'
import { SmtpSink } from './smtp-sink.ts'

let t: TestApp
let sink: SmtpSink
let tenantId: number
let plainTenantId: number
let admin: Actor
let otherAdmin: Actor

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true', MAIL_FROM: 'Platform <noreply@platform.test>', ALLOWED_SENDER_DOMAINS: 'acme.test' })
  tenantId = await createTenant(t, 'Acme Sensors')
  plainTenantId = await createTenant(t, 'Plain Co')
  admin = await createActor(t, { tenantId, role: 'admin', displayName: '<script>alert(1)</script>' })
  otherAdmin = await createActor(t, { tenantId: plainTenantId, role: 'admin' })
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

function patch(payload: object, who: Actor = admin, id = tenantId) {
  return t.app.inject({ method: 'PATCH', url: `/tenants/${id}`, headers: who.headers, payload })
}

describe('save-time validation of email settings', () => {
  it('a bad colour is a 400 naming the field', async () => {
    const res = await patch({ emailConfig: { template: { buttonColor: '#12345' } } })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.map((d) => d.field)).toContain('body.emailConfig.template.buttonColor')
  })

  it('passwordlessLogin texts are refused: that email is not customisable', async () => {
    const res = await patch({ emailConfig: { emailTypeConfig: { passwordlessLogin: { subject: 'Hi' } } } })
    expect(res.statusCode).toBe(400)
    const body = errorBody(res)
    expect(body.code).toBe('email_type_not_customisable')
    expect(body.details?.[0]?.field).toBe('emailConfig.emailTypeConfig.passwordlessLogin')
  })

  it('an unknown email type is refused', async () => {
    const res = await patch({ emailConfig: { emailTypeConfig: { welcome: { subject: 'Hi' } } } })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.[0]?.field).toBe('emailConfig.emailTypeConfig.welcome')
  })

  it('an unknown placeholder is a 400 naming it and the field', async () => {
    const res = await patch({ emailConfig: { emailTypeConfig: { passwordReset: { subject: 'Hi {{user.shoeSize}}' } } } })
    expect(res.statusCode).toBe(400)
    const detail = errorBody(res).details?.[0]
    expect(detail).toEqual({ field: 'emailConfig.emailTypeConfig.passwordReset.subject', message: 'unknown placeholder {{user.shoeSize}}' })
  })

  it("a placeholder of another email type is refused", async () => {
    const res = await patch({ emailConfig: { emailTypeConfig: { emailConfirmation: { contentBeforeCta: 'Use {{loginCode}}' } } } })
    expect(res.statusCode).toBe(400)
    const detail = errorBody(res).details?.[0]
    expect(detail?.field).toBe('emailConfig.emailTypeConfig.emailConfirmation.contentBeforeCta')
    expect(detail?.message).toContain('{{loginCode}}')
  })

  it('a logo URL must be http or https', async () => {
    const res = await patch({ logoUrl: 'javascript:alert(1)' })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.[0]?.field).toBe('body.logoUrl')
  })
})

describe('branded rendering, delivered over SMTP', () => {
  it("a tenant's custom texts, logo, colours, name and address arrive filled and escaped", async () => {
    const saved = await patch({
      logoUrl: 'https://cdn.acme.test/logo.png',
      address: '12 Sensor Way',
      zipCode: '10115',
      countryCode: 'DE',
      senderEmail: 'hello@acme.test',
      emailConfig: {
        template: { buttonColor: '#ff6600', textColor: '#123' },
        emailTypeConfig: {
          passwordReset: {
            subject: '{{company.name}}: reset for {{ user.email }}',
            title: 'Hello {{user.displayname}}',
            footerTitle: 'Acme footer',
          },
        },
      },
    })
    expect(saved.statusCode).toBe(200)
    const before = sink.messages.length
    const res = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/emails/passwordReset/test`, headers: admin.headers })
    expect(res.statusCode).toBe(202)
    const mail = await sink.next(admin.user.email, before)
    expect(mail.subject).toBe(`Acme Sensors: reset for ${admin.user.email}`)
    expect(mail.from).toMatchObject({ name: 'Acme Sensors', address: 'hello@acme.test' })
    expect(mail.html).toContain('https://cdn.acme.test/logo.png')
    expect(mail.html).toContain('#ff6600')
    expect(mail.html).toContain('#123')
    expect(mail.html).toContain('12 Sensor Way, 10115 DE')
    expect(mail.html).toContain('Acme footer')
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('<script>alert(1)')
    expect(mail.text).toContain('Hello <script>alert(1)</script>')
    // the default texts fill what the tenant left out, with the reset link to the tenant's branded page
    expect(mail.text).toContain(`http://trellis.test/tenants/${tenantId}/reset-password?token=sample-reset-token`)
  })

  it('a tenant without overrides gets the platform defaults', async () => {
    const before = sink.messages.length
    await t.app.inject({ method: 'POST', url: `/tenants/${plainTenantId}/emails/emailConfirmation/test`, headers: otherAdmin.headers })
    const mail = await sink.next(otherAdmin.user.email, before)
    expect(mail.subject).toBe('Confirm your email address for Plain Co')
    expect(mail.from).toMatchObject({ name: 'Plain Co', address: 'noreply@platform.test' })
    expect(mail.html).toContain('#2563eb')
    expect(mail.text).toContain('sample-confirmation-token')
  })

  it('"password changed" names the zone its time is in, and asks to contact an address only when there is one', async () => {
    const tokyo = await createTenant(t, 'Tokyo Sensors')
    const owner = await createActor(t, { tenantId: tokyo, role: 'owner' })
    const preview = async () => (await t.app.inject({ method: 'GET', url: `/tenants/${tokyo}/emails/passwordResetSuccess/preview`, headers: owner.headers })).json().text as string
    expect((await t.app.inject({ method: 'PATCH', url: `/tenants/${tokyo}`, headers: owner.headers, payload: { timeZone: 'Asia/Tokyo' } })).statusCode).toBe(200)
    const without = await preview()
    expect(without).toMatch(/at \d\d:\d\d:\d\d \(Asia\/Tokyo\)/)
    expect(without).not.toContain('(UTC)')
    expect(without).toContain('If you did not change it, reset your password at once.')
    expect(without).not.toMatch(/contact\s*\./)
    await t.app.inject({ method: 'PATCH', url: `/tenants/${tokyo}`, headers: owner.headers, payload: { emailAddress: 'help@tokyo.test' } })
    expect(await preview()).toContain('reset your password at once and contact help@tokyo.test.')
  })

  it('the preview returns subject, html and text; other tenants get 404, members 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/emails/passwordlessLogin/preview`, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.subject).toBe('Your Acme Sensors login code: ABCDE-12345')
    expect(body.html).toContain('#ff6600')
    expect(body.text).toContain('ABCDE-12345')
    for (const url of [`/tenants/${tenantId}/emails/passwordReset/preview`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: otherAdmin.headers })).statusCode).toBe(404)
    }
    const foreignTest = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/emails/passwordReset/test`, headers: otherAdmin.headers })
    expect(foreignTest.statusCode).toBe(404)
    const member = await createActor(t, { tenantId, role: 'member' })
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/emails/passwordReset/preview`, headers: member.headers })).statusCode).toBe(403)
    const badType = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/emails/welcome/preview`, headers: admin.headers })
    expect(badType.statusCode).toBe(400)
  })

  it('a subject never contains CR or LF', async () => {
    await patch({ emailConfig: { emailTypeConfig: { passwordResetSuccess: { subject: 'Line one\r\nBcc: victim@evil.test' } } } })
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${tenantId}/emails/passwordResetSuccess/preview`, headers: admin.headers })
    expect(res.json().subject).toBe('Line one Bcc: victim@evil.test')
  })
})
