/** The device page's texts in English (device.routes.ts), a part of en.ts; every locale has the same keys. */
export const deviceEn = {
  'device.title': 'Connect a device',
  'device.signInIntro': 'Sign in to connect the device that shows you a code.',
  'device.enterIntro': 'Enter the code your device shows.',
  'device.codeLabel': 'Code from your device',
  'device.codeHint': 'Eight letters, like BCDF-GHJK.',
  'device.continue': 'Continue',
  'device.unknownCode': 'That code is not right, has expired or was already used. Check your device, or start again on it for a new code.',
  'device.confirmTitle': 'Allow {app}?',
  'device.confirmIntro': '{app} on a device asks to sign in to your {brand} account ({email}).',
  'device.scopesIntro': 'It asks for:',
  'device.noScopes': 'Only your sign-in, nothing more.',
  'device.phishing': 'Allow only if you started this on your own device and it shows this same code. If someone sent you this page or the code, deny.',
  'device.approve': 'Allow',
  'device.deny': 'Deny',
  'device.approved': 'Done: {app} is signed in. You can go back to your device.',
  'device.denied': 'Denied: {app} was not signed in. You can close this page.',
} as const
