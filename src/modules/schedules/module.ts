/** The schedules module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import { scheduleRoutes, type ScheduledSensors } from './schedules.routes.ts'
import { SchedulesService } from './schedules.service.ts'

export interface SchedulesDeps {
  db: DB
  /** The sensors the schedules belong to, checked for the actor (the sensors module's, above this one). */
  sensors: ScheduledSensors
}

export interface SchedulesModule {
  schedules: SchedulesService
  /** A sensor's schedule groups. */
  routes: FastifyPluginAsync
}

export function createSchedulesModule(deps: SchedulesDeps): SchedulesModule {
  const schedules = new SchedulesService(deps.db)
  return {
    schedules,
    routes: async (app) => {
      await app.register(scheduleRoutes, { schedules, sensors: deps.sensors })
    },
  }
}
