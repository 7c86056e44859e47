/** The console's front door in English: the tenant picker and a tenant's overview (home.views.ts), merged into en.ts. */
export const homeEn = {
  'home.youAre': 'You are {role} in {tenant}.',
  'home.youArePlatform': 'You are {role} in {tenant} (as a platform administrator).',
  'home.glance': 'At a glance',
  'home.devices': '{count} devices',
  'home.online': '{count} online now',
  'home.claimed': '{count} claimed',
  'home.members': '{count} members',
  'picker.title': 'Your tenants',
  'picker.none': 'You have no tenant to manage with this account. Ask an administrator of your team for an invitation.',
  'picker.platformAdmin': 'platform administrator',
  'picker.brand': 'brand',
  'picker.search': 'Find a tenant by name',
  'picker.searchButton': 'Search',
  'picker.next': 'Next tenants',
  'picker.noneFound': 'No tenant you can open is named like “{q}”.',
}
