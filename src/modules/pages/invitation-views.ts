/** The invitation page's bodies: pure functions from what to show to markup. */
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import type { Translator } from './i18n.ts'
import { notice } from './layout.ts'
import { formatDateTime } from '../email/index.ts'

export interface InvitationPreview {
  tenantName: string
  email: string
  role: string
  expiresAt: string
  /** The inviting tenant's time zone (IANA), in which the expiry is shown. */
  timeZone: string
}

/** Who is looking: nobody signed in, the invited address, or someone else. */
export type Viewer = { kind: 'signed-out' } | { kind: 'invitee'; email: string } | { kind: 'other'; email: string }

const ROLES = ['owner', 'admin', 'member', 'customer'] as const
type KnownRole = (typeof ROLES)[number]
const known = (role: string): role is KnownRole => (ROLES as readonly string[]).includes(role)

/** A role as a word ("member"), in the page's language. */
export function roleName(t: Translator, role: string): string {
  return known(role) ? t.text(`role.${role}`) : role
}

/** A role after "as" ("as a member"; "als lid"), in the page's language. */
export function roleAs(t: Translator, role: string): string {
  return known(role) ? t.text(`roleAs.${role}`) : role
}

/**
 * The expiry in the page's language and the inviting tenant's zone, named after it: the
 * reader's own zone is unknown, and the emails (email/dates.ts) write dates the same way.
 */
function expiry(t: Translator, invitation: InvitationPreview): string {
  return formatDateTime(new Date(invitation.expiresAt), invitation.timeZone, t.locale)
}

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

function action(brand: Brand, path: string, f: { csrf: string; token: string }, label: string | SafeHtml, secondary = false): SafeHtml {
  return html`<form method="post" action="${brandPath(brand, path)}">
${csrfField(f.csrf)}<input type="hidden" name="token" value="${f.token}">
<button type="submit"${secondary ? html` class="secondary"` : ''}>${label}</button>
</form>`
}

export function invitationPage(brand: Brand, f: { csrf: string; t: Translator; token: string; invitation: InvitationPreview; viewer: Viewer }): SafeHtml {
  const { invitation, viewer, t } = f
  const invited = html`<strong>${invitation.email}</strong>`
  const details = html`
<p>${t.t('invitation.offer', { tenant: html`<strong>${invitation.tenantName}</strong>`, role: roleAs(t, invitation.role) })}</p>
<dl>
<dt>${t.t('invitation.organisation')}</dt><dd>${invitation.tenantName}</dd>
<dt>${t.t('invitation.role')}</dt><dd>${roleName(t, invitation.role)}</dd>
<dt>${t.t('invitation.address')}</dt><dd>${invitation.email}</dd>
<dt>${t.t('invitation.expires')}</dt><dd><time datetime="${invitation.expiresAt}">${expiry(t, invitation)}</time></dd>
</dl>`
  if (viewer.kind === 'invitee') {
    return html`${details}
<p>${t.t('invitation.signedInAs', { email: html`<strong>${viewer.email}</strong>` })}</p>
${action(brand, '/invitations/accept/confirm', f, t.t('invitation.accept'))}`
  }
  if (viewer.kind === 'other') {
    return html`${details}
${notice('error', t.text('invitation.otherAccount', { invited: invitation.email, email: viewer.email }))}
<p>${t.t('invitation.switchIntro', { invited: invitation.email })}</p>
${action(brand, '/invitations/accept/signin', f, t.t('invitation.switch', { invited: invitation.email }))}`
  }
  return html`${details}
<p>${t.t('invitation.signInIntro', { invited })}</p>
${action(brand, '/invitations/accept/signin', f, t.t('invitation.signIn'))}`
}

export function joinedPage(brand: Brand, f: { t: Translator; tenantName: string; role: string }): SafeHtml {
  const { t } = f
  return html`${notice('ok', t.text('invitation.joined', { tenant: f.tenantName, role: roleAs(t, f.role) }))}
<p><a class="button" href="${brandPath(brand, '/account')}">${t.t('invitation.toAccount')}</a></p>`
}
