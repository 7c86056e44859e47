/** The console's front door in Dutch: the tenant picker and a tenant's overview (home.views.ts), merged into nl.ts. */
export const homeNl = {
  'home.youAre': 'Je bent {role} in {tenant}.',
  'home.youArePlatform': 'Je bent {role} in {tenant} (als platformbeheerder).',
  'home.glance': 'In één oogopslag',
  'home.devices': '{count} apparaten',
  'home.online': '{count} nu online',
  'home.claimed': '{count} geclaimd',
  'home.members': '{count} leden',
  'picker.title': 'Jouw tenants',
  'picker.none': 'Je hebt met dit account geen tenant te beheren. Vraag een beheerder van je team om een uitnodiging.',
  'picker.platformAdmin': 'platformbeheerder',
  'picker.brand': 'merk',
  'picker.search': 'Een tenant zoeken op naam',
  'picker.searchButton': 'Zoeken',
  'picker.next': 'Volgende tenants',
  'picker.noneFound': 'Geen tenant die je kunt openen heet zoals “{q}”.',
}
