/** The devices module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Executor } from '../../db/executor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { SensorsService } from '../sensors/index.ts'
import { deviceRoutes } from './devices.routes.ts'
import { Devices, type DevicesDeps } from './devices.ts'
import { emqxRoutes } from './emqx.routes.ts'
import { liveRoutes, type LiveDeps } from './live.routes.ts'
import { ownershipRoutes } from './ownership.routes.ts'
import { releaseDevice } from './registry.repository.ts'
import { registryRoutes } from './registry.routes.ts'

/**
 * What the sensors module (below this one) is built with: a device loses what its holder was
 * issued when the sensor presenting it goes, in the same transaction.
 */
export function deviceRelease(clock: Clock): (trx: Executor, deviceRef: number) => Promise<void> {
  return (trx, deviceRef) => releaseDevice(trx, deviceRef, clock.now())
}

export interface DevicesModuleDeps extends DevicesDeps {
  sensors: SensorsService
  sessions: LiveDeps['sessions']
}

export interface DevicesModule {
  /** The broker, the bridge and the services the routes call; started by the server, not by the CLI. */
  devices: Devices
  /** Claiming, releasing and moving a device: registered right after the sensors' routes (the order of the API document). */
  ownershipRoutes: FastifyPluginAsync
  /** Credentials, commands, state, the registry, the live stream and the EMQX hooks. */
  routes: FastifyPluginAsync
}

export function createDevicesModule(deps: DevicesModuleDeps): DevicesModule {
  const { sensors, sessions, ...own } = deps
  const devices = new Devices(own)
  return {
    devices,
    ownershipRoutes: async (app) => {
      await app.register(ownershipRoutes, { registry: devices.registry, handover: devices.handover })
    },
    routes: async (app) => {
      await app.register(deviceRoutes, { devices, sensors })
      await app.register(registryRoutes, { registry: devices.registry })
      await app.register(liveRoutes, { devices, sensors, sessions })
      await app.register(emqxRoutes, { auth: devices.auth })
    },
  }
}
