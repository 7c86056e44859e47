/**
 * The platform's name is lent only to brands it trusts. Driven over HTTP from the attacker's
 * side: a stranger who signed up as a customer (and owns a tenant) cannot give it a face,
 * a brand's admin cannot send a token to a host the brand has not proven it lives on, and
 * the smaller doors (PKCE plain, a profile without the account scope) are shut. The
 * legitimate flows keep working beside each attack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTestApp, errorBody, uniqueEmail, type Actor, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, mailSettled, pkcePair, requestCode } from './login-helpers.ts'

let t: TestApp
let brand: number
let brandAdmin: Actor
let app: Awaited<ReturnType<typeof createClient>>
const pair = pkcePair()

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAIL_PER_IP: '100000/1s' })
  brand = (await t.app.services.tenants.create({ kind: 'operator' }, { name: 'Duux-like', signup: 'customers' })).id
  brandAdmin = await createActor(t, { tenantId: brand, role: 'admin' })
  // the brand's own app: its redirect origin is where the brand has proven it lives
  app = await createClient(t.app, { tenantId: brand, redirectUris: ['https://app.brand.test/callback'] })
})
afterAll(() => t.close())

const call = (who: Actor | { headers: Record<string, string> } | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) })

/** A stranger signs up as the brand's customer with a login code: their token, and the tenant they now own. */
async function signUpCustomer(): Promise<{ headers: Record<string, string>; home: number; email: string }> {
  const email = uniqueEmail('stranger')
  expect((await requestCode(t.app, { email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: brand })).statusCode).toBe(200)
  const code = await latestCode(t, email)
  const token = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: app.redirectUri })
  const headers = { authorization: `Bearer ${token.json().access_token}` }
  const me = (await call({ headers }, 'GET', '/users/current')).json().user as { tenants: { id: number; role: string }[] }
  const home = me.tenants.find((x) => x.role === 'owner')?.id ?? 0
  return { headers, home, email }
}

async function lastMail(to: string) {
  await mailSettled(t.app)
  return t.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirst()
}

