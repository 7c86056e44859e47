// The schedules module's public face: its services and their types (eslint/module-order.js).
export { moveSensorSchedules } from './schedules.service.ts'
