// The console module's public face: its route plugin, which the wiring registers (eslint/module-order.js).
export { consoleRoutes } from './console.routes.ts'
