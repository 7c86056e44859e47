/** The schedules module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { EventSink } from '../../lib/events.ts'
import type { Log } from '../../lib/log.ts'
import { ScheduleRunner, type ScheduleCommands } from './runner.service.ts'
import { scheduleRoutes, type ScheduledSensors } from './schedules.routes.ts'
import { SchedulesService } from './schedules.service.ts'

export interface SchedulesDeps {
  db: DB
  clock: Clock
  log: Log
  /** The sensors the schedules belong to, checked for the actor (the sensors module's, above this one). */
  sensors: ScheduledSensors
  /** How a run reaches the devices (the devices module's, above this one). */
  commands: ScheduleCommands
  /** schedule.ran (modules/webhooks). */
  events?: EventSink
}

export interface SchedulesModule {
  schedules: SchedulesService
  /** Fires due occurrences: `tick(now)` once, or `start()` a timer (the server, not the CLI). */
  runner: ScheduleRunner
  /** A sensor's schedule groups. */
  routes: FastifyPluginAsync
}

export function createSchedulesModule(deps: SchedulesDeps): SchedulesModule {
  const schedules = new SchedulesService(deps.db, deps.clock)
  return {
    schedules,
    runner: new ScheduleRunner(deps.db, deps.clock, deps.commands, deps.log, {}, deps.events),
    routes: async (app) => {
      await app.register(scheduleRoutes, { schedules, sensors: deps.sensors })
    },
  }
}
