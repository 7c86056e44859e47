// The devices module's public face: its services and their types (eslint/module-order.js).
export type { DeviceInput, RegisterResult } from './registry.service.ts'
export { parseCsv, readDevices } from './device-file.ts'
export { DeviceInputSchema } from './registry.routes.ts'
// `trellis device simulate` (the CLI loads the face lazily: only that command needs it)
export { runSimulator } from './simulator.ts'
export { createDevicesModule, deviceRelease, type DevicesModule, type DevicesModuleDeps } from './module.ts'
export type { Devices } from './devices.ts'
