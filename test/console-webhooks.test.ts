/**
 * The console's webhooks page over real HTTP (docs/console.md, docs/webhooks.md): a brand's
 * admin adds an endpoint (its signing secret shown once), disables and enables it, sends it a
 * test event a real receiver verifies, reads its delivery log, re-sends a delivery, gives it a
 * new secret (shown once) and deletes it after a page that asks. A member sees no form and is
 * refused; another brand's endpoint is a 404; a customer's tenant has no webhooks section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { createActor, listeningTestApp, type TestApp } from './helpers.ts'
import { consoleWorld, csrfOf, landed, signedInBrowser, type ConsoleWorld } from './console-helpers.ts'
import { Receiver } from './webhook-receiver.ts'

let t: TestApp
let base: string
let w: ConsoleWorld
let receiver: Receiver

beforeAll(async () => {
  // the receiver listens on loopback, a target only an operator's configuration allows
  const listening = await listeningTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })
  t = listening
  base = listening.base
  w = await consoleWorld(t)
  receiver = new Receiver(t.clock)
  await receiver.start()
})
afterAll(async () => {
  await t?.close()
  await receiver?.close()
})

const url = (path: string, tenantId = w.brandId) => `/console/tenants/${tenantId}${path}`
const secretOn = (body: string) => /id="new-secret" type="text" value="([^"]+)"/.exec(body)?.[1]
const deliverAll = async () => {
  while ((await t.app.services.webhooks.deliverDue()) > 0) {
    // each pass is one claim of the worker
  }
}

describe('the webhooks page', () => {
  it("a brand's admin adds an endpoint (secret shown once), toggles it, tests it, re-sends, rotates and deletes it", async () => {
    const browser = await signedInBrowser(t, base, w.admin)
    const page = await browser.get(url('/webhooks'))
    expect(page.status).toBe(200)
    expect(page.body).toContain('No webhook endpoints for Acme Climate yet.')
    expect(page.body).toContain(`href="${url('/webhooks')}" aria-current="page">Webhooks</a>`)

    // refused on the form: no event chosen, and a target that is not a URL; the form comes back as typed
    const empty = await browser.submit(page, url('/webhooks'), { url: receiver.url('/hooks') })
    expect(empty.status).toBe(400)
    expect(empty.body).toContain('Events: choose at least one event.')
    expect(empty.body).toContain(`value="${receiver.url('/hooks')}"`)
    const bad = await browser.submit(page, url('/webhooks'), { url: 'ftp://hooks.acme.example/x', eventTypes: 'user.created' })
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('The webhook URL is refused: it must be an https URL.')
    expect(bad.body).toMatch(/<input type="checkbox" name="eventTypes" value="user.created" checked>/)
    expect(await t.app.services.webhooks.list(OPERATOR, w.brandId)).toEqual([])

    const posted = await browser.submit(page, url('/webhooks'), { url: receiver.url('/hooks'), eventTypes: 'user.created' })
    expect(posted.location).toBe(url('/webhooks/secret'))
    const shown = await browser.get(posted.location ?? '')
    expect(shown.headers.get('cache-control')).toBe('no-store')
    const secret = secretOn(shown.body) ?? ''
    expect(secret).toMatch(/^whsec_/)
    expect(posted.body + (posted.location ?? '') + (browser.cookies.get('trellis_console_secret') ?? '')).not.toContain(secret)
    expect(shown.body).toContain(`The endpoint ${receiver.url('/hooks')} is added. Its signing secret is shown once: keep it now.`)
    const again = await browser.get(url('/webhooks/secret'))
    expect(secretOn(again.body)).toBeUndefined()
    expect(again.body).toContain('This secret was shown once already and is not shown again.')
    receiver.secrets.set('/hooks', [secret])
    const [endpoint] = await t.app.services.webhooks.list(OPERATOR, w.brandId)
    expect(endpoint).toMatchObject({ url: receiver.url('/hooks'), eventTypes: ['user.created'], enabled: true })
    const id = endpoint?.id ?? 0
    const listed = await browser.get(url('/webhooks'))
    expect(listed.body).toContain(`<code>${receiver.url('/hooks')}</code>`)
    expect(listed.body).not.toContain(secret)

    const disabled = await landed(browser, await browser.submit(listed, url(`/webhooks/${id}/enabled`)))
    expect(disabled.body).toContain(`${receiver.url('/hooks')} is disabled: it hears nothing until it is enabled again.`)
    expect((await t.app.services.webhooks.get(OPERATOR, id)).enabled).toBe(false)
    const enabled = await landed(browser, await browser.submit(disabled, url(`/webhooks/${id}/enabled`)))
    expect(enabled.body).toContain(`${receiver.url('/hooks')} is enabled.`)
    expect((await t.app.services.webhooks.get(OPERATOR, id)).enabled).toBe(true)

    // a test event: the form goes on to the endpoint's delivery log, which shows it queued, then delivered
    const tested = await browser.submit(enabled, url(`/webhooks/${id}/test`))
    expect(tested.location).toBe(url(`/webhooks/${id}`))
    const log = await browser.get(tested.location ?? '')
    expect(log.body).toContain(`A test event is on its way to ${receiver.url('/hooks')}`)
    expect(log.body).toMatch(/<code>webhook\.test<\/code><\/th><td>queued<\/td><td>0<\/td>/)
    await deliverAll()
    expect(receiver.at('/hooks')).toMatchObject([{ verifiedBy: [0], message: { type: 'webhook.test' } }])
    const delivered = await browser.get(url(`/webhooks/${id}`))
    expect(delivered.body).toMatch(/<code>webhook\.test<\/code><\/th><td>delivered<\/td><td>1<\/td><td>200<\/td>/)
    const [first] = await t.app.services.webhooks.deliveries(OPERATOR, id, 10)

    const resent = await landed(browser, await browser.submit(delivered, url(`/webhooks/${id}/deliveries/${first?.id}/resend`)))
    expect(resent.body).toContain(`The event is queued again for ${receiver.url('/hooks')}, as a new delivery.`)
    await deliverAll()
    expect(receiver.at('/hooks').map((r) => r.verifiedBy)).toEqual([[0], [0]])
    expect((await t.app.services.webhooks.deliveries(OPERATOR, id, 10)).map((d) => d.status)).toEqual(['delivered', 'delivered'])

    const rotated = await landed(browser, await browser.submit(await browser.get(url('/webhooks')), url(`/webhooks/${id}/rotate`)))
    const fresh = secretOn(rotated.body) ?? ''
    expect(fresh).toMatch(/^whsec_/)
    expect(fresh).not.toBe(secret)
    expect(rotated.body).toContain('the old one keeps signing beside it for a day')
    expect(secretOn((await browser.get(url('/webhooks/secret'))).body)).toBeUndefined()

    const webhooks = await browser.get(url('/webhooks'))
    expect(webhooks.body).toContain(`href="${url(`/webhooks/${id}/delete`)}"`)
    expect(webhooks.body).not.toContain(`action="${url(`/webhooks/${id}/delete`)}"`)
    const asked = await browser.get(url(`/webhooks/${id}/delete`))
    expect(asked.body).toContain(`${receiver.url('/hooks')} will be deleted with its delivery log`)
    expect(await t.app.services.webhooks.list(OPERATOR, w.brandId)).toHaveLength(1)
    const deleted = await landed(browser, await browser.submit(asked, url(`/webhooks/${id}/delete`)))
    expect(deleted.body).toContain(`${receiver.url('/hooks')} is deleted.`)
    expect(await t.app.services.webhooks.list(OPERATOR, w.brandId)).toEqual([])
    const audited = await t.db.selectFrom('audit_log').select('action').where('target_id', '=', String(id)).where('actor_id', '=', String(w.admin.user.id)).execute()
    expect(audited.map((a) => a.action).sort()).toEqual(['webhook.create', 'webhook.delete', 'webhook.secret.rotate', 'webhook.update', 'webhook.update'])
  })

  it("a member sees no form and is refused; another brand's endpoint is a 404; a customer's tenant has no webhooks", async () => {
    const mine = await t.app.services.webhooks.create(OPERATOR, w.brandId, { url: receiver.url('/mine'), eventTypes: ['user.created'] })
    const theirs = await t.app.services.webhooks.create(OPERATOR, w.otherId, { url: receiver.url('/theirs'), eventTypes: ['user.created'] })
    const member = await signedInBrowser(t, base, w.member)
    const memberPage = await member.get(url('/webhooks'))
    expect(memberPage.body).toContain('The webhook endpoints of Acme Climate are managed by its admins.')
    expect(memberPage.body).not.toContain('Add endpoint')
    expect(memberPage.body).not.toContain(receiver.url('/mine'))
    const csrf = csrfOf(memberPage.body)
    expect((await member.request('POST', url('/webhooks'), { _csrf: csrf, url: receiver.url('/x'), eventTypes: 'user.created' })).status).toBe(403)
    expect((await member.get(url(`/webhooks/${mine.endpoint.id}`))).status).toBe(403)
    for (const action of ['enabled', 'rotate', 'delete', 'test']) {
      expect((await member.request('POST', url(`/webhooks/${mine.endpoint.id}/${action}`), { _csrf: csrf })).status, action).toBe(403)
    }

    const admin = await signedInBrowser(t, base, w.admin)
    const adminCsrf = csrfOf((await admin.get(url('/webhooks'))).body)
    expect((await admin.get(url(`/webhooks/${theirs.endpoint.id}`))).status).toBe(404)
    expect((await admin.get(url(`/webhooks/${theirs.endpoint.id}`, w.otherId))).status).toBe(404)
    for (const action of ['enabled', 'rotate', 'delete', 'test', 'deliveries/1/resend']) {
      expect((await admin.request('POST', url(`/webhooks/${theirs.endpoint.id}/${action}`), { _csrf: adminCsrf })).status, action).toBe(404)
      expect((await admin.request('POST', url(`/webhooks/${theirs.endpoint.id}/${action}`, w.otherId), { _csrf: adminCsrf })).status, action).toBe(404)
    }
    expect(await t.app.services.webhooks.get(OPERATOR, theirs.endpoint.id)).toMatchObject({ enabled: true, previousSecretUntil: null })

    // a stranger who signs up owns a tenant under the brand: it is no brand, it has no endpoints to add
    const customer = await t.app.services.tenants.create(OPERATOR, { name: 'Customer Home', parentTenantId: w.brandId })
    const owner = await createActor(t, { tenantId: customer.id, role: 'owner' })
    const ownerBrowser = await signedInBrowser(t, base, owner)
    const home = await ownerBrowser.get(url('', customer.id))
    expect(home.body).not.toContain('/webhooks"')
    expect((await ownerBrowser.get(url('', w.brandId))).status).toBe(404)
    const ownerPage = await ownerBrowser.get(url('/webhooks', customer.id))
    expect(ownerPage.body).toContain('Webhook endpoints belong to a brand: Customer Home is not one, so it has none.')
    expect(ownerPage.body).not.toContain('Add endpoint')
    const tried = await ownerBrowser.request('POST', url('/webhooks', customer.id), { _csrf: csrfOf(ownerPage.body), url: receiver.url('/stolen'), eventTypes: 'user.created' })
    expect(tried.status).toBe(403)
    expect(await t.app.services.webhooks.list(OPERATOR, customer.id).catch(() => [])).toEqual([])
  })
})