describe('attack 1: phishing through the platform from a customer\'s own tenant', () => {
  it('the stranger cannot rename it, give it a logo, open its sign-up or write its email texts and links', async () => {
    const stranger = await signUpCustomer()
    for (const [field, value] of [
      ['name', 'Big Bank Security'],
      ['logoUrl', 'https://evil.example/bank.png'],
      ['signup', 'customers'],
      ['senderEmail', 'security@bank.example'],
      ['emailConfig', { emailTypeConfig: { emailConfirmation: { subject: 'Big Bank: verify', ctaLink: 'https://evil.example/c?t={{emailConfirmationToken}}' } } }],
    ] as const) {
      const res = await call(stranger, 'PATCH', `/tenants/${stranger.home}`, { [field]: value })
      expect(res.statusCode, field).toBe(403)
      expect(errorBody(res).code).toBe('not_a_brand')
      expect(errorBody(res).details?.map((d) => d.field)).toEqual([`body.${field}`])
    }
    // nor can it make itself a brand or approve a domain
    const mark = await call(stranger, 'PATCH', `/tenants/${stranger.home}`, { brand: true, name: 'Big Bank Security' })
    expect(mark.statusCode).toBe(403)
    expect(errorBody(mark).details?.map((d) => d.field)).toEqual(['body.brand'])
  })

  it('a face written into the row anyway (before this rule) lends nothing: the pages and emails wear the brand\'s', async () => {
    const stranger = await signUpCustomer()
    await t.db
      .updateTable('tenants')
      .set({
        name: 'Big Bank Security',
        logo_url: 'https://evil.example/bank.png',
        signup: 'customers',
        email_config: JSON.stringify({ emailTypeConfig: { emailConfirmation: { subject: 'Big Bank: verify now', ctaLink: 'https://evil.example/c?t={{emailConfirmationToken}}' } } }),
      })
      .where('id', '=', stranger.home)
      .execute()
    // sign-up under it is closed, whatever its row says
    const victim = uniqueEmail('victim')
    const register = await call(null, 'POST', `/tenants/${stranger.home}/users/register`, { email: victim, password: 'a long passphrase' })
    expect(register.statusCode).toBe(403)
    await requestCode(t.app, { email: victim, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: stranger.home })
    expect(await lastMail(victim)).toBeUndefined()
    // the hosted page under its prefix is the brand's
    const page = await call(null, 'GET', `/tenants/${stranger.home}/auth/oauth2/authorize?response_type=code&client_id=${app.clientId}&redirect_uri=${encodeURIComponent(app.redirectUri)}&code_challenge=${pair.challenge}&code_challenge_method=S256`)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Duux-like')
    expect(page.body).not.toContain('Big Bank')
    expect(page.body).not.toContain('evil.example')
    // an invitation from it speaks as the stranger (the tenant's name beside the stranger's
    // proven address), never as the brand, and lends nothing of a face: no logo, no link,
    // no sender name of the row's; the brand only delivers it
    expect((await call(stranger, 'POST', `/tenants/${stranger.home}/members`, { email: victim, role: 'member' })).statusCode).toBe(201)
    const invitation = await lastMail(victim)
    expect(invitation?.subject).toBe(`${stranger.email} invited you to join Big Bank Security`)
    expect(invitation?.text).toContain(`Duux-like only delivers this invitation: it comes from ${stranger.email}, not from Duux-like.`)
    expect(`${invitation?.subject} ${invitation?.text}`).not.toMatch(/join Duux-like/)
    expect(`${invitation?.text} ${invitation?.html} ${invitation?.from_name}`).not.toMatch(/evil\.example/)
    expect(invitation?.from_name).not.toMatch(/Big Bank/)
  })

  it('the customer still manages its own tenant: spaces, devices, contact details', async () => {
    const customer = await signUpCustomer()
    expect((await call(customer, 'POST', `/tenants/${customer.home}/spaces`, { name: 'Living room' })).statusCode).toBe(201)
    expect((await call(customer, 'POST', `/tenants/${customer.home}/sensors`, { deviceId: 'e0:5a:1b:26:00:01', name: 'Fan', type: '58' })).statusCode).toBe(201)
    expect((await call(customer, 'PATCH', `/tenants/${customer.home}`, { address: '1 Home St', timeZone: 'Europe/Amsterdam' })).statusCode).toBe(200)
  })

  it('the platform can make a tenant under a brand a brand of its own; then it may brand itself', async () => {
    const platform = await createActor(t, { platformAdmin: true })
    const sub = (await t.app.services.tenants.create({ kind: 'operator' }, { name: 'Duux Pro', parentTenantId: brand })).id
    const owner = await createActor(t, { tenantId: sub, role: 'owner' })
    expect((await call(owner, 'PATCH', `/tenants/${sub}`, { logoUrl: 'https://pro.brand.test/logo.png' })).statusCode).toBe(403)
    const marked = await call(platform, 'PATCH', `/tenants/${sub}`, { brand: true })
    expect(marked.statusCode).toBe(200)
    expect(marked.json().brand).toBe(true)
    expect((await call(owner, 'PATCH', `/tenants/${sub}`, { logoUrl: 'https://pro.brand.test/logo.png' })).statusCode).toBe(200)
  })
})

