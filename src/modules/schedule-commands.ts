/**
 * The wiring between the schedules (below) and the devices (above): a run acts as the group's
 * maker would by hand, through the same access check and command service as the API's
 * `POST /sensors/{sensorId}/command`, so a maker who has lost the sensor is refused there too.
 */
import type { DB } from '../db/connect.ts'
import type { Devices } from './devices/index.ts'
import type { ScheduleCommands } from './schedules/index.ts'
import type { SensorsService } from './sensors/index.ts'
import { OPERATOR, type Actor } from './tenancy/index.ts'
import { accountReads } from './users/index.ts'

export function scheduleCommands(db: DB, sensors: SensorsService, devices: Devices): ScheduleCommands {
  return {
    async actorFor(userId: number | null): Promise<Actor | null> {
      // a group made before makers were kept, or by the operator or a machine, runs as the platform
      if (userId === null) return OPERATOR
      const user = await accountReads.findUserById(db, userId)
      if (!user) return null
      // signed in nowhere: not limited by a client's scopes, as on a hosted page
      return { kind: 'user', userId: user.id, homeTenantId: user.tenant_id, platformAdmin: user.platform_role === 'admin', clientId: null, sessionId: null, scopes: null }
    },
    access: (actor, sensorIds) => sensors.accessMany(actor, sensorIds, 'sensors.command'),
    async send(actor, sensor, text, schedule) {
      const command = await devices.commands.send(sensor, text, actor, { scheduleGroupId: schedule.groupId, scheduleItemId: schedule.itemId })
      return command.id
    },
  }
}
