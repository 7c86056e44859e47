/**
 * Emails in the recipient's language, as they arrive over SMTP: an account's locale set at
 * sign-up from Accept-Language (or an explicit `locale`), a stored locale followed by the
 * login email, a brand's texts per locale with one fallback locale for the whole email where
 * it wrote none in the recipient's, previews with every placeholder filled, and the checks on
 * each locale's text when a brand saves them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, type UserActor } from '../src/modules/tenancy/actor.ts'
import { allowedPlaceholders, CUSTOMISABLE_TYPES, EMAIL_TYPES } from '../src/modules/email/index.ts'
import { createActor, createTestApp, errorBody, freePort, uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { PageClient } from './page-client.ts'
import { createClient, exchange, pkcePair } from './login-helpers.ts'
import { SmtpSink, type ReceivedMail } from './smtp-sink.ts'

let t: TestApp
let sink: SmtpSink
let brandId: number
let brandAdmin: Actor
let base: string

beforeAll(async () => {
  sink = await new SmtpSink().start()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  t = await createTestApp({ SMTP_URL: sink.url, RUN_WORKER: 'true', PUBLIC_URL: base })
  await t.app.listen({ port, host: '127.0.0.1' })
  brandId = (await t.app.services.tenants.create(OPERATOR, { name: 'Fan Co', signup: 'customers' })).id
  brandAdmin = await createActor(t, { tenantId: brandId, role: 'admin' })
})
afterAll(async () => {
  await t.close()
  await sink.stop()
})

async function mailTo(email: string, before: number): Promise<ReceivedMail> {
  return sink.next(email, before)
}

function setLocale(who: Actor, locale: string | null) {
  return t.app.inject({ method: 'PATCH', url: '/users/current', headers: who.headers, payload: { locale } })
}

describe('the locale an account signs up with', () => {
  it('a register with Accept-Language nl-NL gets the Dutch confirmation email, and the account keeps nl-NL', async () => {
    const email = uniqueEmail('dutch')
    const before = sink.messages.length
    const res = await t.app.inject({
      method: 'POST',
      url: '/users/register',
      headers: { 'accept-language': 'nl-NL,nl;q=0.9' },
      payload: { email, password: 'correct horse battery' },
    })
    expect(res.statusCode).toBe(200)
    const mail = await mailTo(email, before)
    expect(mail.subject).toBe('Bevestig je e-mailadres voor Trellis')
    expect(mail.text).toContain('Bedankt voor je aanmelding bij Trellis.')
    expect(mail.text).toContain('Bevestig mijn adres: ')
    expect(mail.html).toContain('<html lang="nl"')
    const row = await t.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirstOrThrow()
    expect(row.locale).toBe('nl-NL')
  })

  it('an explicit locale wins over Accept-Language; a register without either stays English with no locale', async () => {
    const french = uniqueEmail('french')
    let before = sink.messages.length
    await t.app.inject({ method: 'POST', url: '/users/register', headers: { 'accept-language': 'de' }, payload: { email: french, password: 'correct horse battery', locale: 'fr-be' } })
    expect((await mailTo(french, before)).subject).toBe('Confirmez votre adresse e-mail pour Trellis')
    const plain = uniqueEmail('plain')
    before = sink.messages.length
    await t.app.inject({ method: 'POST', url: '/users/register', payload: { email: plain, password: 'correct horse battery' } })
    expect((await mailTo(plain, before)).subject).toBe('Confirm your email address for Trellis')
    const rows = await t.db.selectFrom('users').select(['email', 'locale']).where('email', 'in', [french, plain]).orderBy('email').execute()
    expect(Object.fromEntries(rows.map((r) => [r.email, r.locale]))).toEqual({ [french]: 'fr-BE', [plain]: null })
  })

  it('a locale that is no language tag is a 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/users/register', payload: { email: uniqueEmail(), password: 'correct horse battery', locale: 'not a tag' } })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.[0]?.field).toBe('body.locale')
  })
})

describe("the account's own locale", () => {
  it('is set with PATCH /users/current, shown by GET /users/current, and a login code for it comes in German', async () => {
    const client = await createClient(t.app, { redirectUris: ['https://app.fanco.test/login/verify'] })
    const user = await createActor(t)
    const patched = await setLocale(user, 'de')
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({ user: { locale: 'de' } })
    const current = await t.app.inject({ method: 'GET', url: '/users/current', headers: user.headers })
    expect(current.json()).toMatchObject({ user: { id: user.user.id, email: user.user.email, locale: 'de' } })

    const before = sink.messages.length
    // the app's own Accept-Language says nothing of its user: the account's locale wins
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/passwordlessLogin/code',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email: user.user.email, client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' },
    })
    expect(res.statusCode).toBe(200)
    const mail = await mailTo(user.user.email, before)
    expect(mail.subject).toMatch(/^Ihr Anmeldecode für Trellis: [0-9A-Z]{5}-[0-9A-Z]{5}$/)
    expect(mail.text).toContain('läuft in 10 Minuten ab')
    expect(mail.html).toContain('Ihr Anmeldecode')
  })

  it('null forgets it; a bad tag is a 400', async () => {
    const user = await createActor(t)
    await setLocale(user, 'fr')
    expect((await setLocale(user, null)).json()).toMatchObject({ user: { locale: null } })
    const bad = await setLocale(user, 'x!')
    expect(bad.statusCode).toBe(400)
    expect(errorBody(bad).details?.[0]?.field).toBe('body.locale')
  })

  it('a login code that signs an address up gives the new account the locale it was asked in', async () => {
    const client = await createClient(t.app, { redirectUris: ['https://app.fanco.test/verify'] })
    const email = uniqueEmail('newcomer')
    const pkce = pkcePair()
    const before = sink.messages.length
    const res = await t.app.inject({
      method: 'POST',
      url: `/tenants/${brandId}/auth/passwordlessLogin/code`,
      payload: { email, client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: pkce.challenge, code_challenge_method: 'S256', locale: 'nl' },
    })
    expect(res.statusCode).toBe(200)
    const mail = await mailTo(email, before)
    expect(mail.subject).toMatch(/^Je inlogcode voor Fan Co: /)
    const code = /\b[0-9A-Z]{5}-[0-9A-Z]{5}\b/.exec(mail.text ?? '')?.[0]
    const token = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pkce.verifier, client_id: client.clientId, redirect_uri: client.redirectUri })
    expect(token.statusCode).toBe(200)
    const account = await t.db.selectFrom('users').select('locale').where('email', '=', email).where('tenant_id', '=', brandId).executeTakeFirstOrThrow()
    expect(account.locale).toBe('nl')
  })
})

describe('sign-ups elsewhere', () => {
  const CODE = /\b[0-9A-Z]{5}-[0-9A-Z]{5}\b/

  it('the hosted sign-in page carries ui_locales=fr to the email and to the account it signs up', async () => {
    const client = await createClient(t.app, { redirectUris: ['https://app.fanco.test/cb'] })
    const browser = new PageClient(base)
    const query = new URLSearchParams({ client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state: 's', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', ui_locales: 'fr-CA en' })
    const page = await browser.get(`/tenants/${brandId}/auth/oauth2/authorize?${query.toString()}`)
    expect(page.status).toBe(200)
    const email = uniqueEmail('page-fr')
    const before = sink.messages.length
    const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email })
    const mail = await mailTo(email, before)
    expect(mail.subject).toMatch(/^Votre code de connexion Fan Co : /)
    const done = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: CODE.exec(mail.text ?? '')?.[0] ?? '' })
    expect(done.status).toBe(303)
    const account = await t.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirstOrThrow()
    expect(account.locale).toBe('fr-CA')
  })

  it("the v5 dialect's code request takes Accept-Language for the email", async () => {
    const client = await createClient(t.app, { redirectUris: ['https://app.fanco.test/v5'] })
    const email = uniqueEmail('v5-de')
    const before = sink.messages.length
    const res = await t.app.inject({
      method: 'POST',
      url: '/v5/auth/passwordlessLogin/code',
      headers: { 'accept-language': 'de-AT,de;q=0.8' },
      payload: { email, clientId: client.clientId, redirectUri: client.redirectUri, codeChallenge: pkcePair().challenge, codeChallengeMethod: 'S256' },
    })
    expect(res.json()).toEqual({ data: 'ok', errorMessage: null })
    expect((await mailTo(email, before)).subject).toMatch(/^Ihr Anmeldecode für Trellis: /)
  })
})

describe("a brand's texts per locale", () => {
  async function resetMailFor(locale: string): Promise<ReceivedMail> {
    const customer = await createActor(t, { belongsTo: brandId, tenantId: brandId, role: 'customer' })
    await setLocale(customer, locale)
    const before = sink.messages.length
    const res = await t.app.inject({ method: 'POST', url: `/tenants/${brandId}/users/forgotPassword`, payload: { email: customer.user.email } })
    expect(res.statusCode).toBe(200)
    return mailTo(customer.user.email, before)
  }

  it("a Dutch customer gets the brand's nl subject, an Italian one its default; each in the platform's words for what the brand left out", async () => {
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brandId}`,
      headers: brandAdmin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { subject: { en: 'Fan Co: a new password', nl: 'Fan Co: een nieuw wachtwoord' } } } } },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ emailConfig: { emailTypeConfig: { passwordReset: { subject: { nl: 'Fan Co: een nieuw wachtwoord' } } } } })

    const dutch = await resetMailFor('nl-BE')
    expect(dutch.subject).toBe('Fan Co: een nieuw wachtwoord')
    expect(dutch.text).toContain('Kies een nieuw wachtwoord: ')

    const italian = await resetMailFor('it')
    expect(italian.subject).toBe('Fan Co: a new password')
    expect(italian.text).toContain('Choose a new password: ')
  })

  it("the brand's defaultLocale is the language of its plain texts and of customers with no locale of their own", async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brandId}`,
      headers: brandAdmin.headers,
      payload: { defaultLocale: 'de-de', emailConfig: { emailTypeConfig: { passwordReset: { subject: 'Fan Co: neues Passwort' } } } },
    })
    expect(res.json()).toMatchObject({ defaultLocale: 'de-DE' })
    const preview = await t.app.inject({ method: 'GET', url: `/tenants/${brandId}/emails/passwordReset/preview`, headers: brandAdmin.headers })
    expect(preview.json()).toMatchObject({ subject: 'Fan Co: neues Passwort', text: expect.stringContaining('am 21. November 2026, 15:00:00 UTC ab') })
    const french = await t.app.inject({ method: 'GET', url: `/tenants/${brandId}/emails/passwordReset/preview?locale=fr`, headers: brandAdmin.headers })
    // no French text from the brand: the whole email in its default locale, the platform's German words around its subject
    expect(french.json()).toMatchObject({ subject: 'Fan Co: neues Passwort', text: expect.stringContaining('am 21. November 2026, 15:00:00 UTC ab') })
    expect(french.json<{ text: string }>().text).not.toContain('expire')
    const before = sink.messages.length
    const sent = await t.app.inject({ method: 'POST', url: `/tenants/${brandId}/emails/emailConfirmation/test?locale=nl`, headers: brandAdmin.headers })
    expect(sent.statusCode).toBe(202)
    expect((await mailTo(brandAdmin.user.email, before)).subject).toBe('Bevestig je e-mailadres voor Fan Co')
    await t.app.inject({ method: 'PATCH', url: `/tenants/${brandId}`, headers: brandAdmin.headers, payload: { defaultLocale: null, emailConfig: { emailTypeConfig: null } } })
  })

  it('a Dutch customer of a brand with English texts only gets one language: the English email, subject to footer', async () => {
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brandId}`,
      headers: brandAdmin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { title: 'Fan Co: forgot it?', contentBeforeCta: { en: 'Hi {{user.displayname}}, a new password is one click away.' } } } } },
    })
    expect(saved.statusCode).toBe(200)
    const dutch = await resetMailFor('nl')
    expect(dutch.subject).toBe('Reset your Fan Co password')
    expect(dutch.text).toContain('Fan Co: forgot it?')
    expect(dutch.text).toContain('a new password is one click away.')
    expect(dutch.text).toContain('Choose a new password: ')
    expect(dutch.text).toMatch(/expires on \d+\w\w \w+ \d{4}, \d\d:\d\d:\d\d UTC\./)
    expect(dutch.text).toContain('Sent because a password reset was requested')
    // not a word of the platform's Dutch beside the brand's English
    for (const word of ['wachtwoord', 'verloopt', 'Verstuurd', 'Hoi']) expect(dutch.text).not.toContain(word)
    expect(dutch.html).toContain('lang="en"')
    await t.app.inject({ method: 'PATCH', url: `/tenants/${brandId}`, headers: brandAdmin.headers, payload: { emailConfig: { emailTypeConfig: null } } })
  })

  it('a brand with Dutch texts gives its Dutch customer Dutch throughout; a field it wrote only in English is left out, not mixed in', async () => {
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brandId}`,
      headers: brandAdmin.headers,
      payload: {
        emailConfig: {
          emailTypeConfig: { passwordReset: { subject: { en: 'Fan Co: a new password', nl: 'Fan Co: een nieuw wachtwoord' }, title: { en: 'Forgot it?' } } },
        },
      },
    })
    expect(saved.statusCode).toBe(200)
    const dutch = await resetMailFor('nl-NL')
    expect(dutch.subject).toBe('Fan Co: een nieuw wachtwoord')
    expect(dutch.text).toContain('Stel je wachtwoord opnieuw in')
    expect(dutch.text).toMatch(/verloopt op \d+ \w+ \d{4}, \d\d:\d\d:\d\d UTC\./)
    expect(dutch.text).not.toContain('Forgot it?')
    expect(dutch.html).toContain('lang="nl"')
    const english = await resetMailFor('en-GB')
    expect(english.subject).toBe('Fan Co: a new password')
    expect(english.text).toContain('Forgot it?')
    await t.app.inject({ method: 'PATCH', url: `/tenants/${brandId}`, headers: brandAdmin.headers, payload: { emailConfig: { emailTypeConfig: null } } })
  })

  it('an unknown placeholder in one locale is a 400 naming the field and the locale; so is a bad tag', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brandId}`,
      headers: brandAdmin.headers,
      payload: { emailConfig: { emailTypeConfig: { emailConfirmation: { title: { en: 'Welcome', nl: 'Welkom {{user.shoeSize}}', 'not a tag': 'x' } } } } },
    })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details).toEqual([
      { field: 'emailConfig.emailTypeConfig.emailConfirmation.title.nl', message: 'unknown placeholder {{user.shoeSize}} (locale nl)' },
      { field: 'emailConfig.emailTypeConfig.emailConfirmation.title.not a tag', message: '"not a tag" is not a BCP 47 language tag (e.g. nl or nl-BE)' },
    ])
  })

  it('a token outside the link, or a link off the verified origins, is refused in any locale', async () => {
    const token = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brandId}`,
      headers: brandAdmin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { contentAfterCta: { en: 'Bye', de: 'https://evil.test/?t={{resetToken}}' } } } } },
    })
    expect(token.statusCode).toBe(400)
    expect(errorBody(token).details?.[0]?.field).toBe('emailConfig.emailTypeConfig.passwordReset.contentAfterCta.de')
    const link = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brandId}`,
      headers: brandAdmin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { ctaLink: { nl: 'https://evil.test/r?t={{resetToken}}' } } } } },
    })
    expect(link.statusCode).toBe(400)
    expect(errorBody(link).details?.[0]?.field).toBe('emailConfig.emailTypeConfig.passwordReset.ctaLink.nl')
  })
})

describe('a preview fills every placeholder', () => {
  const LOCALES = [null, 'en', 'nl', 'de', 'fr'] as const
  // a placeholder left blank shows as a gap before punctuation ("expires on .") or as empty brackets
  const BLANK = /[ \t][.,]|\[\]|\{\{/

  it('the saved preview, for every type and locale', async () => {
    for (const type of EMAIL_TYPES) {
      for (const locale of LOCALES) {
        const res = await t.app.inject({ method: 'GET', url: `/tenants/${brandId}/emails/${type}/preview${locale ? `?locale=${locale}` : ''}`, headers: brandAdmin.headers })
        expect(res.statusCode).toBe(200)
        const { subject, text } = res.json<{ subject: string; text: string }>()
        expect(`${type} ${locale}: ${subject}\n${text}`).not.toMatch(BLANK)
      }
    }
  })

  it("the unsaved preview (the console's editor), with every placeholder the type allows in one field", async () => {
    const actor: UserActor = { kind: 'user', userId: brandAdmin.user.id, homeTenantId: null, platformAdmin: false, clientId: null, sessionId: null, scopes: null }
    // the brand's own details, so that the company placeholders have something to show
    await t.app.inject({ method: 'PATCH', url: `/tenants/${brandId}`, headers: brandAdmin.headers, payload: { address: 'Main St 1', zipCode: '1234 AB', countryCode: 'NL', phoneNumber: '+31 20 123 4567', emailAddress: 'help@fan.test', logoUrl: 'https://fan.test/logo.png' } })
    for (const type of CUSTOMISABLE_TYPES) {
      // company.senderEmail needs a verified sender domain (sender verification), which this brand has not
      const every = [...allowedPlaceholders(type)].filter((name) => name !== 'company.senderEmail').map((name) => `[{{${name}}}]`).join(' ')
      for (const locale of LOCALES) {
        const { rendered, problems } = await t.app.services.tenantEmails.previewDraft(actor, brandId, type, { contentAfterCta: every }, locale)
        expect(problems).toEqual([])
        expect(`${type} ${locale}: ${rendered.subject}\n${rendered.text}`).not.toMatch(BLANK)
      }
    }
    const reset = await t.app.services.tenantEmails.previewDraft(actor, brandId, 'passwordReset', { title: 'Forgot it?' }, 'nl')
    expect(reset.rendered.text).toContain('expires on 21st November 2026, 15:00:00 UTC.')
  })
})
