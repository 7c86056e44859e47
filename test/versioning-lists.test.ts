/**
 * The versioning rule for the audit log and the email-settings versions: without /v4/ a list
 * is a plain JSON array of at most 100 records (the newest) and takes no cursor; under /v4/
 * it is a cursor page (default 10, at most 250) that walks every record forward and back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, errorBody, type Actor, type TestApp } from './helpers.ts'

let t: TestApp
let brand: number
let admin: Actor
let platform: Actor

/** Updates the brand's address n times: n versions and n tenant.update entries. */
async function changeAddress(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${brand}`, headers: admin.headers, payload: { address: `${i} Rule St` } })
    expect(res.statusCode).toBe(200)
  }
}

const CHANGES = 130

beforeAll(async () => {
  t = await createTestApp()
  brand = await createTenant(t, 'Rule brand')
  admin = await createActor(t, { tenantId: brand, role: 'admin' })
  platform = await createActor(t, { platformAdmin: true })
  await changeAddress(CHANGES)
}, 120_000)
afterAll(() => t.close())

const get = (url: string, who: Actor = admin) => t.app.inject({ method: 'GET', url, headers: who.headers })

interface PageBody<N> {
  edges: { node: N; cursor: string }[]
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }
  totalCount: number
}

/** Walks a /v4/ list forward to its end and back to its start; returns the keys both ways. */
async function walk<N>(url: string, key: (node: N) => number, limit: number, who: Actor): Promise<{ forward: number[]; backward: number[]; total: number }> {
  const sep = url.includes('?') ? '&' : '?'
  const pageAt = async (query: string) => {
    const res = await get(`${url}${sep}limit=${limit}${query}`, who)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as PageBody<N>
  }
  let page = await pageAt('')
  const total = page.totalCount
  const forward = page.edges.map((e) => key(e.node))
  expect(page.pageInfo.hasPreviousPage).toBe(false)
  while (page.pageInfo.hasNextPage) {
    page = await pageAt(`&after=${encodeURIComponent(page.pageInfo.endCursor ?? '')}`)
    expect(page.pageInfo.hasPreviousPage).toBe(true)
    forward.push(...page.edges.map((e) => key(e.node)))
  }
  const backward = page.edges.map((e) => key(e.node)).reverse()
  while (page.pageInfo.hasPreviousPage) {
    page = await pageAt(`&before=${encodeURIComponent(page.pageInfo.startCursor ?? '')}`)
    expect(page.pageInfo.hasNextPage).toBe(true)
    backward.push(...page.edges.map((e) => key(e.node)).reverse())
  }
  return { forward, backward, total }
}

const descending = (keys: number[]) => keys.every((k, i) => i === 0 || (keys[i - 1] ?? 0) > k)

describe.each([
  { name: 'the tenant audit log', plain: () => `/tenants/${brand}/audit`, v4: () => `/tenants/${brand}/v4/audit`, who: () => admin, key: (n: { id: number }) => n.id },
  { name: 'the whole audit log', plain: () => '/audit', v4: () => '/v4/audit', who: () => platform, key: (n: { id: number }) => n.id },
  {
    name: 'the email-settings versions',
    plain: () => `/tenants/${brand}/email-settings/versions`,
    v4: () => `/tenants/${brand}/v4/email-settings/versions`,
    who: () => admin,
    key: (n: { version: number }) => n.version,
  },
])('$name', ({ plain, v4, who, key }) => {
  it('without /v4/: a plain array of the newest 100, newest first, with no cursor taken', async () => {
    const res = await get(plain(), who())
    expect(res.statusCode, res.body).toBe(200)
    const list = res.json() as { id?: number; version?: number }[]
    expect(Array.isArray(list)).toBe(true)
    expect(list).toHaveLength(100)
    const keys = list.map((n) => key(n as never))
    expect(descending(keys)).toBe(true)
    // the newest first: the same record the /v4/ form starts with
    const first = (await get(v4(), who())).json() as PageBody<never>
    expect(keys[0]).toBe(key(first.edges[0]?.node as never))
    // paging parameters are not part of this form: ignored, the same newest 100
    const cursor = first.pageInfo.endCursor ?? ''
    const paged = await get(`${plain()}?after=${encodeURIComponent(cursor)}&limit=250`, who())
    expect(paged.statusCode).toBe(200)
    expect((paged.json() as unknown[]).map((n) => key(n as never))).toEqual(keys)
  })

  it('under /v4/: pages of 10 by default, every record once forward and back, exact totals', async () => {
    const first = (await get(v4(), who())).json() as PageBody<never>
    expect(first.edges).toHaveLength(10)
    expect(first.totalCount).toBeGreaterThanOrEqual(CHANGES)
    const { forward, backward, total } = await walk(v4(), key as (n: never) => number, 37, who())
    expect(forward).toHaveLength(total)
    expect(new Set(forward).size).toBe(total)
    expect(descending(forward)).toBe(true)
    expect(backward.reverse()).toEqual(forward)
    const big = (await get(`${v4()}?limit=250`, who())).json() as PageBody<never>
    expect(big.edges).toHaveLength(Math.min(250, total))
  })

  it('under /v4/: a bad cursor and a limit out of range are 400s', async () => {
    for (const query of ['after=abc', 'before=1.AAAAAAAAAAAAAAAAAAAAAA', 'after=zz.zz.zz']) {
      const res = await get(`${v4()}?${query}`, who())
      expect(res.statusCode, query).toBe(400)
      expect(errorBody(res).code).toBe('invalid_cursor')
    }
    // another list's cursor is refused too
    const other = (await get(`/tenants/${brand}/v4/members`)).json() as PageBody<never>
    if (other.pageInfo.endCursor) expect((await get(`${v4()}?after=${encodeURIComponent(other.pageInfo.endCursor)}`, who())).statusCode).toBe(400)
    for (const limit of ['0', '251', '-1', '1.5']) {
      const res = await get(`${v4()}?limit=${limit}`, who())
      expect(res.statusCode, limit).toBe(400)
    }
  })
})
