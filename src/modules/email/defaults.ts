/**
 * The platform's default texts, used for whatever a tenant leaves out: the words come from
 * the message catalog of the email's locale (locales/), the links from the platform's URLs.
 */
import type { EmailTypeTexts } from '../../db/database.ts'
import { FALLBACK_LOCALE, type SupportedLocale } from '../../lib/locale.ts'
import { catalogKey, EMAIL_TEXTS, type Catalog } from './locales/catalog.ts'
import type { EmailType } from './placeholders.ts'

/** An email's texts, each one string (a brand's may be one per locale: email-locale.ts picks). */
export type EmailTexts = { [K in keyof EmailTypeTexts]-?: string }

export interface DefaultsContext {
  publicUrl: string
  loginCodeTtlSeconds: number
  /** Base of the hosted pages the buttons open: the tenant's prefix keeps its branding there. */
  pagesUrl?: string
  /** The zone {{currentTime}} is written in (the tenant's), named beside it. */
  timeZone?: string
  /** Whether the tenant has an address to contact (a sentence that names it is left out otherwise). */
  hasContact?: boolean
  /** The locale of the default words; English when absent. */
  locale?: SupportedLocale
  /** The email is for a tenant that is not a brand (renderer.ts onBehalfOf): its invitation reads in its own name. */
  onBehalf?: boolean
}

/** The button's target of each type, before placeholders are filled. */
function ctaLinkOf(type: EmailType, pagesUrl: string): string {
  switch (type) {
    case 'passwordReset':
      return `${pagesUrl}/reset-password?token={{resetToken}}`
    case 'emailConfirmation':
      return `${pagesUrl}/confirm-email?token={{emailConfirmationToken}}`
    case 'accountExists':
      return `${pagesUrl}/forgot-password`
    case 'invitation':
      return '{{invitationLink}}'
    case 'passwordlessLogin':
      return '{{loginLink}}'
    case 'passkeyAdded':
    case 'passkeyRemoved':
      return `${pagesUrl}/account`
    case 'passwordResetSuccess':
    case 'accountDeleted':
      return ''
  }
}

export function defaultTexts(type: EmailType, { publicUrl, loginCodeTtlSeconds, pagesUrl, timeZone = 'UTC', hasContact = false, locale = FALLBACK_LOCALE, onBehalf = false }: DefaultsContext): EmailTexts {
  // a customer's tenant invites in its own name; the brand's name is never the inviter's
  const section = type === 'invitation' && onBehalf ? 'customerInvitation' : type
  const text = (key: keyof Catalog[EmailType] | 'ctaLabel' | 'contentAfterCtaWithContact') =>
    // `%{name}` markers: the platform's settings, filled before the placeholders
    EMAIL_TEXTS.text(locale, catalogKey(section, key as keyof Catalog[typeof section] & string), { minutes: Math.round(loginCodeTtlSeconds / 60), timeZone })
  const afterCta = type === 'passwordResetSuccess' && hasContact ? 'contentAfterCtaWithContact' : 'contentAfterCta'
  return {
    subject: text('subject'),
    title: text('title'),
    contentBeforeCta: text('contentBeforeCta'),
    // the success notice and the deletion's confirmation have no button: nothing to click after a change one did
    ctaLabel: type === 'passwordResetSuccess' || type === 'accountDeleted' ? '' : text('ctaLabel'),
    ctaLink: ctaLinkOf(type, pagesUrl ?? publicUrl),
    contentAfterCta: text(afterCta),
    footerTitle: text('footerTitle'),
  }
}
