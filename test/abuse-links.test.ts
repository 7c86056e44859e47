/**
 * A brand's token link read by two parsers. A mail client, link scanner or server-side fetcher
 * may read a link with an RFC 3986 parser where the platform checked it with the WHATWG one:
 * `https://a-app.example\@evil.example/...` is the brand's app to WHATWG and evil.example to
 * RFC 3986. From the brand admin's side: every link the two could read differently is refused
 * naming the field, and what is stored and mailed is the normalised link that was checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTestApp, errorBody, uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { createClient, mailSettled } from './login-helpers.ts'

let t: TestApp
let brand: number
let admin: Actor
const FIELD = 'emailConfig.emailTypeConfig.passwordReset.ctaLink'

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '100000/1s' })
  brand = (await t.app.services.tenants.create({ kind: 'operator' }, { name: 'A brand', signup: 'customers' })).id
  admin = await createActor(t, { tenantId: brand, role: 'admin' })
  await createClient(t.app, { tenantId: brand, redirectUris: ['https://a-app.example/callback'] })
})
afterAll(() => t.close())

const setLink = (ctaLink: string) =>
  t.app.inject({ method: 'PATCH', url: `/tenants/${brand}`, headers: admin.headers, payload: { emailConfig: { emailTypeConfig: { passwordReset: { ctaLink } } } } })

async function resetMail(): Promise<string> {
  const email = uniqueEmail('reader')
  const registered = await t.app.inject({ method: 'POST', url: `/tenants/${brand}/users/register`, payload: { email, password: 'a long passphrase' } })
  expect(registered.statusCode).toBeLessThan(300)
  expect((await t.app.inject({ method: 'POST', url: `/tenants/${brand}/users/forgotPassword`, payload: { email } })).statusCode).toBe(200)
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).where('type', '=', 'passwordReset').executeTakeFirstOrThrow()
  return `${row.text}\n${row.html}`
}

describe('a ctaLink two URL readers could send to different hosts', () => {
  it('is refused with a 400 naming the field: backslash, user name, control characters, encoded or odd hosts', async () => {
    for (const link of [
      'https://a-app.example\\@evil.example/{{resetToken}}',
      'https://a-app.example\\evil.example/{{resetToken}}',
      'https:\\\\a-app.example/{{resetToken}}',
      'https://a-app.example/r\\{{resetToken}}',
      'https://a-app.example@evil.example/{{resetToken}}',
      'https://user@a-app.example/{{resetToken}}',
      'https://a-app.example/r?t={{resetToken}}\t',
      'https://a-app.example/r\n?t={{resetToken}}',
      'https://a-app.example/r t={{resetToken}}',
      'https://a-app%2Eexample/r?t={{resetToken}}',
      'https://a-app.example%2F@evil.example/r?t={{resetToken}}',
      'https:a-app.example/r?t={{resetToken}}',
      'https://a-app.example:/r?t={{resetToken}}',
    ]) {
      const res = await setLink(link)
      expect(res.statusCode, link).toBe(400)
      expect(errorBody(res).details?.map((d) => d.field), link).toEqual([FIELD])
    }
  })

  it('a backslash link stored before this rule is not mailed: the platform\'s own link goes out', async () => {
    const current = (await t.db.selectFrom('tenants').select('email_config').where('id', '=', brand).executeTakeFirstOrThrow()).email_config
    const texts = { ...current.emailTypeConfig, passwordReset: { ctaLink: 'https://a-app.example\\@evil.example/{{resetToken}}' } }
    await t.db.updateTable('tenants').set({ email_config: JSON.stringify({ ...current, emailTypeConfig: texts }) }).where('id', '=', brand).execute()
    const mail = await resetMail()
    expect(mail).not.toContain('evil.example')
    expect(mail).toContain('/reset-password?token=')
  })

  it('a plain link is accepted, stored and mailed in its normalised form, placeholders filled', async () => {
    const res = await setLink('HTTPS://A-App.Example:443/reset/./{{resetToken}}?for={{user.username}}#top')
    expect(res.statusCode).toBe(200)
    const stored = (await t.db.selectFrom('tenants').select('email_config').where('id', '=', brand).executeTakeFirstOrThrow()).email_config
    expect(stored.emailTypeConfig?.passwordReset?.ctaLink).toBe('https://a-app.example/reset/{{resetToken}}?for={{user.username}}#top')
    const mail = await resetMail()
    expect(mail).toMatch(/https:\/\/a-app\.example\/reset\/[\w-]{20,}\?for=reader/)
    expect(mail).not.toContain('A-App.Example')
  })

  it('per-locale links are normalised and checked each on its own', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brand}`,
      headers: admin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { ctaLink: { en: 'https://A-APP.example/r?t={{resetToken}}', nl: 'https://a-app.example\\@evil.example/{{resetToken}}' } } } } },
    })
    expect(res.statusCode).toBe(400)
    expect(errorBody(res).details?.map((d) => d.field)).toEqual([`${FIELD}.nl`])
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${brand}`,
      headers: admin.headers,
      payload: { emailConfig: { emailTypeConfig: { passwordReset: { ctaLink: { en: 'https://A-APP.example/r?t={{resetToken}}' } } } } },
    })
    expect(ok.statusCode).toBe(200)
    const stored = (await t.db.selectFrom('tenants').select('email_config').where('id', '=', brand).executeTakeFirstOrThrow()).email_config
    expect(stored.emailTypeConfig?.passwordReset?.ctaLink).toEqual({ en: 'https://a-app.example/r?t={{resetToken}}' })
  })
})
