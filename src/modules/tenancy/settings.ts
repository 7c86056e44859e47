/**
 * Which of a tenant's fields are its email settings and branding, and so are versioned
 * (settings-history.service.ts): everything an email or hosted page shows of the tenant.
 * Who may sign up (`signup`), the brand mark and the approved link domains are policy, not
 * looks: they are not versioned (a restore never reopens sign-up or widens where links may
 * point), but every change of them is in the audit log.
 */
import type { EmailConfig, Tenant } from '../../db/database.ts'
import type { EmailConfigInput, UpdateTenantInput } from './tenants.schemas.ts'

export const VERSIONED_FIELDS = [
  'name',
  'emailAddress',
  'address',
  'phoneNumber',
  'logoUrl',
  'zipCode',
  'countryCode',
  'senderEmail',
  'timeZone',
  'defaultLocale',
  'emailConfig',
] as const
export type VersionedField = (typeof VERSIONED_FIELDS)[number]
export type Settings = Record<VersionedField, unknown>

/** Tenant fields whose values an audit entry may show (no texts, no objects: see lib/audit.ts). */
export const SHOWN_TENANT_FIELDS = [
  'name', 'emailAddress', 'address', 'phoneNumber', 'logoUrl', 'zipCode', 'countryCode', 'senderEmail', 'timeZone', 'defaultLocale', 'signup', 'brand', 'parentTenantId',
] as const

export function settingsOf(t: Tenant): Settings {
  return {
    name: t.name,
    emailAddress: t.email_address,
    address: t.address,
    phoneNumber: t.phone_number,
    logoUrl: t.logo_url,
    zipCode: t.zip_code,
    countryCode: t.country_code,
    senderEmail: t.sender_email,
    timeZone: t.time_zone,
    defaultLocale: t.default_locale,
    emailConfig: t.email_config,
  }
}

/** JSON with sorted keys, so that two equal settings compare equal whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  )
}

export const sameValue = (a: unknown, b: unknown): boolean => canonical(a ?? null) === canonical(b ?? null)

export function changedFields(before: Settings, after: Settings): VersionedField[] {
  return VERSIONED_FIELDS.filter((field) => !sameValue(before[field], after[field]))
}

type Texts = Record<string, unknown>

/** A merge patch that turns `current` into exactly `target`: null for every key `target` lacks. */
function replacing(current: Texts | undefined, target: Texts | undefined): Texts | null | undefined {
  if (!target) return current ? null : undefined
  const out: Texts = {}
  for (const key of Object.keys(current ?? {})) if (!(key in target)) out[key] = null
  return { ...out, ...target }
}

/** The emailConfig patch that gives back `target` (PATCH merges, so removed texts are nulled). */
function emailConfigPatch(current: EmailConfig, target: EmailConfig): EmailConfigInput {
  const patch: Record<string, unknown> = {}
  const template = replacing(current.template, target.template)
  if (template !== undefined) patch.template = template
  const currentTypes = (current.emailTypeConfig ?? {}) as Record<string, Texts | undefined>
  const targetTypes = target.emailTypeConfig as Record<string, Texts | undefined> | undefined
  if (!targetTypes) {
    if (current.emailTypeConfig) patch.emailTypeConfig = null
  } else {
    const types: Record<string, unknown> = {}
    for (const type of new Set([...Object.keys(currentTypes), ...Object.keys(targetTypes)])) {
      types[type] = replacing(currentTypes[type], targetTypes[type]) ?? null
    }
    patch.emailTypeConfig = types
  }
  // the stored config passed the same checks when it was saved; the update checks it again
  return patch as EmailConfigInput
}

/** The PATCH that gives a tenant back the settings of a version: only the fields that differ. */
export function restorePatch(current: Tenant, target: Settings): UpdateTenantInput {
  const now = settingsOf(current)
  const patch: Record<string, unknown> = {}
  for (const field of changedFields(now, target)) {
    patch[field] = field === 'emailConfig' ? emailConfigPatch(current.email_config, (target.emailConfig ?? {}) as EmailConfig) : target[field]
  }
  return patch as UpdateTenantInput
}
