// Where SQL may be written and which tables it may touch (README "Architecture"):
// - every table has one owning module (OWNERS); a new table needs a row there;
// - SQL lives in src/db and in a module's own repository and service files (never in routes,
//   the dialects, the CLI, the plugins, lib or the wiring);
// - a module writes only its own tables, and reads another module's table only in a named
//   joint read (JOINT_READS), and only the table of a module below it (the order of
//   eslint/module-order.js), the way it may import that module. Anything else goes through the
//   owner's service or repository face, or, for a lower module that needs a higher one's
//   table, through a function the wiring passes in.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rankOf, roomOf } from '../eslint/module-order.js'

const root = join(import.meta.dirname, '..')
const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(|\bsql(<[^`]*>)?`/
/** SQL as text: a fragment handed to sql.raw, or a string that reads as SQL (built apart from any query, like the sign-up rule's). */
const SQL_TEXT = /\bsql\.raw\(|[`'"][^`'"\n]*?\b(?:case\s+when\b|select\s+[^`'"\n]*?\bfrom\s|insert\s+into\s|delete\s+from\s|update\s+\w+\s+set\s)/i
const hasSql = (text: string) => SQL.test(text) || SQL_TEXT.test(text)

/**
 * The owner of every table of src/db/database.ts: the room (eslint/module-order.js) whose files
 * write it and answer for it. A new table gets a row here, under the module that writes it;
 * its other readers go through that module's face.
 */
const OWNERS: Record<string, readonly string[]> = {
  db: ['app_secrets'],
  'modules/tenancy': ['tenants', 'memberships', 'invitations', 'tenant_counters', 'platform_counters', 'tenant_settings_versions'],
  'modules/audit': ['audit_log'],
  'modules/sessions': ['sessions'],
  'modules/email': ['email_outbox', 'sender_verifications'],
  'modules/users': ['users', 'user_tokens'],
  'modules/oauth': ['oauth_clients', 'signing_keys', 'login_codes', 'refresh_tokens', 'device_authorizations', 'sign_ins'],
  'modules/passkeys': ['webauthn_user_handles', 'webauthn_credentials', 'webauthn_challenges', 'native_apps', 'passkey_policies'],
  'modules/spaces': ['spaces', 'algorithms', 'space_algorithms'],
  'modules/schedules': ['schedule_groups', 'schedule_items', 'schedule_runs'],
  'modules/sensors': ['sensors'],
  'modules/devices': ['devices', 'device_conflicts', 'device_commands', 'sensor_history', 'ws_tickets'],
  'modules/pages': ['authorization_requests'],
  'modules/webhooks': ['webhook_endpoints', 'webhook_events', 'webhook_deliveries'],
  'modules/connections': ['upstream_connections', 'upstream_identities', 'upstream_sign_ins', 'upstream_nonces'],
}

/**
 * Reads of a lower module's table inside one statement of a higher module, each because the
 * statement would otherwise be two round trips. file -> table -> why.
 */
const JOINT_READS: Record<string, Record<string, string>> = {
  'src/modules/users/account-sessions.repository.ts': {
    sessions: 'the session check on every request and the page session: a session with its account in one lookup',
    memberships: "the session check's role in the tenant a request names, and the profile's tenants",
    tenants: "the profile's tenants (GET /users/current answers from the session check's one statement)",
  },
  'src/modules/users/users.repository.ts': { memberships: "membersQuery and the CLI's list of a tenant's accounts" },
  'src/modules/oauth/tokens.repository.ts': {
    sessions: 'a refresh rotates in one statement only while its session is live (bench:login)',
    users: "a refresh's row in the sign-in log names the account's address and tenant, in the rotation's statement",
  },
  'src/modules/oauth/sign-ins.repository.ts': { users: "a refused refresh's row names the account's address, in its one insert" },
  'src/modules/email/mail-jobs.service.ts': { tenants: 'a deferred mail job is written only for a tenant that exists, in the same statement' },
  'src/modules/devices/devices.repository.ts': { sensors: 'the sensor presenting a MAC, joined with the device' },
}

/** What still breaks the rules above, each with its reason: debt, not a way in. file -> table -> why. */
const EXCEPTIONS: Record<string, Record<string, string>> = {
  // the token exchange is one statement, one round trip (bench:login; its threat model is at
  // the top of the file); its sign-up, session and memberships could come from their owners as
  // SQL fragments, the way sessions' sweep takes oauth's hasRefreshTokens
  'src/modules/oauth/redeem-code.repository.ts': {
    users: 'signs the account up in the exchange statement',
    sessions: 'opens the session in the exchange statement',
    memberships: "a tenant's new customer's membership, in the full exchange statement",
    tenants: "a tenant's new customer's home tenant, in the full exchange statement",
  },
  // an MQTT batch of states is one statement (the fleet benchmark): the sensors' live state
  // (online, last seen, latest data) is written by the device bridge
  'src/modules/devices/state.service.ts': { sensors: "the live state of the devices' sensors, with their history, in one statement" },
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

function mayQuery(path: string): boolean {
  if (path.startsWith('src/db/')) return true
  const inModule = /^src\/modules\/([a-z-]+)\/.+/.exec(path)
  // a module's SQL sits in its repository and service files, nowhere else (not its routes, views, jobs' glue);
  // a rule file holds a rule written once and the SQL condition built from it (oauth/redeem.rule.ts)
  return inModule !== null && inModule[1] !== 'dialects' && /\.(repository|service|rule)\.ts$/.test(path)
}

/** The app's database handle read off Fastify (`app.db`, `request.server.db`, `const { db } = app`): what a route, view or kit must never touch. */
const APP_DB = /\b(?:app|server|parent|instance)\.db\b|\{[^}]*\bdb\b[^}]*\}\s*=\s*(?:app|parent|request\.server)\b/
/** A route plugin, a view or a page kit: it calls services, and never the database. */
const isHttpFace = (path: string) => /(?:\.routes|\.views|\/views|\/kit|-kit)\.ts$/.test(path)

/** The tables of the Database interface. */
function tables(): string[] {
  const source = readFileSync(join(root, 'src/db/database.ts'), 'utf8')
  const body = /export interface Database \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? ''
  return [...body.matchAll(/^\s+(\w+):/gm)].map((m) => m[1] as string)
}

/** Code without its comments (TypeScript's, and SQL's `-- `), so prose naming a table is not a query. */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/-- [^\n`]*/g, '')

const WRITES = [/\b(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"](\w+)/g, /\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+(\w+)/gi]
const READS = [/\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*['"](\w+)/g, /\b(?:from|join)\s+(\w+)/gi]

/** The tables a piece of code writes and reads (a table written is not also counted as read). */
function tablesIn(text: string, known: readonly string[]): { writes: Set<string>; reads: Set<string> } {
  const body = code(text)
  const find = (patterns: RegExp[]) => new Set(patterns.flatMap((p) => [...body.matchAll(p)].map((m) => m[1] as string)).filter((t) => known.includes(t)))
  const writes = find(WRITES)
  const reads = new Set([...find(READS)].filter((t) => !writes.has(t)))
  return { writes, reads }
}

const ownerOf = new Map(Object.entries(OWNERS).flatMap(([room, list]) => list.map((table) => [table, room] as const)))

/** Every way a file breaks the rules: `file: table (what)`. */
function breaches(path: string, text: string, known: readonly string[]): string[] {
  const room = roomOf(path) as string
  const { writes, reads } = tablesIn(text, known)
  const out: string[] = []
  const excused = (table: string) => EXCEPTIONS[path]?.[table] !== undefined
  for (const table of writes) {
    if (ownerOf.get(table) !== room && !excused(table)) out.push(`${path}: writes ${table}, which ${ownerOf.get(table)} owns`)
  }
  for (const table of reads) {
    const owner = ownerOf.get(table) as string
    if (owner === room || excused(table)) continue
    if (JOINT_READS[path]?.[table] === undefined) out.push(`${path}: reads ${table}, which ${owner} owns (call its face, or name a joint read)`)
    else if (rankOf(owner) >= rankOf(room)) out.push(`${path}: a joint read of ${table} from a module not above its owner ${owner}`)
  }
  return out
}

describe('SQL placement', () => {
  const known = tables()
  const sources = files(join(root, 'src')).filter((path) => !path.startsWith('src/db/migrations/'))

  it('every table has exactly one owner', () => {
    const listed = Object.values(OWNERS).flat()
    const unowned = known.filter((table) => !listed.includes(table))
    expect(unowned, 'a table without an owner: add it to OWNERS in test/sql-placement.test.ts, under the module that writes it').toEqual([])
    expect(listed.filter((table, i) => listed.indexOf(table) !== i), 'a table with two owners').toEqual([])
    expect(listed.filter((table) => !known.includes(table)), 'an owned table that src/db/database.ts no longer has').toEqual([])
  })

  it('no SQL outside src/db and the modules\' own repository and service files', () => {
    const misplaced = sources.filter((path) => !mayQuery(path) && hasSql(readFileSync(join(root, path), 'utf8')))
    expect(misplaced).toEqual([])
  })

  it("no route, view or kit, nor any other file of a module outside its repositories and services, reads the app's database handle", () => {
    const modules = sources.filter((path) => path.startsWith('src/modules/') && (isHttpFace(path) || !mayQuery(path)))
    expect(modules.filter((path) => APP_DB.test(code(readFileSync(join(root, path), 'utf8'))))).toEqual([])
  })

  it('a module writes only its own tables and reads others only in a named joint read', () => {
    const found = sources.flatMap((path) => breaches(path, readFileSync(join(root, path), 'utf8'), known))
    expect(found).toEqual([])
  })

  it('every joint read and exception is still needed', () => {
    for (const [path, entries] of Object.entries({ ...JOINT_READS, ...EXCEPTIONS })) {
      const { writes, reads } = tablesIn(readFileSync(join(root, path), 'utf8'), known)
      for (const table of Object.keys(entries)) expect(writes.has(table) || reads.has(table), `${path}: ${table}`).toBe(true)
    }
  })

  it('the check sees queries, their tables and where they may be', () => {
    expect(SQL.test("db.selectFrom('users')")).toBe(true)
    expect(SQL.test('await sql`select 1`.execute(db)')).toBe(true)
    expect(SQL.test('sql<{ n: number }>`select 1`')).toBe(true)
    expect(SQL.test('const selection = fromSql')).toBe(false)
    expect(hasSql("${sql.raw(fragment)}")).toBe(true)
    expect(hasSql("const effective = (t: string) => `case when ${t}.marked then ${t}.signup else 'closed' end`")).toBe(true)
    expect(hasSql("const q = 'select id from users where email = $1'")).toBe(true)
    expect(hasSql("const w = `update devices set model = 'x'`")).toBe(true)
    expect(hasSql("throw forbidden('Choose a tenant, then update it.')")).toBe(false)
    expect(mayQuery('src/modules/devices/devices.routes.ts')).toBe(false)
    expect(mayQuery('src/cli/clients.ts')).toBe(false)
    expect(mayQuery('src/modules/devices/devices.repository.ts')).toBe(true)
    expect(mayQuery('src/modules/devices/registry.service.ts')).toBe(true)
    expect(mayQuery('src/modules/devices/payload.ts')).toBe(false)
    expect(mayQuery('src/modules/oauth/redeem.rule.ts')).toBe(true)
    expect(mayQuery('src/modules/dialects/v5/example.service.ts')).toBe(false)
    expect(APP_DB.test('const row = await sensorOfDevice(app.db, tenantId, mac)')).toBe(true)
    expect(APP_DB.test('await findTenant(request.server.db, id)')).toBe(true)
    expect(APP_DB.test('const { db, config } = app')).toBe(true)
    expect(APP_DB.test('await findTenant(this.deps.db, id)')).toBe(false)
    expect(isHttpFace('src/modules/users/users.routes.ts') && isHttpFace('src/modules/console/home.views.ts')).toBe(true)
    expect(isHttpFace('src/modules/pages/views.ts') && isHttpFace('src/modules/pages/kit.ts') && isHttpFace('src/modules/console/console-kit.ts')).toBe(true)
    expect(isHttpFace('src/modules/users/users.repository.ts')).toBe(false)
    const seen = tablesIn("db.selectFrom('sessions as s').innerJoin('users', 'users.id', 's.user_id') // from tenants\n" + 'sql`insert into memberships select 1 from invitations for update skip locked`', known)
    expect([...seen.writes]).toEqual(['memberships'])
    expect([...seen.reads].sort()).toEqual(['invitations', 'sessions', 'users'])
    expect(breaches('src/modules/sessions/example.ts', "db.selectFrom('users')", known)).toHaveLength(1)
    expect(breaches('src/modules/users/example.ts', "db.updateTable('users')", known)).toEqual([])
    expect(breaches('src/modules/oauth/example.ts', "db.insertInto('sessions')", known)).toHaveLength(1)
  })
})
