/**
 * Invitations are no mail relay. From the attacker's side: a stranger signs up under an open
 * brand (and so owns a tenant of their own), then invites one address 12 times and 40
 * strangers, in seconds, at the default limits. Each invitation spends the mail budgets every
 * other mail spends plus the inviter's own (tenancy/invitation-budget.ts): most are refused
 * with 429, and what is delivered stays within the documented budgets. What the customer's
 * tenant does send speaks in its own name, never as the brand; the brand's admin inviting a
 * few colleagues is not refused, and its invitations still say the brand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTestApp, errorBody, uniqueEmail, type TestApp } from './helpers.ts'
import { createClient, exchange, latestCode, mailSettled, pkcePair, requestCode } from './login-helpers.ts'

let t: TestApp
let brand: number
let app: Awaited<ReturnType<typeof createClient>>
const pair = pkcePair()

beforeAll(async () => {
  // the default limits: nothing raised
  t = await createTestApp()
  brand = (await t.app.services.tenants.create({ kind: 'operator' }, { name: 'Brand A', signup: 'customers' })).id
  app = await createClient(t.app, { tenantId: brand, redirectUris: ['https://app.brand-a.test/callback'] })
})
afterAll(() => t.close())

interface Stranger {
  headers: Record<string, string>
  home: number
  email: string
}

/** A stranger signs up as the brand's customer with a login code: their token, and the tenant they now own. */
async function signUpCustomer(ip: string): Promise<Stranger> {
  const email = uniqueEmail('stranger')
  expect((await requestCode(t.app, { email, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: brand, ip })).statusCode).toBe(200)
  const code = await latestCode(t, email)
  const token = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: pair.verifier, client_id: app.clientId, redirect_uri: app.redirectUri }, {}, ip)
  const headers = { authorization: `Bearer ${token.json().access_token}` }
  const me = (await t.app.inject({ method: 'GET', url: '/users/current', headers })).json().user as { tenants: { id: number; role: string }[] }
  const home = me.tenants.find((x) => x.role === 'owner')?.id ?? 0
  expect(home).not.toBe(brand)
  return { headers, home, email }
}

