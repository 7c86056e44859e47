/** The platform's default email texts in German (keys and placeholders as in en.ts). */
import type { LocaleCatalog } from './types.ts'

export const de: LocaleCatalog = {
  passwordReset: {
    subject: 'Setzen Sie Ihr Passwort für {{company.name}} zurück',
    title: 'Passwort zurücksetzen',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\njemand hat darum gebeten, das Passwort des {{company.name}}-Kontos für {{user.email}} zurückzusetzen. Wenn Sie das waren, wählen Sie mit der Schaltfläche unten ein neues Passwort.',
    ctaLabel: 'Neues Passwort wählen',
    contentAfterCta:
      'Der Link funktioniert einmal und läuft am {{resetTokenExp}} ab. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    footerTitle: 'Gesendet, weil das Zurücksetzen eines Passworts angefordert wurde',
  },
  passwordResetSuccess: {
    subject: 'Ihr Passwort für {{company.name}} wurde geändert',
    title: 'Ihr Passwort wurde geändert',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\ndas Passwort des {{company.name}}-Kontos für {{user.email}} wurde am {{currentDate}} um {{currentTime}} (%{timeZone}) geändert. Auf Ihren anderen Geräten wurden Sie abgemeldet.',
    contentAfterCta: 'Wenn Sie es nicht geändert haben, setzen Sie Ihr Passwort sofort zurück.',
    contentAfterCtaWithContact: 'Wenn Sie es nicht geändert haben, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an {{company.emailAddress}}.',
    footerTitle: 'Gesendet, um Ihr Konto zu schützen',
  },
  emailConfirmation: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {{company.name}}',
    title: 'Bestätigen Sie Ihre E-Mail-Adresse',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\ndanke für Ihre Registrierung bei {{company.name}}. Bitte bestätigen Sie, dass {{user.email}} Ihre Adresse ist.',
    ctaLabel: 'Meine Adresse bestätigen',
    contentAfterCta: 'Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
    footerTitle: 'Gesendet, weil diese Adresse für eine Registrierung verwendet wurde',
  },
  accountExists: {
    subject: 'Sie haben bereits ein Konto bei {{company.name}}',
    title: 'Sie haben bereits ein Konto',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\njemand, vermutlich Sie, hat versucht, sich bei {{company.name}} mit {{user.email}} zu registrieren. Für diese Adresse gibt es bereits ein Konto. Es wurde nichts geändert.',
    ctaLabel: 'Mein Passwort zurücksetzen',
    contentAfterCta: 'Wenn Sie Ihr Passwort vergessen haben, können Sie es zurücksetzen. Wenn Sie es nicht waren, können Sie diese E-Mail ignorieren.',
    footerTitle: 'Gesendet, weil diese Adresse für eine Registrierung verwendet wurde',
  },
  invitation: {
    subject: 'Sie sind eingeladen, {{company.name}} beizutreten',
    title: '{{company.name}} beitreten',
    contentBeforeCta:
      'Hallo,\n\nSie wurden eingeladen, {{company.name}} als {{invitedRole}} beizutreten. Bis Sie annehmen, ändert sich nichts: Melden Sie sich mit {{user.email}} an (oder registrieren Sie sich) und nehmen Sie die Einladung an.',
    ctaLabel: 'Einladung ansehen',
    contentAfterCta: 'Die Einladung läuft ab, wenn sie nicht angenommen wird. Wenn Sie {{company.name}} nicht kennen, ignorieren Sie diese E-Mail.',
    footerTitle: 'Gesendet, weil ein Mitglied von {{company.name}} diese Adresse eingeladen hat',
  },
  customerInvitation: {
    subject: '{{inviter}} hat Sie eingeladen, {{tenantName}} beizutreten',
    title: '{{tenantName}} beitreten',
    contentBeforeCta:
      'Hallo,\n\n{{inviter}} hat Sie eingeladen, {{tenantName}}, der eigenen Organisation bei {{company.name}}, als {{invitedRole}} beizutreten. {{company.name}} stellt diese Einladung nur zu: Sie kommt von {{inviter}}, nicht von {{company.name}}. Bis Sie annehmen, ändert sich nichts: Melden Sie sich mit {{user.email}} an (oder registrieren Sie sich) und nehmen Sie die Einladung an.',
    ctaLabel: 'Einladung ansehen',
    contentAfterCta: 'Die Einladung läuft ab, wenn sie nicht angenommen wird. Wenn Sie {{inviter}} nicht kennen, ignorieren Sie diese E-Mail.',
    footerTitle: 'Von {{company.name}} im Auftrag von {{inviter}} zugestellt, der diese Adresse eingeladen hat',
  },
  accountDeleted: {
    subject: 'Dein {{company.name}}-Konto wurde gelöscht',
    title: 'Dein Konto wurde gelöscht',
    contentBeforeCta:
      'Hallo,\n\ndas {{company.name}}-Konto für {{user.email}} wurde am {{currentDate}} um {{currentTime}} (%{timeZone}) wie gewünscht gelöscht. Alle Anmeldungen sind beendet, die Geräte, die nur du hattest, sind freigegeben, und dein persönlicher Bereich wurde mit gelöscht.',
    contentAfterCta: 'Das lässt sich nicht rückgängig machen. Um {{company.name}} wieder zu nutzen, registriere dich mit dieser Adresse: es wird ein neues Konto.',
    footerTitle: 'Gesendet, um die Löschung deines Kontos zu bestätigen',
  },
  passkeyAdded: {
    subject: 'Ihrem {{company.name}}-Konto wurde ein Passkey hinzugefügt',
    title: 'Ein Passkey wurde hinzugefügt',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\ndem {{company.name}}-Konto für {{user.email}} wurde am {{currentDate}} um {{currentTime}} (%{timeZone}) ein Passkey mit dem Namen „{{passkeyName}}“ hinzugefügt. Er meldet Sie ohne E-Mail-Code an.',
    ctaLabel: 'Meine Passkeys ansehen',
    contentAfterCta: 'Wenn Sie ihn nicht hinzugefügt haben, melden Sie sich sofort mit einem E-Mail-Code an und löschen Sie ihn auf Ihrer Kontoseite.',
    footerTitle: 'Gesendet, um Ihr Konto zu schützen',
  },
  passkeyRemoved: {
    subject: 'Aus Ihrem {{company.name}}-Konto wurde ein Passkey gelöscht',
    title: 'Ein Passkey wurde gelöscht',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\nder Passkey mit dem Namen „{{passkeyName}}“ wurde am {{currentDate}} um {{currentTime}} (%{timeZone}) aus dem {{company.name}}-Konto für {{user.email}} gelöscht. Er meldet nicht mehr an; ein E-Mail-Code funktioniert immer.',
    ctaLabel: 'Meine Passkeys ansehen',
    contentAfterCta: 'Wenn Sie ihn nicht gelöscht haben, melden Sie sich mit einem E-Mail-Code an und prüfen Sie Ihre Kontoseite.',
    footerTitle: 'Gesendet, um Ihr Konto zu schützen',
  },
  passwordlessLogin: {
    subject: 'Ihr Anmeldecode für {{company.name}}: {{loginCode}}',
    title: 'Ihr Anmeldecode',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\ngeben Sie diesen Code in der App ein, um sich anzumelden, oder verwenden Sie auf diesem Gerät die Schaltfläche unten:',
    ctaLabel: 'Anmelden',
    contentAfterCta: 'Der Code funktioniert einmal und läuft in %{minutes} Minuten ab. Wenn Sie sich nicht anmelden wollten, ignorieren Sie diese E-Mail.',
    footerTitle: 'Gesendet, weil ein Anmeldecode angefordert wurde',
  },
  senderVerification: {
    subject: 'Bestätigen Sie den Versand als %{address}',
    intro: 'Ein Konto auf %{host} möchte E-Mails als %{address} versenden.',
    ask: 'Wenn Sie diese Adresse verwalten und einverstanden sind, bestätigen Sie es hier:',
    ctaLabel: 'Diese Absenderadresse bestätigen',
    ignore: 'Wenn nicht, ignorieren Sie diese E-Mail: Ohne Ihre Bestätigung wird nichts als %{address} versendet.',
  },
  layout: {
    roleOwner: 'Inhaber',
    roleAdmin: 'Administrator',
    roleMember: 'Mitglied',
    dateTimeSeparator: ', ',
  },
}
