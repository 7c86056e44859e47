// The console module's public face: its factory, which the wiring composes, and the type of the
// platform page's service, one of the services the wiring hands out (eslint/module-order.js).
export { type ConsoleDeps, type ConsoleModule, createConsoleModule } from './module.ts'
export type { ConsoleServices } from './console-kit.ts'
export type { PlatformStatus } from './platform-status.service.ts'
