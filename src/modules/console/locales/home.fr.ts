/** The console's front door in French: the tenant picker and a tenant's overview (home.views.ts), merged into fr.ts. */
export const homeFr = {
  'home.youAre': 'Vous êtes {role} dans {tenant}.',
  'home.youArePlatform': 'Vous êtes {role} dans {tenant} (en tant qu’administrateur de la plateforme).',
  'home.glance': 'En un coup d’œil',
  'home.devices': '{count} appareils',
  'home.online': '{count} en ligne',
  'home.claimed': '{count} associés',
  'home.members': '{count} membres',
  'picker.title': 'Vos locataires',
  'picker.none': 'Vous n’avez aucun locataire à gérer avec ce compte. Demandez une invitation à un administrateur de votre équipe.',
  'picker.platformAdmin': 'administrateur de la plateforme',
  'picker.brand': 'marque',
  'picker.search': 'Trouver un locataire par son nom',
  'picker.searchButton': 'Rechercher',
  'picker.next': 'Locataires suivants',
  'picker.noneFound': 'Aucun locataire que vous pouvez ouvrir ne s’appelle comme « {q} ».',
}
