/**
 * A sensor access check for many sensors at once (a schedule's fleet at its minute): the
 * sensors in one read, the actor's role in each of their tenants once, then the same decision
 * as `SensorsService.access` for each. Answers each sensor, or the error `access` would throw.
 */
import type { DB } from '../../db/connect.ts'
import type { Sensor } from '../../db/database.ts'
import { AppError } from '../../lib/errors.ts'
import { accessResource, type Actor, type Policy } from '../tenancy/index.ts'
import { findSensors } from './sensors.repository.ts'

export async function accessSensors(db: DB, policy: Policy, actor: Actor, sensorIds: readonly number[], action: 'sensors.read' | 'sensors.write' | 'sensors.command'): Promise<Map<number, Sensor | AppError>> {
  const found = new Map((await findSensors(db, [...new Set(sensorIds)])).map((s) => [s.id, s]))
  const asIn = new Map<number, Actor>()
  const answers = new Map<number, Sensor | AppError>()
  for (const sensorId of sensorIds) {
    const sensor = found.get(sensorId)
    let as = actor
    if (sensor && actor.kind === 'user') {
      // the role read once per tenant, as a request that names the tenant reads it once
      as = asIn.get(sensor.tenant_id) ?? { ...actor, roleIn: { tenantId: sensor.tenant_id, role: await policy.roleIn(actor, sensor.tenant_id) } }
      asIn.set(sensor.tenant_id, as)
    }
    try {
      answers.set(sensorId, await accessResource(policy, as, action, 'Sensor', sensor, undefined))
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      answers.set(sensorId, error)
    }
  }
  return answers
}
