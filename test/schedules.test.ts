import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let tenantId: number
let admin: Actor
let member: Actor
let stranger: Actor
let sensorId: number

const item = { cron: '1 0 6 * * 1', type: 'tune', value: { power: 1, speed: 10 } }

beforeAll(async () => {
  t = await createTestApp()
  tenantId = await createTenant(t, 'Home')
  admin = await createActor(t, { tenantId, role: 'admin' })
  member = await createActor(t, { tenantId, role: 'member' })
  stranger = await createActor(t, { tenantId: await createTenant(t, 'Elsewhere'), role: 'owner' })
  const sensor = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/sensors`, headers: admin.headers, payload: { deviceId: 'e0:5a:1b:00:00:01', name: 'Fan', type: '58' } })
  sensorId = sensor.json().id
})
afterAll(() => t.close())

describe('schedule groups', () => {
  it('admins create and delete, members read; items only with includeScheduleItems=true', async () => {
    const url = `/tenants/${tenantId}/sensors/${sensorId}/scheduleGroups`
    const created = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { SensorSchedules: [item] } })
    expect(created.statusCode).toBe(201)
    const groupId = created.json().id
    const bare = await t.app.inject({ method: 'GET', url, headers: member.headers })
    // not run yet: the next occurrence is known, in the default time zone, and there is no last run
    expect(bare.json()).toEqual([
      { SensorId: sensorId, id: groupId, createdAt: expect.any(String), updatedAt: expect.any(String), timeZone: 'UTC', nextRunAt: expect.any(String), lastRun: null },
    ])
    const full = await t.app.inject({ method: 'GET', url: `/sensors/${sensorId}/scheduleGroups?includeScheduleItems=true`, headers: member.headers })
    expect(full.json()[0].SensorSchedules).toEqual([{ id: expect.any(Number), ...item, nextRunAt: expect.any(String), lastRun: null }])

    const byMember = await t.app.inject({ method: 'POST', url, headers: member.headers, payload: { SensorSchedules: [item] } })
    expect(byMember.statusCode).toBe(403)
    const deleted = await t.app.inject({ method: 'DELETE', url: `${url}/${groupId}`, headers: admin.headers })
    expect(deleted.statusCode).toBe(204)
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${groupId}`, headers: admin.headers })).statusCode).toBe(404)
  })

  it('another tenant sees 404; a bad cron, a power other than 0/1 or an unknown time zone is a 400 naming the field', async () => {
    const url = `/sensors/${sensorId}/scheduleGroups`
    expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url, headers: stranger.headers, payload: { SensorSchedules: [item] } })).statusCode).toBe(404)
    const badCron = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { SensorSchedules: [{ ...item, cron: '61 0 6 * * 1' }] } })
    expect(badCron.statusCode).toBe(400)
    expect(errorBody(badCron).details?.[0]?.field).toBe('body.SensorSchedules.0.cron')
    const badPower = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { SensorSchedules: [{ ...item, value: { power: 2 } }] } })
    expect(badPower.statusCode).toBe(400)
    expect(errorBody(badPower).details?.[0]?.field).toContain('power')
    const badZone = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { SensorSchedules: [item], timeZone: 'Mars/Olympus' } })
    expect(badZone.statusCode).toBe(400)
    expect(errorBody(badZone).details?.[0]?.field).toBe('body.timeZone')
  })
})
