/** Registering and importing a brand's devices in Dutch (devices.views.ts, devices.routes.ts), merged into nl.ts. */
export const devicesRegisterNl = {
  'devices.heldBy': "bij klant-tenant #{tenant}",
  'devices.findMac': 'Een apparaat zoeken op het begin van zijn MAC',
  'devices.older': 'Oudere apparaten',
  'devices.lastReport': "Laatste melding",
  'devices.registerOne': "Een apparaat registreren",
  'devices.claimCode': "Claimcode",
  'devices.claimCodeHint': "Gedrukt op het apparaat of de doos (minstens 8 tekens); een claimcode, een fabriekswachtwoord of beide.",
  'devices.factoryPassword': "Fabriekswachtwoord",
  'devices.registerButton': "Apparaat registreren",
  'devices.importTitle': "Apparaten importeren uit een bestand",
  'devices.importFile': "CSV of JSON",
  'devices.importHint': "Plak het bestand: CSV met een kopregel (mac, model, claimCode en/of factoryPassword) of een JSON-array, zoals trellis devices import het leest; tot 1.000 apparaten.",
  'devices.importButton': "Apparaten importeren",
  'devices.registered': "{mac} is geregistreerd.",
  'devices.updated': "{mac} was al geregistreerd en is bijgewerkt.",
  'devices.imported': "Geïmporteerd: {created} geregistreerd, {updated} bijgewerkt, {refused} geweigerd.",
}
