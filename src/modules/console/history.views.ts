/**
 * The console's history: an email's saved versions (with restore) and the tenant's audit
 * log, as markup. Who acted is shown by address where the person is a member of the tenant
 * (read through TenantsService.members, as the people page does), else by kind and id.
 */
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { Page } from '../../lib/pagination.ts'
import type { AuditFilters, AuditView } from '../audit/index.ts'
import { html, type SafeHtml } from '../pages/index.ts'
import type { Console } from './console-kit.ts'
import { actionButton, textField } from './console.views.ts'

export interface VersionRow {
  version: number
  actor: { kind: string; id: string | null }
  createdAt: string
  changed: string[]
  restoredFrom: number | null
}

/** A service's answer, or null when the policy refuses the person (403): the page says so instead. */
export async function unlessForbidden<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) return null
    throw error
  }
}

export type Who = (actor: { kind: string; id: string | null }) => string

/** Names actors: members by address, the signed-in person as "you", others by kind and id. */
export async function whoIn(app: FastifyInstance, c: Console): Promise<Who> {
  const members = (await unlessForbidden(() => app.services.tenants.members(c.actor, c.tenant.id))) ?? []
  const emails = new Map(members.map((m) => [String(m.id), m.email]))
  const me = String(c.session.user.id)
  return ({ kind, id }) => {
    if (kind === 'user' && id === me) return `you (${c.session.user.email})`
    if (kind === 'user' && id !== null && emails.has(id)) return emails.get(id) ?? id
    if (kind === 'operator') return 'the operator (command line)'
    return id === null ? kind : `${kind} ${id}`
  }
}

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
