/** The platform's default email texts in French (keys and placeholders as in en.ts). */
import type { LocaleCatalog } from './types.ts'

export const fr: LocaleCatalog = {
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe {{company.name}}',
    title: 'Réinitialisez votre mot de passe',
    contentBeforeCta:
      'Bonjour {{user.displayname}},\n\nQuelqu’un a demandé à réinitialiser le mot de passe du compte {{company.name}} de {{user.email}}. Si c’était vous, choisissez un nouveau mot de passe avec le bouton ci-dessous.',
    ctaLabel: 'Choisir un nouveau mot de passe',
    contentAfterCta:
      'Le lien fonctionne une fois et expire le {{resetTokenExp}}. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
    footerTitle: 'Envoyé suite à une demande de réinitialisation du mot de passe',
  },
  passwordResetSuccess: {
    subject: 'Votre mot de passe {{company.name}} a été modifié',
    title: 'Votre mot de passe a été modifié',
    contentBeforeCta:
      'Bonjour {{user.displayname}},\n\nLe mot de passe du compte {{company.name}} de {{user.email}} a été modifié le {{currentDate}} à {{currentTime}} (%{timeZone}). Vous avez été déconnecté de vos autres appareils.',
    contentAfterCta: 'Si vous ne l’avez pas modifié, réinitialisez votre mot de passe immédiatement.',
    contentAfterCtaWithContact: 'Si vous ne l’avez pas modifié, réinitialisez votre mot de passe immédiatement et contactez {{company.emailAddress}}.',
    footerTitle: 'Envoyé pour protéger votre compte',
  },
  emailConfirmation: {
    subject: 'Confirmez votre adresse e-mail pour {{company.name}}',
    title: 'Confirmez votre adresse e-mail',
    contentBeforeCta:
      'Bonjour {{user.displayname}},\n\nMerci de votre inscription à {{company.name}}. Veuillez confirmer que {{user.email}} est bien votre adresse.',
    ctaLabel: 'Confirmer mon adresse',
    contentAfterCta: 'Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.',
    footerTitle: 'Envoyé car cette adresse a servi à une inscription',
  },
  accountExists: {
    subject: 'Vous avez déjà un compte {{company.name}}',
    title: 'Vous avez déjà un compte',
    contentBeforeCta:
      'Bonjour {{user.displayname}},\n\nQuelqu’un, sans doute vous, a essayé de s’inscrire à {{company.name}} avec {{user.email}}, qui a déjà un compte. Rien n’a été modifié.',
    ctaLabel: 'Réinitialiser mon mot de passe',
    contentAfterCta: 'Si vous avez oublié votre mot de passe, vous pouvez le réinitialiser. Si ce n’était pas vous, vous pouvez ignorer cet e-mail.',
    footerTitle: 'Envoyé car cette adresse a servi à une inscription',
  },
  invitation: {
    subject: 'Vous êtes invité à rejoindre {{company.name}}',
    title: 'Rejoindre {{company.name}}',
    contentBeforeCta:
      'Bonjour,\n\nVous avez été invité à rejoindre {{company.name}} en tant que {{invitedRole}}. Rien ne change tant que vous n’acceptez pas : connectez-vous (ou inscrivez-vous) avec {{user.email}} et acceptez l’invitation.',
    ctaLabel: 'Voir l’invitation',
    contentAfterCta: 'L’invitation expire si elle n’est pas acceptée. Si vous ne connaissez pas {{company.name}}, ignorez cet e-mail.',
    footerTitle: 'Envoyé car un membre de {{company.name}} a invité cette adresse',
  },
  customerInvitation: {
    subject: '{{inviter}} vous invite à rejoindre {{tenantName}}',
    title: 'Rejoindre {{tenantName}}',
    contentBeforeCta:
      'Bonjour,\n\n{{inviter}} vous a invité à rejoindre {{tenantName}}, son organisation sur {{company.name}}, en tant que {{invitedRole}}. {{company.name}} ne fait que transmettre cette invitation : elle vient de {{inviter}}, pas de {{company.name}}. Rien ne change tant que vous n’acceptez pas : connectez-vous (ou inscrivez-vous) avec {{user.email}} et acceptez l’invitation.',
    ctaLabel: 'Voir l’invitation',
    contentAfterCta: 'L’invitation expire si elle n’est pas acceptée. Si vous ne connaissez pas {{inviter}}, ignorez cet e-mail.',
    footerTitle: 'Transmis par {{company.name}} au nom de {{inviter}}, qui a invité cette adresse',
  },
  accountDeleted: {
    subject: 'Votre compte {{company.name}} a été supprimé',
    title: 'Votre compte a été supprimé',
    contentBeforeCta:
      'Bonjour,\n\nLe compte {{company.name}} de {{user.email}} a été supprimé le {{currentDate}} à {{currentTime}} (%{timeZone}), comme demandé. Ses connexions ont pris fin, les appareils qu’il était seul à détenir ont été libérés et son espace personnel a été supprimé avec lui.',
    contentAfterCta: 'Cette suppression est définitive. Pour utiliser de nouveau {{company.name}}, inscrivez-vous avec cette adresse : ce sera un nouveau compte.',
    footerTitle: 'Envoyé pour confirmer la suppression de votre compte',
  },
  passkeyAdded: {
    subject: 'Une clé d’accès a été ajoutée à votre compte {{company.name}}',
    title: 'Une clé d’accès a été ajoutée',
    contentBeforeCta:
      'Bonjour {{user.displayname}},\n\nUne clé d’accès nommée « {{passkeyName}} » a été ajoutée au compte {{company.name}} de {{user.email}} le {{currentDate}} à {{currentTime}} (%{timeZone}). Elle permet de se connecter à votre compte sans code par e-mail.',
    ctaLabel: 'Voir mes clés d’accès',
    contentAfterCta: 'Si vous ne l’avez pas ajoutée, connectez-vous tout de suite avec un code par e-mail et supprimez-la sur la page de votre compte.',
    footerTitle: 'Envoyé pour protéger votre compte',
  },
  passkeyRemoved: {
    subject: 'Une clé d’accès a été supprimée de votre compte {{company.name}}',
    title: 'Une clé d’accès a été supprimée',
    contentBeforeCta:
      'Bonjour {{user.displayname}},\n\nLa clé d’accès nommée « {{passkeyName}} » a été supprimée du compte {{company.name}} de {{user.email}} le {{currentDate}} à {{currentTime}} (%{timeZone}). Elle ne permet plus de se connecter ; un code par e-mail fonctionne toujours.',
    ctaLabel: 'Voir mes clés d’accès',
    contentAfterCta: 'Si vous ne l’avez pas supprimée, connectez-vous avec un code par e-mail et vérifiez la page de votre compte.',
    footerTitle: 'Envoyé pour protéger votre compte',
  },
  passwordlessLogin: {
    subject: 'Votre code de connexion {{company.name}} : {{loginCode}}',
    title: 'Votre code de connexion',
    contentBeforeCta:
      'Bonjour {{user.displayname}},\n\nSaisissez ce code dans l’application pour vous connecter, ou utilisez le bouton ci-dessous sur cet appareil :',
    ctaLabel: 'Se connecter',
    contentAfterCta: 'Le code fonctionne une fois et expire dans %{minutes} minutes. Si vous n’avez pas essayé de vous connecter, ignorez cet e-mail.',
    footerTitle: 'Envoyé suite à une demande de code de connexion',
  },
  senderVerification: {
    subject: 'Confirmez l’envoi en tant que %{address}',
    intro: 'Un compte sur %{host} a demandé à envoyer des e-mails en tant que %{address}.',
    ask: 'Si vous gérez cette adresse et êtes d’accord, confirmez-le ici :',
    ctaLabel: 'Confirmer cette adresse d’expéditeur',
    ignore: 'Sinon, ignorez cet e-mail : rien n’est envoyé en tant que %{address} sans votre confirmation.',
  },
  layout: {
    roleOwner: 'propriétaire',
    roleAdmin: 'administrateur',
    roleMember: 'membre',
    dateTimeSeparator: ' à ',
  },
}
