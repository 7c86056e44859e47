/**
 * The console's history: an email's saved versions (with restore) and the tenant's audit
 * log, as markup. Who acted is named by a Who (console-reads.ts whoIn).
 */
import type { Page } from '../../lib/pagination.ts'
import type { AuditFilters, AuditView } from '../audit/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console } from './console-kit.ts'
import { actionButton, notes, textField } from './console.views.ts'

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
  const heading = html`<h2 id="versions-h">Earlier versions</h2>`
  if (!versions) return html`<section aria-labelledby="versions-h">${heading}<p class="hint">The versions, like editing, need the admin role.</p></section>`
  if (!versions.edges.length) return html`<section aria-labelledby="versions-h">${heading}<p class="hint">No saved versions yet: each save of the brand's emails or look adds one.</p></section>`
  const rows = versions.edges.map(({ node: v }) => html`<tr><th scope="row">${v.version}${v.restoredFrom === null ? '' : html`<br><span class="hint">restored ${v.restoredFrom}</span>`}</th>
<td>${who(v.actor)}</td><td>${when(v.createdAt)}</td><td>${v.changed.join(', ') || 'nothing'}</td>
<td class="actions">${actionButton({ action: `${base}/versions/${v.version}/restore`, csrf: c.page.csrf, label: `Restore version ${v.version}`, fields: { locale } })}</td></tr>`)
  const older = versions.pageInfo.hasNextPage && versions.pageInfo.endCursor
    ? html`<nav class="pager" aria-label="Older versions"><a href="${base}?${new URLSearchParams({ locale, versions: versions.pageInfo.endCursor }).toString()}">Older versions</a></nav>`
    : html``
  return html`<section aria-labelledby="versions-h">${heading}
<p class="hint">Newest first. A restore saves that version's settings again, as a new version.</p>
<div class="scroll"><table><thead><tr><th scope="col">Version</th><th scope="col">Who</th><th scope="col">When</th><th scope="col">Changed</th><th scope="col">Restore</th></tr></thead>
<tbody>${rows}</tbody></table></div>${older}</section>`
}

function summaryOf(summary: AuditView['summary']): string {
  const s = summary as { fields?: string[]; values?: Record<string, unknown> }
  const values = Object.entries(s.values ?? {}).map(([k, v]) => `${k}: ${String(v)}`)
  return [s.fields?.length ? `fields ${s.fields.join(', ')}` : '', values.join(', ')].filter(Boolean).join('; ')
}

export function auditFilters(base: string, filters: AuditFilters): SafeHtml {
  return html`<form method="get" action="${base}" class="search" aria-label="Filter the audit log">
${textField({ name: 'action', label: 'Action (e.g. client.create, or client.*)', value: filters.action ?? '', maxlength: 100 })}
${textField({ name: 'actor', label: 'Who (user, client, operator, or user:ID)', value: filters.actor ?? '', maxlength: 200 })}
${textField({ name: 'since', label: 'Since (a date, UTC)', value: filters.since ?? '', type: 'date', maxlength: 30 })}
<button type="submit" class="secondary">Filter</button></form>`
}

export function auditTable(base: string, filters: AuditFilters, page: Page<AuditView>, who: Who): SafeHtml {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== '')) as Record<string, string>
  const link = (key: 'after' | 'before', cursor: string | null, label: string) =>
    cursor ? html`<a href="${base}?${new URLSearchParams({ ...kept, [key]: cursor }).toString()}">${label}</a>` : html``
  const rows = page.edges.map(({ node: e }) => html`<tr><th scope="row">${e.action}</th><td>${who(e.actor)}</td>
<td>${e.target.type}${e.target.id === null ? '' : ` ${e.target.id}`}</td><td>${when(e.at)}</td><td>${e.sourceIp ?? '-'}</td><td>${summaryOf(e.summary)}</td></tr>`)
  return html`<p>${page.totalCount} entries, newest first.</p>
<div class="scroll"><table><thead><tr><th scope="col">Action</th><th scope="col">Who</th><th scope="col">Target</th><th scope="col">When</th><th scope="col">From</th><th scope="col">Summary</th></tr></thead>
<tbody>${rows}</tbody></table></div>
<nav class="pager" aria-label="Pages of the audit log">${page.pageInfo.hasPreviousPage ? link('before', page.pageInfo.startCursor, 'Newer entries') : ''} ${page.pageInfo.hasNextPage ? link('after', page.pageInfo.endCursor, 'Older entries') : ''}</nav>`
}

/** The audit page's body: the log under its filters, a member's note (null), or the filters with why the query was refused. */
export function auditBody(tenantName: string, base: string, filters: AuditFilters, log: { entries: Page<AuditView>; who: Who } | { error: string } | null): SafeHtml {
  if (log === null) return html`<p class="notice info" role="status">The audit log of ${tenantName} needs the admin role in it.</p>`
  if ('error' in log) return html`${notes({ error: log.error })}${auditFilters(base, filters)}`
  return html`${auditFilters(base, filters)}${auditTable(base, filters, log.entries, log.who)}`
}
