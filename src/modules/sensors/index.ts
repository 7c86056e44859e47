// The sensors module's public face: what other modules may import (eslint/module-order.js).
export * from './sensor-types.ts'
export * from './sensors.repository.ts'
export * from './sensors.service.ts'
