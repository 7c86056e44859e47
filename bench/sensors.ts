/**
 * /v4/sensors?limit=250 on PostgreSQL with 1,000 and 1,000,000 sensors in the tenant:
 * p50 latency of the first page and of a page deep in the list, over HTTP, next to the
 * same depth fetched with OFFSET in SQL.   npm run bench:sensors
 * The server runs in its own process (./server.ts); this one seeds and measures.
 */
import { sql } from 'kysely'
import { appSecret } from '../src/db/app-secrets.ts'
import { CursorCodec } from '../src/lib/pagination.ts'
import { openSession, signAccessToken } from '../src/modules/oauth/tokens.repository.ts'
import { sessionStatements } from '../src/modules/sessions/module.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { buildBenchApp, freshDatabase, spawnServer } from './lib.ts'

const SIZES = (process.env.BENCH_SENSOR_SIZES ?? '1000,1000000').split(',').map(Number)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60)

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await fn() // warm caches and plans
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  return p50(times)
}

const database = await freshDatabase()
const app = await buildBenchApp(database.url) // seeding and the direct SQL; HTTP goes to a server in its own process
const server = await spawnServer(['trellis', database.url])
const url = server.url
try {
  console.log(`PostgreSQL, ${process.version}, limit=250, p50 of ${SAMPLES} sequential requests`)
  const user = await insertUser(app.db, { email: 'bench@bench.test', emailConfirmedAt: app.services.clock.now() })
  const { sessionId } = await openSession(app.db, sessionStatements, 3600, { userId: user.id, clientId: 'bench', tenantId: null, scope: 'sensors:read' }, app.services.clock.now())
  const token = await signAccessToken(app, { sub: String(user.id), clientId: 'bench', scope: 'sensors:read', sessionId })
  const headers = { authorization: `Bearer ${token}` }
  const codec = new CursorCodec(await appSecret(app.db, 'cursor_hmac', app.secretBox))

  for (const size of SIZES) {
    const tenant = await app.services.tenants.create(OPERATOR, { name: `bench-${size}` })
    await addMembership(app.db, tenant.id, user.id, 'member')
    // bulk load without the per-row counter trigger, then set the counter once
    await sql`alter table sensors disable trigger sensors_count`.execute(app.db)
    await sql`insert into sensors (tenant_id, device_id, name, type, metadata)
              select ${tenant.id}, 'dev-' || g, 'Sensor ' || g, case when g % 2 = 0 then 'co2' else 'temperature' end, '{}'
              from generate_series(1, ${size}) g`.execute(app.db)
    await sql`alter table sensors enable trigger sensors_count`.execute(app.db)
    await sql`insert into tenant_counters (tenant_id, counter, count) values (${tenant.id}, 'sensors', ${size})`.execute(app.db)
    await sql`analyze sensors`.execute(app.db)

    const depth = Math.max(0, Math.floor(size * 0.9))
    const pivot = await sql<{ id: number }>`select id from sensors where tenant_id = ${tenant.id} order by id offset ${depth} limit 1`.execute(app.db)
    const after = codec.encode('sensors', `t${tenant.id}|s|t`, pivot.rows[0]!.id)
    const base = `${url}/tenants/${tenant.id}/v4/sensors?limit=250`
    const get = async (u: string) => {
      const res = await fetch(u, { headers })
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`)
      await res.arrayBuffer()
    }
    const first = await timed(() => get(base))
    const deep = await timed(() => get(`${base}&after=${encodeURIComponent(after)}`))
    const keysetSql = await timed(() =>
      sql`select * from sensors where tenant_id = ${tenant.id} and id > ${pivot.rows[0]!.id} order by id limit 251`.execute(app.db),
    )
    const offsetSql = await timed(() =>
      sql`select * from sensors where tenant_id = ${tenant.id} order by id limit 251 offset ${depth}`.execute(app.db),
    )
    console.log(`\n${size.toLocaleString('en')} sensors (deep page at row ${depth.toLocaleString('en')}):`)
    console.log(`  HTTP first page          p50 ${first.toFixed(2)} ms`)
    console.log(`  HTTP deep page (cursor)  p50 ${deep.toFixed(2)} ms   (${(deep / first).toFixed(2)}x the first page)`)
    console.log(`  SQL keyset at depth      p50 ${keysetSql.toFixed(2)} ms`)
    console.log(`  SQL OFFSET at depth      p50 ${offsetSql.toFixed(2)} ms   (${(offsetSql / keysetSql).toFixed(1)}x keyset)`)
  }
} finally {
  await server.stop()
  await app.close()
  await app.db.destroy()
  await database.drop()
}
