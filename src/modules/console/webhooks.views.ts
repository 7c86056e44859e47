/** The webhooks page as markup: a brand's endpoints with their buttons, the form that adds one, an endpoint's delivery log. */
import { EVENT_TYPES } from '../../lib/events.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { EndpointView, WebhooksService } from '../webhooks/index.ts'
import { copyable } from './apps.views.ts'
import type { Console, ConsolePage, Notes } from './console-kit.ts'
import { actionButton, confirmLink, csrfField, notes, textField } from './console.views.ts'
import type { Draft } from './forms.ts'
import type { Shown } from './shown-once.ts'

/** A delivery of the log, as the webhooks service answers it. */
export type Delivery = Awaited<ReturnType<WebhooksService['deliveries']>>[number]

/** A time as the console writes it: minutes, in UTC. */
export const when = (at: Date | null) => (at ? `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '-')

const base = (c: Console) => `/console/tenants/${c.tenant.id}/webhooks`

function state(c: Console, e: EndpointView): string {
  if (e.enabled) return c.t.text('webhooks.enabled')
  return c.t.text(e.disabledReason ? 'webhooks.disabledByPlatform' : 'webhooks.disabled')
}

function row(c: Console, e: EndpointView): SafeHtml {
  const { t } = c
  const at = `${base(c)}/${e.id}`
  const url = { url: e.url }
  const toggle = e.enabled
    ? actionButton({ action: `${at}/enabled`, csrf: c.page.csrf, label: t.text('webhooks.disable', url), fields: { enabled: 'false' } })
    : actionButton({ action: `${at}/enabled`, csrf: c.page.csrf, label: t.text('webhooks.enable', url), fields: { enabled: 'true' } })
  return html`<tr><th scope="row"><code>${e.url}</code></th><td>${e.eventTypes.join(', ')}</td><td>${state(c, e)}</td><td>${when(e.failingSince)}</td>
<td class="buttons"><a href="${at}" class="button secondary small">${t.text('webhooks.log', url)}</a>
${actionButton({ action: `${at}/test`, csrf: c.page.csrf, label: t.text('webhooks.sendTest', url) })}
${toggle}
${actionButton({ action: `${at}/rotate`, csrf: c.page.csrf, label: t.text('webhooks.rotate', url) })}
${confirmLink({ href: `${at}/delete`, label: t.text('webhooks.delete', url) })}</td></tr>`
}

function addForm(c: Console, draft?: Draft): SafeHtml {
  const { t } = c
  const chosen = draft ? (draft.typed.eventTypes ?? '').split(' ') : []
  const problem = draft?.problems.eventTypes
  return html`<h2>${t.text('webhooks.add')}</h2>
<form method="post" action="${base(c)}" class="stack narrow">${csrfField(c.page.csrf)}
${textField({ name: 'url', label: t.text('webhooks.url'), value: draft?.typed.url ?? '', type: 'url', hint: t.text('webhooks.urlHint'), required: true, maxlength: 2000, placeholder: 'https://hooks.acme.example/trellis', problem: draft?.problems.url })}
<fieldset${problem ? html` class="field invalid"` : ''}><legend>${t.text('webhooks.eventsLegend')}</legend>${problem ? html`<p class="hint problem">${problem}</p>` : ''}
${EVENT_TYPES.map((type) => html`<label class="choice"><input type="checkbox" name="eventTypes" value="${type}"${chosen.includes(type) ? html` checked` : ''}> <code>${type}</code></label>`)}</fieldset>
<button type="submit">${t.text('webhooks.addButton')}</button></form>`
}

/** Why a person sees no endpoints: a customer's tenant has none, a member asks the admins. */
export function noWebhooks(c: Console, brand: boolean): ConsolePage {
  const sentence = c.t.text(brand ? 'webhooks.ask' : 'webhooks.brandsOnly', { tenant: c.tenant.name })
  return { title: c.t.text('webhooks.title'), section: 'webhooks', body: html`<p class="notice info" role="status">${sentence}</p>` }
}

export function webhooksPage(c: Console, endpoints: EndpointView[], n: Notes, extra: SafeHtml = html``, draft?: Draft): ConsolePage {
  const { t } = c
  const table = endpoints.length
    ? html`<table class="webhooks"><thead><tr><th scope="col">${t.text('webhooks.url')}</th><th scope="col">${t.text('webhooks.events')}</th><th scope="col">${t.text('webhooks.state')}</th><th scope="col">${t.text('webhooks.failingSince')}</th><th scope="col">${t.text('webhooks.actions')}</th></tr></thead>
<tbody>${endpoints.map((e) => row(c, e))}</tbody></table>`
    : html`<p>${t.text('webhooks.noneYet', { tenant: c.tenant.name })}</p>`
  const body = html`${notes(n)}${extra}<p>${t.text('webhooks.intro', { tenant: c.tenant.name })}</p>
${table}
${addForm(c, draft)}`
  return { title: t.text('webhooks.title'), section: 'webhooks', body, scripts: ['/console/console.js'] }
}

/** A signing secret a form made, on the page it redirected to (shown-once.ts); null: it was shown already. */
export function shownWebhookSecret(c: Console, shown: Shown | null): SafeHtml {
  const { t } = c
  if (!shown) return html`<p class="notice info" role="status">${t.text('webhooks.shownAlready')}</p>`
  const sentence = t.text(shown.kind === 'webhookRotated' ? 'webhooks.rotated' : 'webhooks.added', { name: shown.name })
  return html`<div class="notice ok" role="status"><p>${sentence}</p>${copyable('new-secret', t.text('webhooks.secret'), t.text('webhooks.copySecret'), shown.secret)}</div>`
}

/** One endpoint's deliveries, newest first, each with its re-send button. */
export function deliveriesPage(c: Console, endpoint: EndpointView, deliveries: Delivery[]): ConsolePage {
  const { t } = c
  const at = `${base(c)}/${endpoint.id}`
  const url = { url: endpoint.url }
  const rows = deliveries.map(
    (d) => html`<tr><th scope="row"><code>${d.type}</code></th><td>${t.text(`webhooks.${d.status}`)}</td><td>${d.attempts}</td><td>${d.lastStatus ?? '-'}</td><td>${when(d.lastAttemptAt ?? d.createdAt)}</td><td>${d.status === 'queued' ? when(d.nextAttemptAt) : '-'}</td>
<td>${actionButton({ action: `${at}/deliveries/${d.id}/resend`, csrf: c.page.csrf, label: t.text('webhooks.resend', { id: String(d.id) }) })}</td></tr>`,
  )
  const table = deliveries.length
    ? html`<table class="deliveries"><thead><tr><th scope="col">${t.text('webhooks.event')}</th><th scope="col">${t.text('webhooks.status')}</th><th scope="col">${t.text('webhooks.attempts')}</th><th scope="col">${t.text('webhooks.statusCode')}</th><th scope="col">${t.text('webhooks.time')}</th><th scope="col">${t.text('webhooks.nextRetry')}</th><th scope="col"></th></tr></thead>
<tbody>${rows}</tbody></table>`
    : html`<p>${t.text('webhooks.noDeliveries', url)}</p>`
  const body = html`<p><code>${endpoint.url}</code> · ${state(c, endpoint)}</p>
<p class="buttons">${actionButton({ action: `${at}/test`, csrf: c.page.csrf, label: t.text('webhooks.sendTest', url) })} <a href="${base(c)}" class="button secondary small">${t.text('webhooks.back')}</a></p>
<h2>${t.text('webhooks.logTitle')}</h2>
${table}`
  return { title: t.text('webhooks.log', url), section: 'webhooks', body }
}
