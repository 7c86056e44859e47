/** The device page's texts in German (every key of device-en.ts; `{name}` as there). */
import type { deviceEn } from './device-en.ts'

export const deviceDe: Record<keyof typeof deviceEn, string> = {
  'device.title': 'Ein Gerät verbinden',
  'device.signInIntro': 'Melde dich an, um das Gerät zu verbinden, das dir einen Code zeigt.',
  'device.enterIntro': 'Gib den Code ein, den dein Gerät zeigt.',
  'device.codeLabel': 'Code von deinem Gerät',
  'device.codeHint': 'Acht Buchstaben, etwa BCDF-GHJK.',
  'device.continue': 'Weiter',
  'device.unknownCode': 'Dieser Code stimmt nicht, ist abgelaufen oder wurde schon verwendet. Sieh auf deinem Gerät nach oder fange dort neu an, um einen neuen Code zu bekommen.',
  'device.confirmTitle': '{app} erlauben?',
  'device.confirmIntro': '{app} auf einem Gerät möchte sich bei deinem {brand}-Konto ({email}) anmelden.',
  'device.scopesIntro': 'Es fragt nach:',
  'device.noScopes': 'Nur deiner Anmeldung, sonst nichts.',
  'device.phishing': 'Erlaube es nur, wenn du es selbst auf deinem eigenen Gerät begonnen hast und es denselben Code zeigt. Hat dir jemand diese Seite oder den Code geschickt, lehne ab.',
  'device.approve': 'Erlauben',
  'device.deny': 'Ablehnen',
  'device.approved': 'Fertig: {app} ist angemeldet. Du kannst zu deinem Gerät zurückkehren.',
  'device.denied': 'Abgelehnt: {app} wurde nicht angemeldet. Du kannst diese Seite schließen.',
}
