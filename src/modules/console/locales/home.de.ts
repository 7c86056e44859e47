/** The console's front door in German: the tenant picker and a tenant's overview (home.views.ts), merged into de.ts. */
export const homeDe = {
  'home.youAre': 'Sie sind {role} in {tenant}.',
  'home.youArePlatform': 'Sie sind {role} in {tenant} (als Plattform-Administrator).',
  'home.glance': 'Auf einen Blick',
  'home.devices': '{count} Geräte',
  'home.online': '{count} jetzt online',
  'home.claimed': '{count} zugeordnet',
  'home.members': '{count} Mitglieder',
  'picker.title': 'Ihre Mandanten',
  'picker.none': 'Mit diesem Konto verwalten Sie keinen Mandanten. Bitten Sie einen Administrator Ihres Teams um eine Einladung.',
  'picker.platformAdmin': 'Plattform-Administrator',
  'picker.brand': 'Marke',
  'picker.search': 'Einen Mandanten nach Namen suchen',
  'picker.searchButton': 'Suchen',
  'picker.next': 'Weitere Mandanten',
  'picker.noneFound': 'Kein Mandant, den Sie öffnen können, heißt wie „{q}“.',
}
