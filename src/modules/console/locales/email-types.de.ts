/** The email types' names in German (the emails page, emails.views.ts), merged into de.ts. */
export const emailTypesDe = {
  'emailType.passwordReset': 'Passwort zurücksetzen',
  'emailType.passwordResetSuccess': 'Passwort geändert',
  'emailType.emailConfirmation': 'E-Mail-Bestätigung',
  'emailType.passwordlessLogin': 'Anmeldecode',
  'emailType.accountExists': 'Konto besteht bereits',
  'emailType.invitation': 'Einladung',
  'emailType.accountDeleted': 'Konto gelöscht',
  'emailType.passkeyAdded': 'Passkey hinzugefügt',
  'emailType.passkeyRemoved': 'Passkey gelöscht',
}
