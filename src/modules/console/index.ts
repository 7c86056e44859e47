// The console module's public face: its route plugin, which the wiring registers, and the
// platform page's service, which the wiring builds (eslint/module-order.js).
export { consoleRoutes } from './console.routes.ts'
export { PlatformStatus } from './platform-status.service.ts'
