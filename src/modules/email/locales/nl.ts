/** The platform's default email texts in Dutch (keys and placeholders as in en.ts). */
import type { LocaleCatalog } from './types.ts'

export const nl: LocaleCatalog = {
  passwordReset: {
    subject: 'Stel je wachtwoord voor {{company.name}} opnieuw in',
    title: 'Stel je wachtwoord opnieuw in',
    contentBeforeCta:
      'Hoi {{user.displayname}},\n\nIemand heeft gevraagd het wachtwoord van het {{company.name}}-account van {{user.email}} opnieuw in te stellen. Was jij dat? Kies dan met de knop hieronder een nieuw wachtwoord.',
    ctaLabel: 'Kies een nieuw wachtwoord',
    contentAfterCta:
      'De link werkt één keer en verloopt op {{resetTokenExp}}. Heb je hier niet om gevraagd? Negeer deze e-mail dan: je wachtwoord blijft zoals het is.',
    footerTitle: 'Verstuurd omdat er gevraagd is om een nieuw wachtwoord',
  },
  passwordResetSuccess: {
    subject: 'Je wachtwoord voor {{company.name}} is gewijzigd',
    title: 'Je wachtwoord is gewijzigd',
    contentBeforeCta:
      'Hoi {{user.displayname}},\n\nHet wachtwoord van het {{company.name}}-account van {{user.email}} is gewijzigd op {{currentDate}} om {{currentTime}} (%{timeZone}). Je bent op je andere apparaten afgemeld.',
    contentAfterCta: 'Heb je het niet zelf gewijzigd? Stel je wachtwoord dan meteen opnieuw in.',
    contentAfterCtaWithContact: 'Heb je het niet zelf gewijzigd? Stel je wachtwoord dan meteen opnieuw in en neem contact op met {{company.emailAddress}}.',
    footerTitle: 'Verstuurd om je account veilig te houden',
  },
  emailConfirmation: {
    subject: 'Bevestig je e-mailadres voor {{company.name}}',
    title: 'Bevestig je e-mailadres',
    contentBeforeCta: 'Hoi {{user.displayname}},\n\nBedankt voor je aanmelding bij {{company.name}}. Bevestig dat {{user.email}} jouw adres is.',
    ctaLabel: 'Bevestig mijn adres',
    contentAfterCta: 'Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.',
    footerTitle: 'Verstuurd omdat dit adres is gebruikt om je aan te melden',
  },
  accountExists: {
    subject: 'Je hebt al een account bij {{company.name}}',
    title: 'Je hebt al een account',
    contentBeforeCta:
      'Hoi {{user.displayname}},\n\nIemand, waarschijnlijk jij, probeerde zich bij {{company.name}} aan te melden met {{user.email}}, dat al een account heeft. Er is niets gewijzigd.',
    ctaLabel: 'Stel mijn wachtwoord opnieuw in',
    contentAfterCta: 'Ben je je wachtwoord vergeten? Dan kun je het opnieuw instellen. Was jij het niet? Dan kun je deze e-mail negeren.',
    footerTitle: 'Verstuurd omdat dit adres is gebruikt om je aan te melden',
  },
  invitation: {
    subject: 'Je bent uitgenodigd voor {{company.name}}',
    title: 'Word lid van {{company.name}}',
    contentBeforeCta:
      'Hoi,\n\nJe bent uitgenodigd om lid te worden van {{company.name}} als {{invitedRole}}. Er verandert niets tot je accepteert: meld je aan (of registreer je) met {{user.email}} en accepteer de uitnodiging.',
    ctaLabel: 'Bekijk de uitnodiging',
    contentAfterCta: 'De uitnodiging verloopt als je haar niet accepteert. Ken je {{company.name}} niet? Negeer deze e-mail dan.',
    footerTitle: 'Verstuurd omdat een lid van {{company.name}} dit adres heeft uitgenodigd',
  },
  customerInvitation: {
    subject: '{{inviter}} heeft je uitgenodigd voor {{tenantName}}',
    title: 'Word lid van {{tenantName}}',
    contentBeforeCta:
      'Hoi,\n\n{{inviter}} heeft je uitgenodigd om lid te worden van {{tenantName}}, hun organisatie bij {{company.name}}, als {{invitedRole}}. {{company.name}} bezorgt deze uitnodiging alleen: ze komt van {{inviter}}, niet van {{company.name}}. Er verandert niets tot je accepteert: meld je aan (of registreer je) met {{user.email}} en accepteer de uitnodiging.',
    ctaLabel: 'Bekijk de uitnodiging',
    contentAfterCta: 'De uitnodiging verloopt als je haar niet accepteert. Ken je {{inviter}} niet? Negeer deze e-mail dan.',
    footerTitle: 'Bezorgd door {{company.name}} namens {{inviter}}, die dit adres heeft uitgenodigd',
  },
  accountDeleted: {
    subject: 'Je {{company.name}}-account is verwijderd',
    title: 'Je account is verwijderd',
    contentBeforeCta:
      'Hoi,\n\nHet {{company.name}}-account van {{user.email}} is op {{currentDate}} om {{currentTime}} (%{timeZone}) verwijderd, zoals gevraagd. Je bent overal afgemeld, de apparaten die alleen jij had zijn vrijgegeven en je persoonlijke omgeving is mee verwijderd.',
    contentAfterCta: 'Dit kan niet ongedaan worden gemaakt. Wil je {{company.name}} weer gebruiken? Meld je dan opnieuw aan met dit adres: het wordt een nieuw account.',
    footerTitle: 'Verstuurd om de verwijdering van je account te bevestigen',
  },
  passkeyAdded: {
    subject: 'Er is een passkey toegevoegd aan je {{company.name}}-account',
    title: 'Er is een passkey toegevoegd',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\nAan het {{company.name}}-account van {{user.email}} is op {{currentDate}} om {{currentTime}} (%{timeZone}) een passkey met de naam "{{passkeyName}}" toegevoegd. Daarmee log je in zonder code per e-mail.',
    ctaLabel: 'Mijn passkeys bekijken',
    contentAfterCta: 'Heb je hem niet zelf toegevoegd? Log dan meteen in met een code per e-mail en verwijder hem op je accountpagina.',
    footerTitle: 'Verstuurd om je account te beschermen',
  },
  passkeyRemoved: {
    subject: 'Er is een passkey verwijderd uit je {{company.name}}-account',
    title: 'Er is een passkey verwijderd',
    contentBeforeCta:
      'Hallo {{user.displayname}},\n\nDe passkey met de naam "{{passkeyName}}" is op {{currentDate}} om {{currentTime}} (%{timeZone}) verwijderd uit het {{company.name}}-account van {{user.email}}. Hij logt niet meer in; een code per e-mail werkt altijd.',
    ctaLabel: 'Mijn passkeys bekijken',
    contentAfterCta: 'Heb je hem niet zelf verwijderd? Log dan in met een code per e-mail en controleer je accountpagina.',
    footerTitle: 'Verstuurd om je account te beschermen',
  },
  passwordlessLogin: {
    subject: 'Je inlogcode voor {{company.name}}: {{loginCode}}',
    title: 'Je inlogcode',
    contentBeforeCta: 'Hoi {{user.displayname}},\n\nVoer deze code in de app in om in te loggen, of gebruik de knop hieronder op dit apparaat:',
    ctaLabel: 'Inloggen',
    contentAfterCta: 'De code werkt één keer en verloopt over %{minutes} minuten. Heb je niet geprobeerd in te loggen? Negeer deze e-mail dan.',
    footerTitle: 'Verstuurd omdat er een inlogcode is aangevraagd',
  },
  senderVerification: {
    subject: 'Bevestig dat er als %{address} verstuurd mag worden',
    intro: 'Een account op %{host} vroeg om e-mail te mogen versturen als %{address}.',
    ask: 'Beheer je dit adres en ga je akkoord? Bevestig het dan hier:',
    ctaLabel: 'Bevestig dit afzenderadres',
    ignore: 'Zo niet, negeer deze e-mail dan: zonder jouw bevestiging wordt er niets als %{address} verstuurd.',
  },
  layout: {
    roleOwner: 'eigenaar',
    roleAdmin: 'beheerder',
    roleMember: 'lid',
    dateTimeSeparator: ', ',
  },
}
