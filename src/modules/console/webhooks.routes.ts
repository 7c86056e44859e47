/**
 * A brand's webhook endpoints in the console (docs/webhooks.md): its admins (and platform
 * administrators) list them, add one (its signing secret shown once, shown-once.ts), enable or
 * disable one, give it a new secret (shown once), delete it (after a page that asks), send it a
 * test event, and read its delivery log with a re-send for each delivery. Every action is one
 * call of the webhooks service, as the /webhooks API's routes make (policy.ts webhooks.manage:
 * a brand's admins only); a customer's tenant has no endpoints and the page says so.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { EVENT_TYPES } from '../../lib/events.ts'
import { AppError, notFound } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { isBrand } from '../tenancy/index.ts'
import { field, type SafeHtml } from '../pages/index.ts'
import type { EndpointView } from '../webhooks/index.ts'
import { refusalOf, type Console, type ConsoleKit, type ConsolePage, type ConsoleServices, type Notes, type Onward } from './console-kit.ts'
import { hasProblems, type Draft, type Problems } from './forms.ts'
import { deliveriesPage, noWebhooks, shownWebhookSecret, webhooksPage } from './webhooks.views.ts'

/** The deliveries the log shows, newest first. */
const LOG_LENGTH = 50

const manages = (c: Console) => isBrand(c.tenant) && (c.admin || c.platformAdmin)

async function show(s: ConsoleServices, c: Console, n: Notes, extra?: SafeHtml, draft?: Draft): Promise<ConsolePage> {
  if (!manages(c)) return noWebhooks(c, isBrand(c.tenant))
  return webhooksPage(c, await s.webhooks.list(c.actor, c.tenant.id), n, extra, draft)
}

const endpointParam = (request: FastifyRequest) => (request.params as { endpointId: number }).endpointId
const eventTypesOf = (request: FastifyRequest) => {
  const raw = (request.body as Record<string, unknown> | undefined)?.eventTypes
  return (Array.isArray(raw) ? raw : [raw]).filter((s): s is string => typeof s === 'string')
}

/** An endpoint of this tenant by id; another owner's (or none) is a 404, as for a missing one. */
async function ownEndpoint(s: ConsoleServices, c: Console, id: number): Promise<EndpointView> {
  const endpoint = await s.webhooks.get(c.actor, id)
  if (endpoint.tenantId !== c.tenant.id) throw notFound('Webhook endpoint')
  return endpoint
}

