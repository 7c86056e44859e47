/**
 * A tenant's senderEmail is used as From and envelope sender only when the operator
 * allows its domain or the address confirmed it; until then mail goes out from MAIL_FROM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { senderFor } from '../src/modules/email/senders.repository.ts'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'
import { SmtpSink, type ReceivedMail } from './smtp-sink.ts'

let t: TestApp
let sink: SmtpSink
let tenantId: number
let admin: Actor

beforeAll(async () => {
  sink = await new SmtpSink().start()
  t = await createTestApp({
    SMTP_URL: sink.url,
    RUN_WORKER: 'true',
    EMAIL_POLL_MS: '20',
    MAIL_FROM: 'Platform <noreply@platform.test>',
    ALLOWED_SENDER_DOMAINS: 'trusted.test',
  })
  tenantId = await createTenant(t, 'Evil Corp <script>')
  admin = await createActor(t, { tenantId, role: 'admin' })
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

const setSender = (senderEmail: string) =>
  t.app.inject({ method: 'PATCH', url: `/tenants/${tenantId}`, headers: admin.headers, payload: { senderEmail } })

async function testMail(): Promise<ReceivedMail> {
  const before = sink.messages.length
  const res = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/emails/passwordResetSuccess/test`, headers: admin.headers })
  expect(res.statusCode).toBe(202)
  return sink.next(admin.user.email, before)
}

const envelopeFrom = (mail: ReceivedMail) => mail.envelopeFrom

/** The address a tenant's mail goes out from, as the sender rule decides (null: the platform's). */
async function senderForTenant(id: number): Promise<string | null> {
  const tenant = await t.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return senderFor(t.db, t.config.allowedSenderDomains, tenant)
}

describe('sender addresses', () => {
  it('an unconfirmed address is not used: the platform sends, and the address is asked to confirm', async () => {
    const before = sink.messages.length
    expect((await setSender('security@bank.test')).statusCode).toBe(200)
    const ask = await sink.next('security@bank.test', before)
    expect(ask.subject).toBe('Confirm sending as security@bank.test')
    expect(ask.from?.address).toBe('noreply@platform.test')
    // a stranger receives it: no tenant-chosen text in it
    expect(`${ask.text}${ask.html}`).not.toContain('Evil Corp')

    const mail = await testMail()
    expect(mail.from?.address).toBe('noreply@platform.test')
    expect(envelopeFrom(mail)).toBe('noreply@platform.test')

    // saving the same address again within the hour does not mail it again
    const count = sink.messages.length
    expect((await setSender('security@bank.test')).statusCode).toBe(200)
    await testMail()
    expect(sink.messages.slice(count).filter((m) => m.envelopeTo.includes('security@bank.test'))).toHaveLength(0)
  })

  it('once the address follows its link, mail goes out from it', async () => {
    const ask = sink.messages.find((m) => m.envelopeTo.includes('security@bank.test'))!
    const link = /(http:\/\/trellis\.test\/email\/sender-verification\?token=[\w-]+)/.exec(ask.text ?? '')?.[1]
    expect(link).toBeDefined()
    const page = await t.app.inject({ method: 'GET', url: link!.replace('http://trellis.test', '') })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<form method="post"')
    // the GET alone (a mail scanner following the link) confirms nothing
    expect((await testMail()).from?.address).toBe('noreply@platform.test')

    const token = new URL(link!).searchParams.get('token')!
    const bad = await t.app.inject({ method: 'POST', url: '/email/sender-verification', payload: { token: `${token}x` } })
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).code).toBe('invalid_token')
    const ok = await t.app.inject({
      method: 'POST',
      url: '/email/sender-verification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    })
    expect(ok.statusCode).toBe(200)
    const mail = await testMail()
    expect(mail.from).toMatchObject({ address: 'security@bank.test' })
    expect(envelopeFrom(mail)).toBe('security@bank.test')
  })

  it('a Dutch brand asks in Dutch; its link opens a page in the reader\'s language, whose button confirms', async () => {
    const dutch = (await t.app.services.tenants.create(OPERATOR, { name: 'Tulpen BV', defaultLocale: 'nl' })).id
    const before = sink.messages.length
    await t.app.services.tenants.update(OPERATOR, dutch, { senderEmail: 'info@tulpen.test' })
    const ask = await sink.next('info@tulpen.test', before)
    expect(ask.subject).toBe('Bevestig dat er als info@tulpen.test verstuurd mag worden')
    expect(ask.text).toContain('Een account op trellis.test vroeg om e-mail te mogen versturen als info@tulpen.test.')
    expect(ask.html).toContain('Bevestig dit afzenderadres</a>')
    expect(`${ask.text}${ask.html}`).not.toMatch(/Confirm|confirm here|ignore this email/)

    const link = /(http:\/\/trellis\.test\/email\/sender-verification\?token=[\w-]+)/.exec(ask.text ?? '')?.[1] ?? ''
    const page = await t.app.inject({ method: 'GET', url: link.replace('http://trellis.test', ''), headers: { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<html lang="nl">')
    expect(page.body).toContain('<h1>Afzenderadres bevestigen</h1>')
    expect(page.body).toContain('Sta toe dat er als dit adres wordt gemaild</button>')
    expect(page.body).not.toContain('Confirm sender address')
    // the same link in a French browser speaks French
    const french = await t.app.inject({ method: 'GET', url: link.replace('http://trellis.test', ''), headers: { 'accept-language': 'fr' } })
    expect(french.body).toContain('<h1>Confirmer l’adresse d’expéditeur</h1>')

    const cookie = [page.cookies].flat().map((c) => `${c.name}=${c.value}`).join('; ')
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page.body)?.[1] ?? ''
    const confirm = (token: string, csrf = hidden('_csrf')) => t.app.inject({
      method: 'POST',
      url: '/email/sender-verification/confirm',
      headers: { cookie, 'accept-language': 'nl', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: csrf, token }).toString(),
    })
    expect((await confirm(hidden('token'), 'forged')).statusCode).toBe(403)
    const wrong = await confirm(`${hidden('token')}x`)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('Deze bevestigingslink is ongeldig of verlopen.')
    const done = await confirm(hidden('token'))
    expect(done.statusCode).toBe(200)
    expect(done.body).toContain('Er mag nu e-mail worden verstuurd als info@tulpen.test.')
    expect(await senderForTenant(dutch)).toBe('info@tulpen.test')
  })

  it('an address on an allowed domain is used at once, with no confirmation mail', async () => {
    const before = sink.messages.length
    expect((await setSender('hello@trusted.test')).statusCode).toBe(200)
    const mail = await testMail()
    expect(mail.from?.address).toBe('hello@trusted.test')
    expect(sink.messages.slice(before).some((m) => m.envelopeTo.includes('hello@trusted.test'))).toBe(false)
    // a look-alike subdomain is not the allowed domain
    expect((await setSender('ceo@trusted.test.evil.test')).statusCode).toBe(200)
    expect((await testMail()).from?.address).toBe('noreply@platform.test')
  })
})
