/** The invitation page's bodies: pure functions from what to show to markup. */
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import { notice } from './layout.ts'

export interface InvitationPreview {
  tenantName: string
  email: string
  role: string
  expiresAt: string
}

/** Who is looking: nobody signed in, the invited address, or someone else. */
export type Viewer = { kind: 'signed-out' } | { kind: 'invitee'; email: string } | { kind: 'other'; email: string }

/** "a member", "an admin", "an owner". */
export function withArticle(role: string): string {
  return `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`
}

function expiry(iso: string): string {
  const at = new Date(iso)
  return `${at.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`
}

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

function action(brand: Brand, path: string, f: { csrf: string; token: string }, label: string, secondary = false): SafeHtml {
  return html`<form method="post" action="${brandPath(brand, path)}">
${csrfField(f.csrf)}<input type="hidden" name="token" value="${f.token}">
<button type="submit"${secondary ? html` class="secondary"` : ''}>${label}</button>
</form>`
}

export function invitationPage(brand: Brand, f: { csrf: string; token: string; invitation: InvitationPreview; viewer: Viewer }): SafeHtml {
  const { invitation, viewer } = f
  const details = html`
<p>You are invited to join <strong>${invitation.tenantName}</strong> as ${withArticle(invitation.role)}.</p>
<dl>
<dt>Organisation</dt><dd>${invitation.tenantName}</dd>
<dt>Role</dt><dd>${invitation.role}</dd>
<dt>Invited address</dt><dd>${invitation.email}</dd>
<dt>Expires</dt><dd><time datetime="${invitation.expiresAt}">${expiry(invitation.expiresAt)}</time></dd>
</dl>`
  if (viewer.kind === 'invitee') {
    return html`${details}
<p>You are signed in as <strong>${viewer.email}</strong>. Nothing changes until you accept.</p>
${action(brand, '/invitations/accept/confirm', f, 'Accept the invitation')}`
  }
  if (viewer.kind === 'other') {
    return html`${details}
${notice('error', `This invitation is for ${invitation.email}, and you are signed in as ${viewer.email}. Only ${invitation.email} can accept it.`)}
<p>Sign out here and sign in as ${invitation.email}: we will email it a code.</p>
${action(brand, '/invitations/accept/signin', f, `Sign out and continue as ${invitation.email}`)}`
  }
  return html`${details}
<p>To accept, sign in as <strong>${invitation.email}</strong>: we will email it a code. Nothing changes until you accept.</p>
${action(brand, '/invitations/accept/signin', f, 'Sign in to accept')}`
}

export function joinedPage(brand: Brand, f: { tenantName: string; role: string }): SafeHtml {
  return html`${notice('ok', `You joined ${f.tenantName} as ${withArticle(f.role)}.`)}
<p><a class="button" href="${brandPath(brand, '/account')}">Go to your account</a></p>`
}
