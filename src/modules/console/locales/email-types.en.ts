/** The email types' names in English (the emails page, emails.views.ts), merged into en.ts. */
export const emailTypesEn = {
  'emailType.passwordReset': 'Password reset',
  'emailType.passwordResetSuccess': 'Password changed',
  'emailType.emailConfirmation': 'Email confirmation',
  'emailType.passwordlessLogin': 'Sign-in code',
  'emailType.accountExists': 'Account already exists',
  'emailType.invitation': 'Invitation',
  'emailType.accountDeleted': 'Account deleted',
  'emailType.passkeyAdded': 'Passkey added',
  'emailType.passkeyRemoved': 'Passkey deleted',
}
