/** The device page's texts in French (every key of device-en.ts; `{name}` as there). */
import type { deviceEn } from './device-en.ts'

export const deviceFr: Record<keyof typeof deviceEn, string> = {
  'device.title': 'Connecter un appareil',
  'device.signInIntro': "Connectez-vous pour relier l'appareil qui vous affiche un code.",
  'device.enterIntro': 'Saisissez le code affiché par votre appareil.',
  'device.codeLabel': 'Code de votre appareil',
  'device.codeHint': 'Huit lettres, par exemple BCDF-GHJK.',
  'device.continue': 'Continuer',
  'device.unknownCode': "Ce code n'est pas bon, a expiré ou a déjà servi. Vérifiez votre appareil, ou recommencez dessus pour obtenir un nouveau code.",
  'device.confirmTitle': 'Autoriser {app} ?',
  'device.confirmIntro': '{app} sur un appareil demande à se connecter à votre compte {brand} ({email}).',
  'device.scopesIntro': 'Il demande :',
  'device.noScopes': 'Seulement votre connexion, rien de plus.',
  'device.phishing': "N'autorisez que si vous avez lancé cela vous-même sur votre propre appareil et qu'il affiche ce même code. Si quelqu'un vous a envoyé cette page ou ce code, refusez.",
  'device.approve': 'Autoriser',
  'device.deny': 'Refuser',
  'device.approved': 'Terminé : {app} est connecté. Vous pouvez revenir à votre appareil.',
  'device.denied': "Refusé : {app} n'a pas été connecté. Vous pouvez fermer cette page.",
}
