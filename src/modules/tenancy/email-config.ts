/**
 * Merging and checking a tenant's email settings. PATCH merges field by field; `null`
 * removes an override, so the platform default applies again.
 */
import type { EmailConfig, EmailTypeTexts } from '../../db/database.ts'
import { appErrors, validationError, type ErrorDetail } from '../../lib/errors.ts'
import { canonicalLocale } from '../../lib/locale.ts'
import type { EmailConfigInput } from './tenants.schemas.ts'

/** The email types a tenant may write its own texts for (placeholders.ts checks them). */
export const CUSTOMISABLE_TYPES = ['passwordReset', 'passwordResetSuccess', 'emailConfirmation', 'accountDeleted'] as const
export type CustomisableType = (typeof CUSTOMISABLE_TYPES)[number]

/** Checks the text of one field; returns what is wrong, if anything. Set by the email module. */
export type TextCheck = (type: CustomisableType, field: string, text: string) => string | null

function mergeObject<T extends object>(current: T | undefined, patch: Record<string, unknown> | null | undefined): T | undefined {
  if (patch === null) return undefined
  if (patch === undefined) return current
  const out: Record<string, unknown> = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    if (value === null) delete out[key]
    else out[key] = value
  }
  return Object.keys(out).length ? (out as T) : undefined
}

/**
 * Checks the texts of one type, each locale's on its own (a problem names the field and the
 * locale), and returns them with locale tags canonical ('nl-nl' is stored as 'nl-NL').
 */
function checkTexts(type: CustomisableType, texts: Record<string, unknown>, check: TextCheck, details: ErrorDetail[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(texts)) {
    const path = `emailConfig.emailTypeConfig.${type}.${field}`
    if (typeof value === 'string') {
      const problem = check(type, field, value)
      if (problem) details.push({ field: path, message: problem })
    }
    if (value === null || typeof value !== 'object') {
      out[field] = value
      continue
    }
    const perLocale: Record<string, string> = {}
    for (const [tag, text] of Object.entries(value as Record<string, string>)) {
      const locale = canonicalLocale(tag)
      if (locale === null) {
        details.push({ field: `${path}.${tag}`, message: `"${tag}" is not a BCP 47 language tag (e.g. nl or nl-BE)` })
        continue
      }
      const problem = check(type, field, text)
      if (problem) details.push({ field: `${path}.${tag}`, message: `${problem} (locale ${locale})` })
      perLocale[locale] = text
    }
    out[field] = perLocale
  }
  return out
}

export function mergeEmailConfig(current: EmailConfig, patch: EmailConfigInput | undefined, check: TextCheck): EmailConfig {
  if (!patch) return current
  const details: ErrorDetail[] = []
  const result: EmailConfig = {}
  const template = mergeObject(current.template, patch.template)
  if (template) result.template = template

  const types = patch.emailTypeConfig
  let typeConfig: EmailConfig['emailTypeConfig'] = types === null ? undefined : { ...(current.emailTypeConfig ?? {}) }
  if (types) {
    for (const [type, texts] of Object.entries(types)) {
      if (type === 'passwordlessLogin') {
        throw appErrors.email_type_not_customisable()
      }
      if (!(CUSTOMISABLE_TYPES as readonly string[]).includes(type)) {
        details.push({
          field: `emailConfig.emailTypeConfig.${type}`,
          message: `is not an email type; use one of ${CUSTOMISABLE_TYPES.join(', ')}`,
        })
        continue
      }
      const key = type as CustomisableType
      const checked = checkTexts(key, texts ?? {}, check, details)
      const merged = mergeObject<EmailTypeTexts>(typeConfig?.[key], texts === null ? null : checked)
      if (typeConfig) {
        if (merged) typeConfig[key] = merged
        else delete typeConfig[key]
      }
    }
  }
  if (details.length) throw validationError(details)
  if (typeConfig && Object.keys(typeConfig).length === 0) typeConfig = undefined
  if (typeConfig) result.emailTypeConfig = typeConfig
  return result
}