describe('attack 2: a brand\'s token links to a host of the admin\'s choosing', () => {
  const reset = (ctaLink: string) => ({ emailConfig: { emailTypeConfig: { passwordReset: { ctaLink } } } })

  it('refuses, at PATCH time and naming the field, any link not on an origin verified for the brand', async () => {
    for (const link of [
      'https://evil.example/r?t={{resetToken}}',
      'java\tscript:alert(1)//{{resetToken}}',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' data:text/html,{{resetToken}}',
      'http://app.brand.test/reset?t={{resetToken}}',
      'https://app.brand.test@evil.example/r?t={{resetToken}}',
      'https://app.brand.test.evil.example/r?t={{resetToken}}',
      'https://{{company.name}}.example/r?t={{resetToken}}',
      'https://app.brand.test{{user.username}}/r?t={{resetToken}}',
      '//evil.example/r?t={{resetToken}}',
    ]) {
      const res = await call(brandAdmin, 'PATCH', `/tenants/${brand}`, reset(link))
      expect(res.statusCode, link).toBe(400)
      expect(errorBody(res).details?.[0]?.field, link).toBe('emailConfig.emailTypeConfig.passwordReset.ctaLink')
    }
  })

  it('the brand sets its texts and a token link on its app\'s origin, and its customer gets them', async () => {
    const res = await call(brandAdmin, 'PATCH', `/tenants/${brand}`, {
      emailConfig: { emailTypeConfig: { passwordReset: { subject: 'Duux: reset your password', ctaLink: 'https://app.brand.test/reset?token={{resetToken}}' } } },
    })
    expect(res.statusCode).toBe(200)
    const customer = await signUpCustomer()
    expect((await call(null, 'POST', `/tenants/${brand}/users/forgotPassword`, { email: customer.email })).statusCode).toBe(200)
    const mail = await lastMail(customer.email)
    expect(mail?.subject).toBe('Duux: reset your password')
    expect(mail?.text).toMatch(/https:\/\/app\.brand\.test\/reset\?token=[\w-]+/)
  })

  it('a domain only the platform approves: the brand cannot approve its own', async () => {
    const own = await call(brandAdmin, 'PATCH', `/tenants/${brand}`, { linkDomains: ['evil.example'] })
    expect(own.statusCode).toBe(403)
    expect(errorBody(own).details?.map((d) => d.field)).toEqual(['body.linkDomains'])
    const platform = await createActor(t, { platformAdmin: true })
    expect((await call(platform, 'PATCH', `/tenants/${brand}`, { linkDomains: ['links.brand.test'] })).statusCode).toBe(200)
    expect((await call(brandAdmin, 'PATCH', `/tenants/${brand}`, reset('https://links.brand.test/r?t={{resetToken}}'))).statusCode).toBe(200)
  })

  it('a link stored before the rule is not used: the platform\'s own link goes out instead', async () => {
    const current = (await t.db.selectFrom('tenants').select('email_config').where('id', '=', brand).executeTakeFirstOrThrow()).email_config
    const texts = { ...current.emailTypeConfig, passwordReset: { ctaLink: 'https://evil.example/r?t={{resetToken}}' } }
    await t.db.updateTable('tenants').set({ email_config: JSON.stringify({ ...current, emailTypeConfig: texts }) }).where('id', '=', brand).execute()
    const customer = await signUpCustomer()
    await call(null, 'POST', `/tenants/${brand}/users/forgotPassword`, { email: customer.email })
    const mail = await lastMail(customer.email)
    expect(mail?.type).toBe('passwordReset')
    expect(`${mail?.text} ${mail?.html}`).not.toContain('evil.example')
    expect(mail?.text).toContain('/reset-password?token=')
  })
})

describe('attack 5: the smaller doors', () => {
  it('PKCE plain, or a challenge with no method, is refused by the code API and the v5 dialect; discovery says S256 only', async () => {
    const body = { email: uniqueEmail('plain'), client_id: app.clientId, redirect_uri: app.redirectUri, code_challenge: pair.verifier }
    for (const extra of [{ code_challenge_method: 'plain' }, {}, { code_challenge_method: '' }]) {
      const res = await call(null, 'POST', '/auth/passwordlessLogin/code', { ...body, ...extra })
      expect(res.statusCode).toBe(400)
      expect(errorBody(res).code).toBe('invalid_code_challenge_method')
    }
    const v5 = await call(null, 'POST', '/v5/auth/passwordlessLogin/code', { email: body.email, clientId: app.clientId, redirectUri: app.redirectUri, codeChallenge: pair.verifier, codeChallengeMethod: 'plain' })
    expect(v5.json().data).toBeNull()
    for (const url of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      expect((await call(null, 'GET', url)).json().code_challenge_methods_supported).toEqual(['S256'])
    }
  })

  it('a token without the account scope reads no profile: REST, userinfo, v5', async () => {
    const member = await createActor(t, { tenantId: brand, role: 'member', scopes: ['sensors:read'] })
    for (const url of ['/users/current', '/userinfo', '/tenants/' + brand + '/sensors']) {
      const res = await call(member, 'GET', url)
      if (url.endsWith('/sensors')) expect(res.statusCode).toBe(200)
      else expect(res.statusCode, url).toBe(403)
    }
    for (const url of ['/v5/user/me', '/v5/users/current']) expect((await call(member, 'GET', url)).json().errorMessage, url).toBe('Not_Allowed')
  })
})
