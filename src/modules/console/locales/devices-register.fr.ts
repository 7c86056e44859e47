/** Registering and importing a brand's devices in French (devices.views.ts, devices.routes.ts), merged into fr.ts. */
export const devicesRegisterFr = {
  'devices.heldBy': "chez le locataire client n° {tenant}",
  'devices.findMac': 'Trouver un appareil par le début de son adresse MAC',
  'devices.older': 'Appareils plus anciens',
  'devices.lastReport': "Dernier rapport",
  'devices.registerOne': "Enregistrer un appareil",
  'devices.claimCode': "Code de réclamation",
  'devices.claimCodeHint': "Imprimé sur l’appareil ou sa boîte (au moins 8 caractères) ; un code, un mot de passe d’usine ou les deux.",
  'devices.factoryPassword': "Mot de passe d’usine",
  'devices.registerButton': "Enregistrer l’appareil",
  'devices.importTitle': "Importer des appareils depuis un fichier",
  'devices.importFile': "CSV ou JSON",
  'devices.importHint': "Collez le fichier : CSV avec une ligne d’en-tête (mac, model, claimCode et/ou factoryPassword) ou un tableau JSON, comme trellis devices import le lit ; jusqu’à 1 000 appareils.",
  'devices.importButton': "Importer les appareils",
  'devices.registered': "{mac} est enregistré.",
  'devices.updated': "{mac} était déjà enregistré et est mis à jour.",
  'devices.imported': "Importés : {created} enregistrés, {updated} mis à jour, {refused} refusés.",
}
