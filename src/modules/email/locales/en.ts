/**
 * The platform's default email texts in English: the reference every other locale follows
 * (catalog.ts), and the text any missing key falls back to. `{{name}}` is a placeholder
 * filled per email (placeholders.ts); `%{name}` is filled from the platform's settings
 * before that (defaults.ts): `minutes` (a login code's lifetime), `timeZone`.
 */
export const en = {
  passwordReset: {
    subject: 'Reset your {{company.name}} password',
    title: 'Reset your password',
    contentBeforeCta:
      'Hi {{user.displayname}},\n\nSomeone asked to reset the password of the {{company.name}} account for {{user.email}}. If it was you, choose a new password with the button below.',
    ctaLabel: 'Choose a new password',
    contentAfterCta: 'The link works once and expires on {{resetTokenExp}}. If you did not ask for this, ignore this email: your password stays as it is.',
    footerTitle: 'Sent because a password reset was requested',
  },
  passwordResetSuccess: {
    subject: 'Your {{company.name}} password was changed',
    title: 'Your password was changed',
    contentBeforeCta:
      'Hi {{user.displayname}},\n\nThe password of the {{company.name}} account for {{user.email}} was changed on {{currentDate}} at {{currentTime}} (%{timeZone}). You have been signed out on your other devices.',
    contentAfterCta: 'If you did not change it, reset your password at once.',
    contentAfterCtaWithContact: 'If you did not change it, reset your password at once and contact {{company.emailAddress}}.',
    footerTitle: 'Sent to keep your account safe',
  },
  emailConfirmation: {
    subject: 'Confirm your email address for {{company.name}}',
    title: 'Confirm your email address',
    contentBeforeCta: 'Hi {{user.displayname}},\n\nThanks for signing up to {{company.name}}. Please confirm that {{user.email}} is your address.',
    ctaLabel: 'Confirm my address',
    contentAfterCta: 'If you did not create an account, you can ignore this email.',
    footerTitle: 'Sent because this address was used to sign up',
  },
  accountExists: {
    subject: 'You already have a {{company.name}} account',
    title: 'You already have an account',
    contentBeforeCta:
      'Hi {{user.displayname}},\n\nSomeone, probably you, tried to sign up to {{company.name}} with {{user.email}}, which already has an account. Nothing was changed.',
    ctaLabel: 'Reset my password',
    contentAfterCta: 'If you forgot your password, you can reset it. If it was not you, you can ignore this email.',
    footerTitle: 'Sent because this address was used to sign up',
  },
  invitation: {
    subject: 'You are invited to join {{company.name}}',
    title: 'Join {{company.name}}',
    contentBeforeCta:
      'Hi,\n\nYou have been invited to join {{company.name}} as {{invitedRole}}. Nothing changes until you accept: sign in (or sign up) with {{user.email}} and accept the invitation.',
    ctaLabel: 'See the invitation',
    contentAfterCta: 'The invitation expires unless accepted. If you do not know {{company.name}}, ignore this email.',
    footerTitle: 'Sent because a member of {{company.name}} invited this address',
  },
  /**
   * The invitation of a tenant that is not a brand (a customer's own): it names that tenant
   * and the person who invited, and says the brand ({{company.name}}) only delivers it.
   */
  customerInvitation: {
    subject: '{{inviter}} invited you to join {{tenantName}}',
    title: 'Join {{tenantName}}',
    contentBeforeCta:
      'Hi,\n\n{{inviter}} invited you to join {{tenantName}}, their organisation on {{company.name}}, as {{invitedRole}}. {{company.name}} only delivers this invitation: it comes from {{inviter}}, not from {{company.name}}. Nothing changes until you accept: sign in (or sign up) with {{user.email}} and accept the invitation.',
    ctaLabel: 'See the invitation',
    contentAfterCta: 'The invitation expires unless accepted. If you do not know {{inviter}}, ignore this email.',
    footerTitle: 'Delivered by {{company.name}} on behalf of {{inviter}}, who invited this address',
  },
  accountDeleted: {
    subject: 'Your {{company.name}} account was deleted',
    title: 'Your account was deleted',
    contentBeforeCta:
      'Hi,\n\nThe {{company.name}} account for {{user.email}} was deleted on {{currentDate}} at {{currentTime}} (%{timeZone}), as asked. Its sign-ins have ended, the devices it held alone were released, and its personal tenant went with it.',
    contentAfterCta: 'This cannot be undone. To use {{company.name}} again, sign up with this address: it will be a new account.',
    footerTitle: 'Sent to confirm the deletion of your account',
  },
  passkeyAdded: {
    subject: 'A passkey was added to your {{company.name}} account',
    title: 'A passkey was added',
    contentBeforeCta:
      'Hi {{user.displayname}},\n\nA passkey named "{{passkeyName}}" was added to the {{company.name}} account for {{user.email}} on {{currentDate}} at {{currentTime}} (%{timeZone}). It signs in to your account without an emailed code.',
    ctaLabel: 'See my passkeys',
    contentAfterCta: 'If you did not add it, sign in with an emailed code at once and delete it on your account page.',
    footerTitle: 'Sent to keep your account safe',
  },
  passkeyRemoved: {
    subject: 'A passkey was deleted from your {{company.name}} account',
    title: 'A passkey was deleted',
    contentBeforeCta:
      'Hi {{user.displayname}},\n\nThe passkey named "{{passkeyName}}" was deleted from the {{company.name}} account for {{user.email}} on {{currentDate}} at {{currentTime}} (%{timeZone}). It no longer signs in; an emailed code always does.',
    ctaLabel: 'See my passkeys',
    contentAfterCta: 'If you did not delete it, sign in with an emailed code and check your account page.',
    footerTitle: 'Sent to keep your account safe',
  },
  passwordlessLogin: {
    subject: 'Your {{company.name}} login code: {{loginCode}}',
    title: 'Your login code',
    contentBeforeCta: 'Hi {{user.displayname}},\n\nEnter this code in the app to sign in, or use the button below on this device:',
    ctaLabel: 'Sign in',
    contentAfterCta: 'The code works once and expires in %{minutes} minutes. If you did not try to sign in, ignore this email.',
    footerTitle: 'Sent because a login code was requested',
  },
  /**
   * The sender confirmation (email/sender-verification.service.ts): a stranger may receive it,
   * so it carries no tenant text. `%{address}` is the address, `%{host}` the platform's host.
   */
  senderVerification: {
    subject: 'Confirm sending as %{address}',
    intro: 'An account on %{host} asked to send email as %{address}.',
    ask: 'If you manage this address and agree, confirm it here:',
    ctaLabel: 'Confirm this sender address',
    ignore: 'If not, ignore this email: nothing is sent as %{address} without your confirmation.',
  },
  /** Words the layout and the values put into the texts. */
  layout: {
    /** How a role reads in the invitation ({{invitedRole}}). */
    roleOwner: 'owner',
    roleAdmin: 'admin',
    roleMember: 'member',
    /** Between a date and a time in {{resetTokenExp}}: "21st November 2026, 14:05:00 UTC". */
    dateTimeSeparator: ', ',
  },
}
