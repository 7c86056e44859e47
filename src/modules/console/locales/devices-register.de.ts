/** Registering and importing a brand's devices in German (devices.views.ts, devices.routes.ts), merged into de.ts. */
export const devicesRegisterDe = {
  'devices.heldBy': "beim Kunden-Mandanten #{tenant}",
  'devices.findMac': 'Ein Gerät nach dem Anfang seiner MAC suchen',
  'devices.older': 'Ältere Geräte',
  'devices.lastReport': "Letzte Meldung",
  'devices.registerOne': "Ein Gerät registrieren",
  'devices.claimCode': "Aktivierungscode",
  'devices.claimCodeHint': "Auf dem Gerät oder der Verpackung aufgedruckt (mindestens 8 Zeichen); ein Aktivierungscode, ein Werkspasswort oder beides.",
  'devices.factoryPassword': "Werkspasswort",
  'devices.registerButton': "Gerät registrieren",
  'devices.importTitle': "Geräte aus einer Datei importieren",
  'devices.importFile': "CSV oder JSON",
  'devices.importHint': "Fügen Sie die Datei ein: CSV mit Kopfzeile (mac, model, claimCode und/oder factoryPassword) oder ein JSON-Array, wie trellis devices import sie liest; bis zu 1.000 Geräte.",
  'devices.importButton': "Geräte importieren",
  'devices.registered': "{mac} ist registriert.",
  'devices.updated': "{mac} war schon registriert und ist aktualisiert.",
  'devices.imported': "Importiert: {created} registriert, {updated} aktualisiert, {refused} abgelehnt.",
}
