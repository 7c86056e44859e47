/** Registering and importing a brand's devices in English (devices.views.ts, devices.routes.ts), merged into en.ts. */
export const devicesRegisterEn = {
  'devices.heldBy': "by customer tenant #{tenant}",
  'devices.findMac': 'Find a device by the start of its MAC',
  'devices.older': 'Older devices',
  'devices.lastReport': "Last report",
  'devices.registerOne': "Register a device",
  'devices.claimCode': "Claim code",
  'devices.claimCodeHint': "Printed on the device or its box (at least 8 characters); a claim code, a factory password or both.",
  'devices.factoryPassword': "Factory password",
  'devices.registerButton': "Register the device",
  'devices.importTitle': "Import devices from a file",
  'devices.importFile': "CSV or JSON",
  'devices.importHint': "Paste the file: CSV with a header row (mac, model, claimCode and/or factoryPassword) or a JSON array, as trellis devices import reads it; up to 1,000 devices.",
  'devices.importButton': "Import the devices",
  'devices.registered': "{mac} is registered.",
  'devices.updated': "{mac} was registered already and is updated.",
  'devices.imported': "Imported: {created} registered, {updated} updated, {refused} refused.",
}
