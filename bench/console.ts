/**
 * The console's lists over a platform in use:   npm run bench:console
 * Seeds (bulk INSERT ... SELECT generate_series, then ANALYZE) BENCH_CONSOLE_CUSTOMERS
 * customers of one brand (default 100,000), BENCH_CONSOLE_TENANTS tenants under it (10,000),
 * as many audit entries of the brand as customers, 10,000 devices the brand registered with a
 * sensor each, and 1,000 open sessions of the signed-in person; then asks each console list
 * over HTTP (loopback) as a signed-in platform administrator (a page session's cookie), its
 * first page and, where the list has pages, a deep one (a cursor near the end, made with the
 * server's own cursor key). Each page is asked once to warm, then BENCH_SAMPLES times (5) in
 * sequence; the table has the median and the slowest next to the bound of 200 ms. The app runs
 * in this process (it does nothing else while a page is timed); its pg driver is wrapped
 * (./query-counter.ts), so under the table each page's slowest statement is named with its
 * time per request. PostgreSQL at BENCH_DATABASE_URL, a fresh database dropped at the end
 * (kept with BENCH_KEEP_DATABASE=1, to EXPLAIN a statement there).
 */
import { sql } from 'kysely'
import { appSecret } from '../src/db/app-secrets.ts'
import { CursorCodec } from '../src/lib/pagination.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { freshDatabase, startApp } from './lib.ts'
import { installQueryCounter, takeStatementStats } from './query-counter.ts'

const CUSTOMERS = Number(process.env.BENCH_CONSOLE_CUSTOMERS ?? 100_000)
const TENANTS = Number(process.env.BENCH_CONSOLE_TENANTS ?? 10_000)
const DEVICES = Number(process.env.BENCH_CONSOLE_DEVICES ?? 10_000)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5)
const BOUND_MS = 200
if (!(CUSTOMERS >= 30 && CUSTOMERS <= 1_000_000) || !(TENANTS >= 1 && TENANTS <= 100_000) || !(DEVICES >= 1 && DEVICES <= 100_000) || !(SAMPLES >= 1 && SAMPLES <= 50)) {
  throw new Error('BENCH_CONSOLE_CUSTOMERS must be in 30..1000000, BENCH_CONSOLE_TENANTS and BENCH_CONSOLE_DEVICES in 1..100000, BENCH_SAMPLES in 1..50')
}

