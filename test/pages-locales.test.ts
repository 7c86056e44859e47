/**
 * The hosted pages in four languages over real HTTP: ui_locales of the authorization request
 * (kept by the code step, its errors and the email's link), Accept-Language, English for the
 * rest, `<html lang>`, the discovery documents, and the account page's language selector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, listeningTestApp } from './helpers.ts'
import { createClient, mailSettled, pkcePair } from './login-helpers.ts'
import { mailParts, PageClient, signInWithMailedCode } from './page-client.ts'

let t: TestApp
let base: string

beforeAll(async () => {
  const listening = await listeningTestApp()
  t = listening
  base = listening.base
})
afterAll(async () => t.close())

async function authorizeUrl(extra: Record<string, string> = {}): Promise<string> {
  const client = await createClient(t.app)
  const query = { client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state: 's', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', ...extra }
  return `/auth/oauth2/authorize?${new URLSearchParams(query).toString()}`
}

async function getWith(path: string, acceptLanguage: string) {
  const response = await fetch(`${base}${path}`, { headers: { 'accept-language': acceptLanguage }, redirect: 'manual' })
  return { status: response.status, body: await response.text() }
}

const heading = (body: string) => /<h1>([^<]*)<\/h1>/.exec(body)?.[1]
const lang = (body: string) => /<html lang="([^"]*)">/.exec(body)?.[1]

async function mailedCode(email: string): Promise<{ code: string | null; links: string[] }> {
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
  return mailParts(row.text)
}

describe('the language of the sign-in page', () => {
  it('follows ui_locales=fr, over the browser’s Accept-Language', async () => {
    const page = await getWith(await authorizeUrl({ ui_locales: 'fr' }), 'nl')
    expect(page.status).toBe(200)
    expect(lang(page.body)).toBe('fr')
    expect(heading(page.body)).toBe('Se connecter')
    expect(page.body).toContain('<button type="submit">M’envoyer un code</button>')
    expect(page.body).toContain('<label for="email">Adresse e-mail</label>')
  })

  it('follows Accept-Language: nl without ui_locales; an unsupported locale gets English', async () => {
    const dutch = await getWith(await authorizeUrl(), 'nl-NL,nl;q=0.9,en;q=0.5')
    expect(lang(dutch.body)).toBe('nl')
    expect(heading(dutch.body)).toBe('Aanmelden')
    expect(dutch.body).toContain('Mail me een code')
    const italian = await getWith(await authorizeUrl({ ui_locales: 'it' }), 'it-IT,it;q=0.9')
    expect(lang(italian.body)).toBe('en')
    expect(heading(italian.body)).toBe('Sign in')
    expect(italian.body).toContain('Email me a code')
  })

  it('shows the faults found before the app is verified in the asked language', async () => {
    const page = await getWith('/auth/oauth2/authorize?response_type=code&ui_locales=de', 'en')
    expect(page.status).toBe(400)
    expect(lang(page.body)).toBe('de')
    expect(heading(page.body)).toBe('Etwas stimmt nicht')
    expect(page.body).toContain('(client_id fehlt)')
  })
})

describe('ui_locales is carried through the sign-in', () => {
  it('the code step after ui_locales=de is German, and so are its errors and the code shown from the email’s link', async () => {
    const browser = new PageClient(base)
    const page = await browser.get(await authorizeUrl({ ui_locales: 'de' }))
    expect(lang(page.body)).toBe('de')
    const email = 'locale-de@example.test'
    const inbox = await browser.submit(page, '/auth/oauth2/authorize/email', { email })
    expect(inbox.status).toBe(200)
    expect(lang(inbox.body)).toBe('de')
    expect(heading(inbox.body)).toBe('Sehen Sie in Ihrem Posteingang nach')
    expect(inbox.body).toContain('<label for="code">Code aus der E-Mail</label>')
    expect(inbox.body).toContain('<button type="submit">Anmelden</button>')

    const wrong = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: 'AAAAA-AAAAA' })
    expect(wrong.status).toBe(400)
    expect(lang(wrong.body)).toBe('de')
    expect(wrong.body).toContain('Dieser Code stimmt nicht.')
    // an error page of the error handler (a form without its CSRF token) keeps the language too
    const forged = await browser.submit(inbox, '/auth/oauth2/authorize/code', { code: 'AAAAA-AAAAA', _csrf: 'forged' })
    expect(forged.status).toBe(403)
    expect(lang(forged.body)).toBe('de')
    expect(forged.body).toContain('Dieses Formular ist abgelaufen')

    // the email's link, opened in another browser, shows the code in German
    const mail = await mailedCode(email)
    const link = mail.links.find((l) => l.includes('/auth/oauth2/authorize/link'))
    expect(link).toContain('ui_locales=de')
    const elsewhere = await new PageClient(base).get(link ?? '')
    expect(lang(elsewhere.body)).toBe('de')
    expect(heading(elsewhere.body)).toBe('Ihr Anmeldecode')
    expect(elsewhere.body).toContain(mail.code ?? 'no code')
  })
})

describe('the other pages and the metadata', () => {
  it('speak the browser’s language, English by default', async () => {
    const french = await getWith('/forgot-password', 'fr-BE,fr;q=0.9')
    expect(lang(french.body)).toBe('fr')
    expect(heading(french.body)).toBe('Réinitialisez votre mot de passe')
    const plain = await new PageClient(base).get('/forgot-password')
    expect(lang(plain.body)).toBe('en')
    expect(heading(plain.body)).toBe('Reset your password')
    const missing = await getWith('/confirm-email', 'de')
    expect(missing.status).toBe(400)
    expect(missing.body).toContain('Diesem Link fehlt sein Token.')
  })

  it('advertise ui_locales_supported', async () => {
    for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
      const meta = (await (await fetch(`${base}${path}`)).json()) as Record<string, unknown>
      expect(meta.ui_locales_supported).toEqual(['en', 'nl', 'de', 'fr'])
    }
  })
})

describe('the account page’s language selector', () => {
  it('offers the four languages, stores the one picked on the account, behind CSRF', async () => {
    const browser = new PageClient(base)
    const email = 'locale-account@example.test'
    await signInWithMailedCode(browser, await authorizeUrl(), email, t.db, () => mailSettled(t.app))
    const account = await browser.get('/account')
    expect(heading(account.body)).toBe('Your account')
    expect(account.body).toContain('<label for="locale">Language</label>')
    const options = [...account.body.matchAll(/<option value="([a-z]+)" lang="[a-z]+"( selected)?>([^<]+)<\/option>/g)].map((m) => `${m[1]}${m[2] ? '*' : ''}:${m[3]}`)
    expect(options).toEqual(['en*:English', 'nl:Nederlands', 'de:Deutsch', 'fr:Français'])

    const picked = await browser.submit(account, '/account/locale', { locale: 'fr' })
    expect(picked.status).toBe(200)
    expect(lang(picked.body)).toBe('fr')
    expect(heading(picked.body)).toBe('Votre compte')
    expect(picked.body).toContain('Votre langue est enregistrée.')
    expect(picked.body).toContain('<option value="fr" lang="fr" selected>Français</option>')
    // the choice is the account's: later pages, and the account's emails, speak it whatever the browser asks
    const later = await browser.get('/account')
    expect(lang(later.body)).toBe('fr')
    const stored = await t.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirstOrThrow()
    expect(stored.locale).toBe('fr')

    const unknown = await browser.submit(account, '/account/locale', { locale: 'xx' })
    expect(unknown.status).toBe(400)
    // in the account's language now
    expect(unknown.body).toContain('Cette page n’a pas compris ce qui a été envoyé')
    const forged = await browser.submit(account, '/account/locale', { locale: 'de', _csrf: 'forged' })
    expect(forged.status).toBe(403)
    const signedOut = await new PageClient(base).request('POST', '/account/locale', { locale: 'de' })
    expect(signedOut.status).toBe(403)
  })
})
