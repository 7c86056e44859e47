/** The email types' names in Dutch (the emails page, emails.views.ts), merged into nl.ts. */
export const emailTypesNl = {
  'emailType.passwordReset': 'Wachtwoord opnieuw instellen',
  'emailType.passwordResetSuccess': 'Wachtwoord gewijzigd',
  'emailType.emailConfirmation': 'Bevestiging van het e-mailadres',
  'emailType.passwordlessLogin': 'Aanmeldcode',
  'emailType.accountExists': 'Account bestaat al',
  'emailType.invitation': 'Uitnodiging',
  'emailType.accountDeleted': 'Account verwijderd',
  'emailType.passkeyAdded': 'Passkey toegevoegd',
  'emailType.passkeyRemoved': 'Passkey verwijderd',
}
