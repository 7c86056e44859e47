// The sensors module's public face: what other modules may import (eslint/module-order.js).
export { checkCommand, findSensorType, SENSOR_TYPES, type SensorTypeModel } from './sensor-types.ts'
export { type SensorAction, sensorView } from './sensors.service.ts'
export { SensorFields, SensorSchema } from './sensors.routes.ts'
export { type SensorsDeps, type SensorsModule, type SensorStore, createSensorsModule } from './module.ts'
export type { SensorsService } from './sensors.service.ts'
export type { HeldDevice, HeldDevices } from './held-devices.service.ts'
