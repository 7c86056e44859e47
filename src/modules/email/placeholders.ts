/**
 * `{{name}}` / `{{a.b}}` placeholders: logic-less, so tenant text can never run code.
 * Unknown names are refused when a tenant saves a text, never silently sent.
 */
import { CUSTOMISABLE_TYPES, type CustomisableType } from '../tenancy/index.ts'

/**
 * The design's four types, plus two with fixed texts (the tenant's branding applies):
 * `accountExists`, the notice sent instead of a confirmation when someone registers an
 * address that already has an account, and `invitation`, the link that lets a person
 * accept (consent to) a membership. `accountDeleted` (customisable, like the design's three)
 * confirms that a person's account was deleted; it has no button, so nothing in it undoes anything.
 * `passkeyAdded` and `passkeyRemoved` (fixed texts) tell a person of a change to their passkeys,
 * with a button to their account page.
 */
export const EMAIL_TYPES = ['passwordReset', 'passwordResetSuccess', 'emailConfirmation', 'passwordlessLogin', 'accountExists', 'invitation', 'accountDeleted', 'passkeyAdded', 'passkeyRemoved'] as const
export type EmailType = (typeof EMAIL_TYPES)[number]

/** The types whose texts a tenant may customise: tenancy checks a tenant's settings against them. */
export { CUSTOMISABLE_TYPES, type CustomisableType }

export const COMMON_PLACEHOLDERS = [
  'currentTimestamp',
  'currentDate',
  'currentTime',
  'company.name',
  'company.logoUrl',
  'company.address',
  'company.zipCode',
  'company.countryCode',
  'company.phoneNumber',
  'company.emailAddress',
  'company.senderEmail',
  'user.username',
  'user.displayname',
  'user.email',
] as const

export const TYPE_PLACEHOLDERS: Record<EmailType, readonly string[]> = {
  passwordReset: ['resetToken', 'resetTokenExp'],
  passwordResetSuccess: [],
  emailConfirmation: ['emailConfirmationToken'],
  passwordlessLogin: ['loginCode', 'loginLink'],
  accountExists: [],
  accountDeleted: [],
  passkeyAdded: ['passkeyName'],
  passkeyRemoved: ['passkeyName'],
  // tenantName: the inviting tenant's own name (a customer's, not its brand's); inviter: who sent it
  invitation: ['invitationLink', 'invitedRole', 'tenantName', 'inviter'],
}

const PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)?)\s*\}\}/g

export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PATTERN)].map((m) => m[1] ?? '')
}

export function allowedPlaceholders(type: EmailType): Set<string> {
  return new Set([...COMMON_PLACEHOLDERS, ...TYPE_PLACEHOLDERS[type]])
}

/** The save-time check for tenant texts: returns what is wrong, or null. */
export function checkEmailText(type: CustomisableType, _field: string, text: string): string | null {
  const allowed = allowedPlaceholders(type)
  for (const name of placeholdersIn(text)) {
    if (allowed.has(name)) continue
    const owner = EMAIL_TYPES.find((t) => TYPE_PLACEHOLDERS[t].includes(name))
    if (owner) return `placeholder {{${name}}} belongs to the ${owner} email, not ${type}`
    return `unknown placeholder {{${name}}}`
  }
  const stray = text.replace(PATTERN, '')
  if (stray.includes('{{') || stray.includes('}}')) return 'has unbalanced or malformed {{ }} braces'
  return null
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

/** Substitutes placeholders; names without a value become empty. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PATTERN, (_m, name: string) => values[name] ?? '')
}
