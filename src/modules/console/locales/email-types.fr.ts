/** The email types' names in French (the emails page, emails.views.ts), merged into fr.ts. */
export const emailTypesFr = {
  'emailType.passwordReset': 'Réinitialisation du mot de passe',
  'emailType.passwordResetSuccess': 'Mot de passe modifié',
  'emailType.emailConfirmation': 'Confirmation de l’adresse e-mail',
  'emailType.passwordlessLogin': 'Code de connexion',
  'emailType.accountExists': 'Le compte existe déjà',
  'emailType.invitation': 'Invitation',
  'emailType.accountDeleted': "Compte supprimé",
  'emailType.passkeyAdded': "Clé d’accès ajoutée",
  'emailType.passkeyRemoved': "Clé d’accès supprimée",
}
