/** The platform's default English texts, used for whatever a tenant leaves out. */
import type { EmailTypeTexts } from '../../db/database.ts'
import type { EmailType } from './placeholders.ts'

export type EmailTexts = Required<EmailTypeTexts>

export interface DefaultsContext {
  publicUrl: string
  loginCodeTtlSeconds: number
  /** Base of the hosted pages the buttons open: the tenant's prefix keeps its branding there. */
  pagesUrl?: string
  /** The zone {{currentTime}} is written in (the tenant's), named beside it. */
  timeZone?: string
  /** Whether the tenant has an address to contact (a sentence that names it is left out otherwise). */
  hasContact?: boolean
}

export function defaultTexts(type: EmailType, { publicUrl: base, loginCodeTtlSeconds, pagesUrl, timeZone = 'UTC', hasContact = false }: DefaultsContext): EmailTexts {
  const publicUrl = pagesUrl ?? base
  switch (type) {
    case 'passwordReset':
      return {
        subject: 'Reset your {{company.name}} password',
        title: 'Reset your password',
        contentBeforeCta:
          'Hi {{user.displayname}},\n\nSomeone asked to reset the password of the {{company.name}} account for {{user.email}}. If it was you, choose a new password with the button below.',
        ctaLabel: 'Choose a new password',
        ctaLink: `${publicUrl}/reset-password?token={{resetToken}}`,
        contentAfterCta:
          'The link works once and expires on {{resetTokenExp}}. If you did not ask for this, ignore this email: your password stays as it is.',
        footerTitle: 'Sent because a password reset was requested',
      }
    case 'passwordResetSuccess':
      return {
        subject: 'Your {{company.name}} password was changed',
        title: 'Your password was changed',
        contentBeforeCta:
          'Hi {{user.displayname}},\n\nThe password of the {{company.name}} account for {{user.email}} was changed on {{currentDate}} at {{currentTime}} (' + timeZone + '). You have been signed out on your other devices.',
        ctaLabel: '',
        ctaLink: '',
        contentAfterCta: hasContact
          ? 'If you did not change it, reset your password at once and contact {{company.emailAddress}}.'
          : 'If you did not change it, reset your password at once.',
        footerTitle: 'Sent to keep your account safe',
      }
    case 'emailConfirmation':
      return {
        subject: 'Confirm your email address for {{company.name}}',
        title: 'Confirm your email address',
        contentBeforeCta:
          'Hi {{user.displayname}},\n\nThanks for signing up to {{company.name}}. Please confirm that {{user.email}} is your address.',
        ctaLabel: 'Confirm my address',
        ctaLink: `${publicUrl}/confirm-email?token={{emailConfirmationToken}}`,
        contentAfterCta: 'If you did not create an account, you can ignore this email.',
        footerTitle: 'Sent because this address was used to sign up',
      }
    case 'accountExists':
      return {
        subject: 'You already have a {{company.name}} account',
        title: 'You already have an account',
        contentBeforeCta:
          'Hi {{user.displayname}},\n\nSomeone, probably you, tried to sign up to {{company.name}} with {{user.email}}, which already has an account. Nothing was changed.',
        ctaLabel: 'Reset my password',
        ctaLink: `${publicUrl}/forgot-password`,
        contentAfterCta: 'If you forgot your password, you can reset it. If it was not you, you can ignore this email.',
        footerTitle: 'Sent because this address was used to sign up',
      }
    case 'invitation':
      return {
        subject: 'You are invited to join {{company.name}}',
        title: 'Join {{company.name}}',
        contentBeforeCta:
          'Hi,\n\nYou have been invited to join {{company.name}} as {{invitedRole}}. Nothing changes until you accept: sign in (or sign up) with {{user.email}} and accept the invitation.',
        ctaLabel: 'See the invitation',
        ctaLink: '{{invitationLink}}',
        contentAfterCta: 'The invitation expires unless accepted. If you do not know {{company.name}}, ignore this email.',
        footerTitle: 'Sent because a member of {{company.name}} invited this address',
      }
    case 'passwordlessLogin':
      return {
        subject: 'Your {{company.name}} login code: {{loginCode}}',
        title: 'Your login code',
        contentBeforeCta:
          'Hi {{user.displayname}},\n\nEnter this code in the app to sign in, or use the button below on this device:',
        ctaLabel: 'Sign in',
        ctaLink: '{{loginLink}}',
        contentAfterCta: `The code works once and expires in ${Math.round(loginCodeTtlSeconds / 60)} minutes. If you did not try to sign in, ignore this email.`,
        footerTitle: 'Sent because a login code was requested',
      }
  }
}
