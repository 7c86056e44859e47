/** The device page's texts in Dutch (every key of device-en.ts; `{name}` as there). */
import type { deviceEn } from './device-en.ts'

export const deviceNl: Record<keyof typeof deviceEn, string> = {
  'device.title': 'Een apparaat koppelen',
  'device.signInIntro': 'Meld je aan om het apparaat te koppelen dat je een code laat zien.',
  'device.enterIntro': 'Vul de code in die je apparaat laat zien.',
  'device.codeLabel': 'Code van je apparaat',
  'device.codeHint': 'Acht letters, zoals BCDF-GHJK.',
  'device.continue': 'Verder',
  'device.unknownCode': 'Die code klopt niet, is verlopen of is al gebruikt. Kijk op je apparaat, of begin daar opnieuw voor een nieuwe code.',
  'device.confirmTitle': '{app} toestaan?',
  'device.confirmIntro': '{app} op een apparaat vraagt om aan te melden bij je {brand}-account ({email}).',
  'device.scopesIntro': 'Het vraagt om:',
  'device.noScopes': 'Alleen je aanmelding, verder niets.',
  'device.phishing': 'Sta dit alleen toe als je het zelf op je eigen apparaat bent begonnen en het dezelfde code laat zien. Heeft iemand je deze pagina of de code gestuurd, weiger dan.',
  'device.approve': 'Toestaan',
  'device.deny': 'Weigeren',
  'device.approved': 'Klaar: {app} is aangemeld. Je kunt teruggaan naar je apparaat.',
  'device.denied': 'Geweigerd: {app} is niet aangemeld. Je kunt deze pagina sluiten.',
}