installQueryCounter()
const database = await freshDatabase()
const { app, url } = await startApp(database.url)
try {
  const started = performance.now()
  const brand = await app.services.tenants.create(OPERATOR, { name: 'Bench brand', signup: 'customers' })
  const admin = await insertUser(app.db, { email: 'admin@bench.test', emailConfirmedAt: app.services.clock.now() })
  await app.db.updateTable('users').set({ platform_role: 'admin' }).where('id', '=', admin.id).execute()
  await addMembership(app.db, brand.id, admin.id, 'owner')
  await sql`insert into tenants (name, email_config, parent_tenant_id)
            select 'Tenant ' || g, '{}'::jsonb, ${brand.id} from generate_series(1, ${TENANTS}) g`.execute(app.db)
  await sql`insert into users (tenant_id, email, username, email_confirmed_at)
            select ${brand.id}, 'customer-' || g || '@bench.test', 'customer-' || g, now() from generate_series(1, ${CUSTOMERS}) g`.execute(app.db)
  // bulk load without the per-row counter trigger (100,000 updates of one counter row), then count once
  await sql`alter table memberships disable trigger memberships_count`.execute(app.db)
  await sql`insert into memberships (tenant_id, user_id, role)
            select ${brand.id}, id, 'customer' from users where tenant_id = ${brand.id} order by id`.execute(app.db)
  await sql`alter table memberships enable trigger memberships_count`.execute(app.db)
  await sql`insert into tenant_counters (tenant_id, counter, count) values (${brand.id}, 'members', ${CUSTOMERS})
            on conflict (tenant_id, counter) do update set count = tenant_counters.count + ${CUSTOMERS}`.execute(app.db)
  await sql`insert into audit_log (at, actor_kind, actor_id, tenant_id, action, target_type, target_id, source_ip, summary)
            select now() - (g || ' seconds')::interval, 'user', ${String(admin.id)}, ${brand.id}, case when g % 3 = 0 then 'member.removed' else 'tenant.updated' end,
                   'user', g::text, '127.0.0.1', '{"fields":["role"]}'::jsonb
            from generate_series(1, ${CUSTOMERS}) g`.execute(app.db)
  await sql`insert into devices (mac, model, registered_by)
            select concat_ws(':', '02', 'be', ${sql.join([24, 16, 8, 0].map((shift) => sql`lpad(to_hex((g >> ${sql.lit(shift)}) & 255), 2, '0')`))}), '58', ${brand.id}
            from generate_series(1, ${DEVICES}) g`.execute(app.db)
  await sql`alter table sensors disable trigger sensors_count`.execute(app.db)
  await sql`insert into sensors (tenant_id, device_id, device_ref, name, type, metadata)
            select ${brand.id}, mac, id, 'Sensor ' || id, '58', '{}' from devices where registered_by = ${brand.id}`.execute(app.db)
  await sql`alter table sensors enable trigger sensors_count`.execute(app.db)
  await sql`insert into tenant_counters (tenant_id, counter, count) values (${brand.id}, 'sensors', ${DEVICES})`.execute(app.db)
  await sql`insert into sessions (id, user_id, client_id, tenant_id, scope)
            select gen_random_uuid(), ${admin.id}, 'bench', null, 'openid' from generate_series(1, 1000) g`.execute(app.db)
  await sql`analyze`.execute(app.db)
  const seedS = (performance.now() - started) / 1000

  // deep pages: a cursor near the end of each list, made with the server's own key as its pages make them
  const cursors = new CursorCodec(await appSecret(app.db, 'cursor_hmac', app.secretBox))
  const nearEnd = await app.db.selectFrom('memberships').select('user_id').where('tenant_id', '=', brand.id).where('role', '=', 'customer').orderBy('user_id', 'desc').offset(25).limit(1).executeTakeFirstOrThrow()
  const oldAudit = await app.db.selectFrom('audit_log').select('id').where('tenant_id', '=', brand.id).orderBy('id').offset(25).limit(1).executeTakeFirstOrThrow()
  const customersDeep = cursors.encode('customers', `t${brand.id}:`, nearEnd.user_id)
  const auditDeep = cursors.encode('audit', JSON.stringify([brand.id, null, null, null]), oldAudit.id)

  const { cookie } = await app.services.pages.sessions.create(admin.id, null)
  const headers = { cookie: `trellis_session=${cookie}` }
  const base = `/console/tenants/${brand.id}`
  // each page with a text it must show (the deep pages: rows of their end of the list)
  const pages: [string, string, string][] = [
    ['customers, first page', `${base}/customers`, 'customer-1@bench.test'],
    ['customers, deep page (the last 25)', `${base}/customers?after=${encodeURIComponent(customersDeep)}`, `customer-${CUSTOMERS}@bench.test`],
    ['customers, searched by address prefix', `${base}/customers?email=customer-2`, 'customer-2@bench.test'],
    ['tenants: the platform page (its plain list: the first 100)', '/console/platform', 'Tenant 99<'],
    ['tenants: the tenant picker (its plain list: the first 100)', '/console', 'Tenant 99<'],
    ['audit, first page', `${base}/audit`, 'tenant.updated'],
    ['audit, deep page (the oldest 25)', `${base}/audit?after=${encodeURIComponent(auditDeep)}`, 'tenant.updated'],
    ['devices (first page of sensors; every registered device)', `${base}/devices`, '02:be:00:00:00:01'],
    ['people (members and invitations)', `${base}/people`, 'admin@bench.test'],
    ["sign-ins: a person's open sessions (1,000)", `${base}/people/members/${admin.id}/sessions`, 'admin@bench.test'],
    ['the tenant at a glance', base, 'Bench brand'],
  ]

  console.log(`bench:console: ${CUSTOMERS} customers, ${TENANTS} tenants, ${CUSTOMERS} audit entries, ${DEVICES} devices, seeded in ${seedS.toFixed(1)} s; each page once to warm, then ${SAMPLES} times in sequence, as a signed-in platform administrator over HTTP; ${process.version}`)
  console.log('| page | status | bytes | median ms | slowest ms | bound |')
  console.log('|---|---|---|---|---|---|')
  let over = 0
  const missing: string[] = []
  const topStatements: string[] = []
  for (const [name, path, shows] of pages) {
    const times: number[] = []
    let status = 0
    let bytes = 0
    for (let i = 0; i <= SAMPLES; i++) {
      const start = performance.now()
      const response = await fetch(`${url}${path}`, { headers, redirect: 'manual' })
      const body = await response.text()
      if (i === 0) takeStatementStats()
      if (i > 0) times.push(performance.now() - start)
      status = response.status
      bytes = body.length
      if (i === 0 && !body.includes(shows)) missing.push(`${name}: "${shows}" not on the page`)
    }
    times.sort((a, b) => a - b)
    const top = takeStatementStats()[0]
    if (top) topStatements.push(`  ${name}: ${(top.totalMs / SAMPLES).toFixed(1)} ms/request, ${(top.calls / SAMPLES).toFixed(0)} x ${top.sql.replace(/\s+/g, ' ').slice(0, 160)}`)
    const median = times[Math.floor(times.length / 2)] ?? NaN
    const slowest = times.at(-1) ?? NaN
    if (status !== 200) process.exitCode = 1
    if (median > BOUND_MS) over++
    console.log(`| ${name} | ${status} | ${bytes} | ${median.toFixed(1)} | ${slowest.toFixed(1)} | ${(median / BOUND_MS).toFixed(2)}x the bound (200 ms) |`)
  }
  console.log(`${pages.length - over} of ${pages.length} pages within 200 ms (median)`)
  console.log(`\neach page's slowest statement (client-side time, send to answer):\n${topStatements.join('\n')}`)
  if (missing.length) {
    console.log(missing.join('\n'))
    process.exitCode = 1
  }
} finally {
  await app.close()
  await app.db.destroy()
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`database kept: ${database.url}`)
  else await database.drop()
}
