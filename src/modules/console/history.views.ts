/**
 * The console's history: an email's saved versions (with restore) and the tenant's audit
 * log, as markup. Who acted is named by a Who (console-reads.ts whoIn).
 */
import type { Page } from '../../lib/pagination.ts'
import type { AuditFilters, AuditView } from '../audit/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console } from './console-kit.ts'
import { actionButton, notes, textField } from './console.views.ts'
import type { ConsoleText } from './i18n.ts'
import type { ConsoleMessageKey } from './locales/en.ts'

const columns = (t: ConsoleText, keys: ConsoleMessageKey[]) => html`<thead><tr>${keys.map((key) => html`<th scope="col">${t.text(key)}</th>`)}</tr></thead>`

export interface VersionRow {
  version: number
  actor: { kind: string; id: string | null }
  createdAt: string
  changed: string[]
  restoredFrom: number | null
}

export type Who = (actor: { kind: string; id: string | null }) => string

/** "2026-11-25 05:56 UTC": the same for everyone, whatever their zone. */
export const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

export function versionsList(c: Console, base: string, locale: string, versions: Page<VersionRow> | null, who: Who): SafeHtml {
  const { t } = c
  const heading = html`<h2 id="versions-h">${t.text('versions.title')}</h2>`
  if (!versions) return html`<section aria-labelledby="versions-h">${heading}<p class="hint">${t.text('versions.needsAdmin')}</p></section>`
  if (!versions.edges.length) return html`<section aria-labelledby="versions-h">${heading}<p class="hint">${t.text('versions.none')}</p></section>`
  const rows = versions.edges.map(({ node: v }) => html`<tr><th scope="row">${v.version}${v.restoredFrom === null ? '' : html`<br><span class="hint">${t.text('versions.restoredFrom', { version: v.restoredFrom })}</span>`}</th>
<td>${who(v.actor)}</td><td>${when(v.createdAt)}</td><td>${v.changed.join(', ') || t.text('versions.nothing')}</td>
<td class="actions">${actionButton({ action: `${base}/versions/${v.version}/restore`, csrf: c.page.csrf, label: t.text('versions.restore', { version: v.version }), fields: { locale } })}</td></tr>`)
  const older = versions.pageInfo.hasNextPage && versions.pageInfo.endCursor
    ? html`<nav class="pager" aria-label="${t.text('versions.older')}"><a href="${base}?${new URLSearchParams({ locale, versions: versions.pageInfo.endCursor }).toString()}">${t.text('versions.older')}</a></nav>`
    : html``
  return html`<section aria-labelledby="versions-h">${heading}
<p class="hint">${t.text('versions.intro')}</p>
<div class="scroll"><table>${columns(t, ['versions.version', 'versions.who', 'versions.when', 'versions.changed', 'versions.restoreColumn'])}
<tbody>${rows}</tbody></table></div>${older}</section>`
}

function summaryOf(summary: AuditView['summary']): string {
  const s = summary as { fields?: string[]; values?: Record<string, unknown> }
  const values = Object.entries(s.values ?? {}).map(([k, v]) => `${k}: ${String(v)}`)
  return [s.fields?.length ? `fields ${s.fields.join(', ')}` : '', values.join(', ')].filter(Boolean).join('; ')
}

export function auditFilters(t: ConsoleText, base: string, filters: AuditFilters): SafeHtml {
  return html`<form method="get" action="${base}" class="search" aria-label="${t.text('audit.filter')}">
${textField({ name: 'action', label: t.text('audit.action'), value: filters.action ?? '', maxlength: 100 })}
${textField({ name: 'actor', label: t.text('audit.actor'), value: filters.actor ?? '', maxlength: 200 })}
${textField({ name: 'since', label: t.text('audit.since'), value: filters.since ?? '', type: 'date', maxlength: 30 })}
<button type="submit" class="secondary">${t.text('audit.filterButton')}</button></form>`
}

export function auditTable(t: ConsoleText, base: string, filters: AuditFilters, page: Page<AuditView>, who: Who): SafeHtml {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<string, string>
  const link = (key: 'after' | 'before', cursor: string | null, label: string) =>
    cursor ? html`<a href="${base}?${new URLSearchParams({ ...kept, [key]: cursor }).toString()}">${label}</a>` : html``
  const rows = page.edges.map(({ node: e }) => html`<tr><th scope="row">${e.action}</th><td>${who(e.actor)}</td>
<td>${e.target.type}${e.target.id === null ? '' : ` ${e.target.id}`}</td><td>${when(e.at)}</td><td>${e.sourceIp ?? '-'}</td><td>${summaryOf(e.summary)}</td></tr>`)
  return html`<p>${t.text('audit.count', { count: page.totalCount })}</p>
<div class="scroll"><table>${columns(t, ['audit.actionColumn', 'versions.who', 'audit.target', 'versions.when', 'audit.from', 'audit.summary'])}
<tbody>${rows}</tbody></table></div>
<nav class="pager" aria-label="${t.text('audit.pages')}">${page.pageInfo.hasPreviousPage ? link('before', page.pageInfo.startCursor, t.text('audit.newer')) : ''} ${page.pageInfo.hasNextPage ? link('after', page.pageInfo.endCursor, t.text('audit.older')) : ''}</nav>`
}

/** The audit page's body: the log under its filters, a member's note (null), or the filters with why the query was refused. */
export function auditBody(t: ConsoleText, tenantName: string, base: string, filters: AuditFilters, log: { entries: Page<AuditView>; who: Who } | { error: string } | null): SafeHtml {
  if (log === null) return html`<p class="notice info" role="status">${t.text('audit.needsAdmin', { tenant: tenantName })}</p>`
  if ('error' in log) return html`${notes({ error: log.error })}${auditFilters(t, base, filters)}`
  return html`${auditFilters(t, base, filters)}${auditTable(t, base, filters, log.entries, log.who)}`
}
