/**
 * Codes and tokens never sit in an outbox row in clear.
 *
 * Threat model: the outbox keeps mail for 30 days for support and audit; whoever reads it
 * (a support tool, a backup, a replica) must not find a live login code, reset token or
 * confirmation token there. So an email is rendered with random markers in place of its
 * secrets; the secrets themselves are stored sealed (lib/secret-box.ts) in the row's
 * `secrets` column, the worker puts them back just before handing the message to SMTP,
 * and `secrets` is cleared once the message is sent. A failed message keeps its sealed
 * secrets, so `trellis outbox retry` can still send it, until the row is purged.
 *
 * Markers are fresh random letters and digits per message: they survive HTML escaping and
 * the MJML layout unchanged, and no tenant text can guess or forge one.
 */
import { randomBytes } from 'node:crypto'
import type { SecretBox } from '../../lib/secret-box.ts'
import { escapeHtml } from './placeholders.ts'
import type { RenderedEmail } from './renderer.ts'

/** Placeholder values that are secrets; any other value that contains one (loginLink) is masked too. */
export const SECRET_FIELDS = ['loginCode', 'resetToken', 'emailConfirmationToken'] as const

export interface Masked {
  data: Record<string, string>
  /** marker -> secret value; empty when the email carries no secret. */
  secrets: Record<string, string>
}

export function maskSecrets(data: Readonly<Record<string, string>>): Masked {
  const secrets: Record<string, string> = {}
  const masked = { ...data }
  const nonce = randomBytes(9).toString('hex')
  SECRET_FIELDS.forEach((field, i) => {
    const value = data[field]
    if (!value) return
    const marker = `TRELLISSECRET${nonce}X${i}`
    secrets[marker] = value
    for (const [key, text] of Object.entries(masked)) masked[key] = text.split(value).join(marker)
  })
  return { data: masked, secrets }
}

export function unmask(email: RenderedEmail, secrets: Readonly<Record<string, string>>): RenderedEmail {
  let { subject, html, text } = email
  for (const [marker, value] of Object.entries(secrets)) {
    subject = subject.split(marker).join(value)
    text = text.split(marker).join(value)
    html = html.split(marker).join(escapeHtml(value))
  }
  return { subject, html, text }
}

const context = (to: string) => `email_outbox:${to}`

export function sealSecrets(box: SecretBox, to: string, secrets: Record<string, string>): string | null {
  return Object.keys(secrets).length > 0 ? box.seal(JSON.stringify(secrets), context(to)) : null
}

export function openSecrets(box: SecretBox, to: string, sealed: string | null): Record<string, string> {
  return sealed ? (JSON.parse(box.open(sealed, context(to))) as Record<string, string>) : {}
}

export function rewrapSecrets(box: SecretBox, to: string, sealed: string): string {
  return box.rewrap(sealed, context(to))
}
