// The schedules module's public face: its services and their types (eslint/module-order.js).
export { moveSensorSchedules } from './schedules.service.ts'
export { type SchedulesDeps, type SchedulesModule, createSchedulesModule } from './module.ts'
export type { ScheduledSensors } from './schedules.routes.ts'
export type { SchedulesService } from './schedules.service.ts'
export type { ScheduleCommands, ScheduleRunner } from './runner.service.ts'
