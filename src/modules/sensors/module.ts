/** The sensors module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { EventSink } from '../../lib/events.ts'
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { Executor } from '../../db/executor.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { CursorCodec } from '../../lib/pagination.ts'
import type { SpaceContents } from '../spaces/index.ts'
import type { Policy, TenantStore } from '../tenancy/index.ts'
import { bindLabel, deleteSensor, devicesPresented, findSensor, insertSensor, moveSensor, sensorPresenting, spaceHasSensors, unbindDevice } from './sensors.repository.ts'
import { sensorRoutes } from './sensors.routes.ts'
import { SensorsService } from './sensors.service.ts'
import { HeldDevices } from './held-devices.service.ts'

/**
 * The sensor statements the devices module runs inside its own transactions (the registry, the
 * handover, the conflicts write a device's sensor with the device): handed out by the factory,
 * so the face gives only the type.
 */
const sensorStatements = { bindLabel, deleteSensor, devicesPresented, findSensor, insertSensor, moveSensor, sensorPresenting, unbindDevice }
export type SensorStore = typeof sensorStatements

export interface SensorsDeps {
  db: DB
  clock: Clock
  cursors: CursorCodec
  policy: Policy
  audit: AuditSink
  /** Voids what the holder of a device was issued when its sensor goes (the devices module's, above this one). */
  releaseDevice: (trx: Executor, deviceRef: number) => Promise<void>
  /** Tenants, memberships and a list's tenant filter (tenancy's store, built with the access rules). */
  tenantStore: TenantStore
  /** device.released when a sensor's deletion releases its device (modules/webhooks). */
  events?: EventSink
}

export interface SensorsModule {
  sensors: SensorsService
  /** The devices a person holds, for the brand's person page. */
  held: HeldDevices
  /** Writes a device's sensor inside the devices module's transactions. */
  store: SensorStore
  /** What the spaces module (below this one) is built with: the sensors in a space, and their removal with it. */
  spaceContents: SpaceContents
  /** Sensors and their lists. */
  routes: FastifyPluginAsync
}

export function createSensorsModule(deps: SensorsDeps): SensorsModule {
  const sensors = new SensorsService(deps.db, deps.cursors, deps.policy, deps.clock, deps.audit, deps.releaseDevice, deps.tenantStore, deps.events)
  return {
    sensors,
    held: new HeldDevices(deps.db, deps.policy, deps.tenantStore),
    store: sensorStatements,
    spaceContents: {
      hasSensors: spaceHasSensors,
      deleteSensorsIn: (trx, spaceIds, actor) => sensors.removeInSpaces(trx, actor, spaceIds),
    },
    routes: async (app) => {
      await app.register(sensorRoutes, { sensors })
    },
  }
}