export function webhookRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  const { webhooks } = s
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(s, c, n)
  const params = { endpointId: Id }
  const list = { back: '/webhooks' }
  const one = { back: (_c: Console, request: FastifyRequest) => `/webhooks/${endpointParam(request)}`, params }
  const logView = async (c: Console, request: FastifyRequest) => {
    const endpoint = await ownEndpoint(s, c, endpointParam(request))
    return deliveriesPage(c, endpoint, await webhooks.deliveries(c.actor, endpoint.id, LOG_LENGTH))
  }

  ck.get('/webhooks', "the brand's webhook endpoints", (c) => show(s, c, {}))

  // a signing secret a form made is shown here, once: the form redirected to this page
  ck.get('/webhooks/secret', 'the signing secret a form just made, shown once (read again: it was shown already)', async (c, request, reply) => {
    const shown = ck.shownOnce.take(request, reply, c.page.browser)
    const secret = shown?.kind === 'webhook' || shown?.kind === 'webhookRotated' ? shown : null
    return { ...(await show(s, c, {}, shownWebhookSecret(c, secret))), noStore: true }
  })

  ck.post('/webhooks', "add a webhook endpoint for the brand (its admins; the secret is shown once)", async (c, request, reply) => {
    const typed = { url: field(request, 'url').trim(), eventTypes: eventTypesOf(request) }
    const problems: Problems = {}
    if (!typed.url || typed.url.length > 2000) problems.url = c.t.text('webhooks.urlProblem')
    if (!typed.eventTypes.length || typed.eventTypes.some((type) => !(EVENT_TYPES as readonly string[]).includes(type))) problems.eventTypes = c.t.text('webhooks.eventsProblem')
    const refused = async (status: number, problems: Problems, error?: string) =>
      ({ ...(await show(s, c, { error: error ?? c.t.text('form.refused') }, undefined, { typed: { url: typed.url, eventTypes: typed.eventTypes.join(' ') }, problems })), status })
    if (hasProblems(problems)) return refused(400, problems)
    try {
      const { endpoint, secret } = await webhooks.create(c.actor, c.tenant.id, typed)
      ck.shownOnce.set(reply, c.page.browser, { kind: 'webhook', name: endpoint.url, secret })
      return { onward: '/webhooks/secret' } satisfies Onward
    } catch (error) {
      // a target refused (a private address, not https) is said at the top, the form as it was typed
      const refusal = refusalOf(error, c.page.t)
      if (!refusal || !(error instanceof AppError)) throw error
      const atUrl = (error.details ?? []).some((d) => d.field === 'body.url')
      return refused(refusal.status, atUrl ? { url: c.t.text('webhooks.urlProblem') } : {}, refusal.error)
    }
  }, view, list)

  ck.post('/webhooks/:endpointId/enabled', 'enable or disable a webhook endpoint', async (c, request) => {
    const endpoint = await ownEndpoint(s, c, endpointParam(request))
    const enabled = field(request, 'enabled') === 'true'
    await webhooks.update(c.actor, endpoint.id, { enabled })
    return c.t.text(enabled ? 'webhooks.nowEnabled' : 'webhooks.nowDisabled', { url: endpoint.url })
  }, view, { ...list, params })

  // the new secret is shown once on its own page, as a new endpoint's is (above)
  ck.post('/webhooks/:endpointId/rotate', 'give a webhook endpoint a new signing secret (shown once; the old one signs beside it for a day)', async (c, request, reply) => {
    const endpoint = await ownEndpoint(s, c, endpointParam(request))
    const { secret } = await webhooks.rotate(c.actor, endpoint.id)
    ck.shownOnce.set(reply, c.page.browser, { kind: 'webhookRotated', name: endpoint.url, secret })
    return { onward: '/webhooks/secret' }
  }, view, { ...list, params })

  const deleting = { ...list, params }
  ck.confirm('/webhooks/:endpointId/delete', 'delete a webhook endpoint', async (c, request) => {
    const url = { url: (await ownEndpoint(s, c, endpointParam(request))).url }
    return { title: c.t.text('webhooks.deleteTitle', url), section: 'webhooks', sentence: c.t.text('webhooks.deleteSentence', url), button: c.t.text('webhooks.delete', url) }
  }, deleting)
  ck.post('/webhooks/:endpointId/delete', 'delete a webhook endpoint (its queued deliveries go with it)', async (c, request) => {
    const endpoint = await ownEndpoint(s, c, endpointParam(request))
    await webhooks.remove(c.actor, endpoint.id)
    return c.t.text('webhooks.deleted', { url: endpoint.url })
  }, view, deleting)

  ck.get('/webhooks/:endpointId', "a webhook endpoint's delivery log", (c, request) => logView(c, request), params)

  ck.post('/webhooks/:endpointId/test', 'send a test event to a webhook endpoint', async (c, request) => {
    const endpoint = await ownEndpoint(s, c, endpointParam(request))
    await webhooks.sendTest(c.actor, endpoint.id)
    return c.t.text('webhooks.testSent', { url: endpoint.url })
  }, logView, one)

  ck.post('/webhooks/:endpointId/deliveries/:deliveryId/resend', "queue a delivery's event again for its endpoint", async (c, request) => {
    const endpoint = await ownEndpoint(s, c, endpointParam(request))
    await webhooks.resend(c.actor, endpoint.id, (request.params as { deliveryId: number }).deliveryId)
    return c.t.text('webhooks.resent', { url: endpoint.url })
  }, logView, { ...one, params: { ...params, deliveryId: Id } })
}
