/** The hosted pages' bodies: pure functions from what to show to markup. */
import type { Brand } from './brand.ts'
import { brandPath } from './brand.ts'
import { html, type SafeHtml } from './html.ts'
import { notice } from './layout.ts'

export interface Form {
  csrf: string
  error?: string | null
}

const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`

export function emailStep(brand: Brand, f: Form & { requestId: string; appName: string | null; email?: string | null }): SafeHtml {
  return html`
<p>${f.appName ? `Sign in to ${f.appName} with your email address. We will send you a code.` : 'Enter your email address. We will send you a code to sign in.'}</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/auth/oauth2/authorize/email')}" class="stack">
${csrfField(f.csrf)}<input type="hidden" name="request" value="${f.requestId}">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="email" inputmode="email" required maxlength="320" value="${f.email ?? ''}" autofocus>
<button type="submit">Email me a code</button>
</form>`
}

export function codeStep(brand: Brand, f: Form & { requestId: string; email: string }): SafeHtml {
  return html`
<p>If <strong>${f.email}</strong> can sign in, we sent it an email with a code. Type the code here, or open the link in the email on this device.</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/auth/oauth2/authorize/code')}" class="stack">
${csrfField(f.csrf)}<input type="hidden" name="request" value="${f.requestId}">
<label for="code">Code from the email</label>
<p class="hint" id="code-hint">Ten letters and digits, like 7K2QD-M9XHT.</p>
<input id="code" name="code" type="text" class="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required maxlength="20" aria-describedby="code-hint" autofocus>
<button type="submit">Sign in</button>
</form>
<hr>
<form method="post" action="${brandPath(brand, '/auth/oauth2/authorize/email')}">
${csrfField(f.csrf)}<input type="hidden" name="request" value="${f.requestId}"><input type="hidden" name="email" value="${f.email}">
<button type="submit" class="secondary">Send a new code</button>
</form>`
}

export function showCode(code: string): SafeHtml {
  return html`
<p>You opened the sign-in link on another device or browser. To finish signing in, type this code where you started:</p>
<p class="shown-code" aria-label="Your code">${code}</p>
<p>The code works once and expires soon. If you did not try to sign in, ignore it.</p>`
}

export function message(text: string, kind: 'error' | 'ok' | 'info' = 'info', next?: { href: string; label: string }): SafeHtml {
  return html`${notice(kind, text)}${next ? html`<p><a class="button" href="${next.href}">${next.label}</a></p>` : ''}`
}

export function resetForm(brand: Brand, f: Form & { token: string; policy: string }): SafeHtml {
  return html`
<p>Choose a new password for your account.</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/reset-password')}" class="stack">
${csrfField(f.csrf)}<input type="hidden" name="token" value="${f.token}">
<label for="password">New password</label>
<p class="hint" id="policy">${f.policy}</p>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="256" aria-describedby="policy" autofocus>
<button type="submit">Save the new password</button>
</form>`
}

export function forgotForm(brand: Brand, f: Form): SafeHtml {
  return html`
<p>Enter the email address of your account. If it has one, we will email it a link to choose a new password.</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/forgot-password')}" class="stack">
${csrfField(f.csrf)}
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="320" autofocus>
<button type="submit">Email me a reset link</button>
</form>`
}

export function confirmForm(brand: Brand, f: Form & { token: string }): SafeHtml {
  return html`
<p>Confirm that this email address is yours.</p>
${notice('error', f.error)}
<form method="post" action="${brandPath(brand, '/confirm-email')}">
${csrfField(f.csrf)}<input type="hidden" name="token" value="${f.token}">
<button type="submit">Confirm my address</button>
</form>`
}

export interface AccountView {
  email: string
  displayName: string | null
  hasPassword: boolean
  policy: string
  notice?: string | null
}

export function accountPage(brand: Brand, f: Form & AccountView): SafeHtml {
  return html`
${notice('ok', f.notice)}${notice('error', f.error)}
<dl><dt>Email address</dt><dd>${f.email}</dd></dl>
<form method="post" action="${brandPath(brand, '/account/profile')}" class="stack">
${csrfField(f.csrf)}
<label for="displayName">Display name</label>
<input id="displayName" name="displayName" type="text" autocomplete="name" maxlength="200" value="${f.displayName ?? ''}">
<button type="submit">Save the name</button>
</form>
<hr>
<h2>Password</h2>
${
  f.hasPassword
    ? html`<form method="post" action="${brandPath(brand, '/account/password')}" class="stack">
${csrfField(f.csrf)}
<label for="currentPassword">Current password</label>
<input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password" required maxlength="256">
<label for="newPassword">New password</label>
<p class="hint" id="policy">${f.policy}</p>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="10" maxlength="256" aria-describedby="policy">
<button type="submit">Change the password</button>
</form>`
    : html`<p>You sign in with codes by email. To also have a password, <a href="${brandPath(brand, '/forgot-password')}">set one by email</a>.</p>`
}
<hr>
<form method="post" action="${brandPath(brand, '/account/signout')}" class="stack">
${csrfField(f.csrf)}
<button type="submit" class="secondary" name="everywhere" value="0">Sign out</button>
<button type="submit" class="secondary" name="everywhere" value="1">Sign out everywhere</button>
</form>`
}

export function endSessionForm(brand: Brand, f: Form & { fields: Record<string, string> }): SafeHtml {
  return html`
<p>Do you want to sign out?</p>
<form method="post" action="${brandPath(brand, '/auth/oauth2/logout')}">
${csrfField(f.csrf)}${Object.entries(f.fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
<button type="submit">Sign out</button>
</form>`
}
