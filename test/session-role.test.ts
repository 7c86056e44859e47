/**
 * A request that names a tenant (`/tenants/{tenantId}/...`) reads the caller's role there
 * with its session check, in the same statement (sessions.ts, actor.roleIn), so the
 * policy's check costs no round trip of its own. The role is read afresh on every request:
 * a role changed or a membership removed holds from the next request on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, type Actor, type TestApp } from './helpers.ts'
import { StatementRecorder } from './statement-recorder.ts'

let t: TestApp
const recorder = new StatementRecorder()

beforeAll(async () => {
  t = await createTestApp({ RUN_WORKER: 'false' }, { recorder })
})
afterAll(() => t.close())

async function statementsOf(url: string, who: Actor) {
  recorder.statements = []
  const res = await t.app.inject({ method: 'GET', url, headers: who.headers })
  return { status: res.statusCode, statements: [...recorder.statements] }
}

const readsMemberships = (statement: string) => /\bmemberships\b/.test(statement)

describe('the role in the named tenant comes with the session check', () => {
  let tenantId: number
  let owner: Actor
  let member: Actor

  beforeAll(async () => {
    tenantId = await createTenant(t, 'Roles')
    owner = await createActor(t, { tenantId, role: 'owner' })
    member = await createActor(t, { tenantId, role: 'member' })
  })

  it('a tenant-scoped list: the session and the role in one statement, then the page and its count', async () => {
    const { status, statements } = await statementsOf(`/tenants/${tenantId}/v4/sensors?limit=10`, member)
    expect(status).toBe(200)
    expect(statements).toHaveLength(3)
    expect(statements[0]).toMatch(/\bsessions\b/)
    expect(statements.filter(readsMemberships)).toEqual([statements[0]])
  })

  it('a stranger to the tenant gets 404, as before, from the same one statement', async () => {
    const stranger = await createActor(t)
    const { status, statements } = await statementsOf(`/tenants/${tenantId}/v4/sensors?limit=10`, stranger)
    expect(status).toBe(404)
    expect(statements).toHaveLength(1)
  })

  it('a role lowered, then a membership removed, holds from the next request on', async () => {
    const admin = await createActor(t, { tenantId, role: 'admin' })
    expect((await statementsOf(`/tenants/${tenantId}/invitations`, admin)).status).toBe(200)
    const lowered = await t.app.inject({
      method: 'PATCH',
      url: `/tenants/${tenantId}/members/${admin.user.id}`,
      headers: owner.headers,
      payload: { role: 'member' },
    })
    expect(lowered.statusCode).toBe(200)
    expect((await statementsOf(`/tenants/${tenantId}/invitations`, admin)).status).toBe(403)
    const removed = await t.app.inject({ method: 'DELETE', url: `/tenants/${tenantId}/members/${admin.user.id}`, headers: owner.headers })
    expect(removed.statusCode).toBe(204)
    expect((await statementsOf(`/tenants/${tenantId}/invitations`, admin)).status).toBe(404)
  })

  it('a request without a tenant in its path: the session check does not join memberships (its list reads them itself)', async () => {
    const { status, statements } = await statementsOf('/v4/sensors?limit=10', member)
    expect(status).toBe(200)
    expect(statements[0]).toMatch(/\bsessions\b/)
    expect(statements[0]).not.toMatch(/\bmemberships\b/)
  })
})