const invite = (who: { headers: Record<string, string> }, tenantId: number, email: string, ip: string, role = 'member') =>
  t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/members`, headers: who.headers, payload: { email, role }, remoteAddress: ip })

async function invitationsTo(addresses: readonly string[]) {
  await mailSettled(t.app)
  return t.db.selectFrom('email_outbox').selectAll().where('type', '=', 'invitation').where('to_address', 'in', [...addresses]).orderBy('id').execute()
}

describe('a self-signed-up customer relaying mail through invitations', () => {
  it('12 invitations to one address and 40 to strangers in seconds: most get 429, and what is delivered stays within the budgets', async () => {
    const stranger = await signUpCustomer('198.51.100.10')
    const ip = '198.51.100.20'
    const victim = uniqueEmail('victim')
    const strangers = Array.from({ length: 40 }, () => uniqueEmail('someone'))
    const answers = []
    for (let i = 0; i < 12; i++) answers.push(await invite(stranger, stranger.home, victim, ip))
    for (const email of strangers) answers.push(await invite(stranger, stranger.home, email, ip))

    const accepted = answers.filter((r) => r.statusCode === 201)
    const refused = answers.filter((r) => r.statusCode === 429)
    expect(accepted.length + refused.length).toBe(52)
    for (const res of refused) {
      expect(errorBody(res).code).toBe('rate_limited')
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }

    // one network's share of one address: RATE_LIMIT_MAIL_PER_EMAIL_PER_NETWORK 2/1h holds 3
    expect((await invitationsTo([victim])).length).toBe(3)
    // the inviter's own: RATE_LIMIT_INVITATIONS_PER_INVITER 10/1h holds 11 at once, whatever the address
    const delivered = await invitationsTo([victim, ...strangers])
    expect(delivered.length).toBe(11)
    expect(accepted.length).toBe(11)
    expect(refused.length).toBe(41)

    // a refused invitation leaves nothing behind: no link that could be mailed later
    const listed = (await t.app.inject({ method: 'GET', url: `/tenants/${stranger.home}/invitations`, headers: stranger.headers })).json() as { email: string }[]
    expect(listed.length).toBe(11)
  })

  it('moving to another network for each invitation does not renew the inviter\'s budget', async () => {
    const stranger = await signUpCustomer('198.51.100.30')
    let delivered = 0
    for (let i = 0; i < 30; i++) {
      const res = await invite(stranger, stranger.home, uniqueEmail('far'), `203.0.113.${i + 1}`)
      if (res.statusCode === 201) delivered++
      else expect(errorBody(res).code).toBe('rate_limited')
    }
    expect(delivered).toBe(11)
  })

  it('invitations and login codes draw on one budget for an address: three invitations leave a code request from that network mailing nothing', async () => {
    const stranger = await signUpCustomer('198.51.100.40')
    const ip = '198.51.100.41'
    const victim = uniqueEmail('victim')
    for (let i = 0; i < 3; i++) expect((await invite(stranger, stranger.home, victim, ip)).statusCode).toBe(201)
    expect((await invite(stranger, stranger.home, victim, ip)).statusCode).toBe(429)
    // the same answer as ever to the code request, and no code mailed from this network
    expect((await requestCode(t.app, { email: victim, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: brand, ip })).statusCode).toBe(200)
    await mailSettled(t.app)
    const codes = await t.db.selectFrom('email_outbox').select('id').where('to_address', '=', victim).where('type', '=', 'passwordlessLogin').execute()
    expect(codes).toEqual([])
    // the address's owner, on a network of its own, still gets its code: the inviter spent only its network's share
    expect((await requestCode(t.app, { email: victim, clientId: app.clientId, redirectUri: app.redirectUri, challenge: pair.challenge, tenantId: brand, ip: '192.0.2.77' })).statusCode).toBe(200)
    expect(await latestCode(t, victim)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/)
  })
})

describe('whose name an invitation carries', () => {
  it("the customer's tenant invites in its own name and the inviter's: never \"join Brand A\"", async () => {
    const stranger = await signUpCustomer('198.51.100.50')
    const invitee = uniqueEmail('invitee')
    expect((await invite(stranger, stranger.home, invitee, '198.51.100.51', 'admin')).statusCode).toBe(201)
    const [mail] = await invitationsTo([invitee])
    // the customer's tenant is named after its owner's proven address (tenancy/signup.repository.ts's joinOnSignup)
    expect(mail?.subject).toBe(`${stranger.email} invited you to join ${stranger.email}`)
    for (const part of [mail?.subject ?? '', mail?.text ?? '', mail?.html ?? '']) {
      expect(part).not.toMatch(/join Brand A/)
      expect(part).not.toMatch(/invited to join Brand A|member of Brand A/)
    }
    expect(mail?.text).toContain(`${stranger.email} invited you to join ${stranger.email}, their organisation on Brand A, as admin.`)
    expect(mail?.text).toContain(`Brand A only delivers this invitation: it comes from ${stranger.email}, not from Brand A.`)
    expect(mail?.text).toContain(`If you do not know ${stranger.email}, ignore this email.`)
    // the page behind the link names the customer's tenant too
    const link = /(http:\/\/trellis\.test\/invitations\/accept\?token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? ''
    const page = await t.app.inject({ method: 'GET', url: link.replace('http://trellis.test', '') })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`You are invited to join <strong>${stranger.email}</strong>`)
    expect(page.body).not.toContain('You are invited to join <strong>Brand A</strong>')
  })

  it("a brand's admin invites five colleagues: none refused, and each email still says the brand", async () => {
    const admin = await createActor(t, { tenantId: brand, role: 'admin', displayName: 'Ada Admin' })
    const colleagues = Array.from({ length: 5 }, () => uniqueEmail('colleague'))
    for (const email of colleagues) expect((await invite(admin, brand, email, '198.51.100.60')).statusCode).toBe(201)
    const mails = await invitationsTo(colleagues)
    expect(mails.map((m) => m.to_address).sort()).toEqual([...colleagues].sort())
    for (const mail of mails) {
      expect(mail.subject).toBe('You are invited to join Brand A')
      expect(mail.text).toContain('You have been invited to join Brand A as member.')
    }
  })
})
