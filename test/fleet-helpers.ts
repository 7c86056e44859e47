/**
 * The rig of test/fleet.test.ts: Trellis processes (dist/server.js, as `npm start` runs it)
 * on one PostgreSQL database, one Redis and one external MQTT broker, HAProxy in front of
 * them, and the few HTTP and polling helpers the scenario needs.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../src/app.ts'
import { OPERATOR } from '../src/modules/tenancy/actor.ts'
import { addMembership } from '../src/modules/tenancy/tenants.repository.ts'
import { insertUser } from '../src/modules/users/users.repository.ts'
import { TEST_METRICS_TOKEN, freePort, testConfig } from './helpers.ts'
import { waitFor } from './device-helpers.ts'
import { createClient, pkcePair } from './login-helpers.ts'
import type { SmtpSink } from './smtp-sink.ts'

export const HAPROXY = '/usr/sbin/haproxy'
const root = join(import.meta.dirname, '..')

/** Why the scenario cannot run here, or null when it can. */
export function fleetSkipReason(): string | null {
  const missing = ['TEST_DATABASE_URL', 'TEST_REDIS_URL', 'TEST_MQTT_URL'].filter((name) => !process.env[name])
  if (missing.length > 0) return `needs ${missing.join(', ')}`
  if (!existsSync(HAPROXY)) return `needs HAProxy at ${HAPROXY} (Debian: apt-get install haproxy)`
  return null
}

/** Polls `check` every 50 ms until it returns something other than undefined/false; fails after `ms` naming `what`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = performance.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (performance.now() > deadline) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export interface Instance {
  name: string
  base: string
  child: ChildProcess
  /** The end of what the process wrote (its log), for failure messages. */
  output(): string
  exited: Promise<number | null>
}

/** One Trellis process, as `npm start` runs it, resolved once its /ready answers 200. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const child = spawn(process.execPath, ['dist/server.js'], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) } })
  let out = ''
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const instance: Instance = { name, base: `http://127.0.0.1:${port}`, child, output: () => out, exited }
  let gone = false
  void exited.then(() => (gone = true))
  await until(`instance ${name} ready`, async () => {
    if (gone) throw new Error(`instance ${name} exited: ${out}`)
    return (await fetch(`${instance.base}/ready`).catch(() => null))?.status === 200
  }, 40_000)
  return instance
}

/** Stops an instance that is still running (SIGTERM: it drains and exits). */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return
  instance.child.kill('SIGTERM')
  await instance.exited
}

/**
 * Round robin over the instances, following their /ready. A request whose connection to an
 * instance fails (nothing listens any more) is sent to another, whatever its method. A GET
 * is also retried when the instance closed the connection without answering (it died with
 * the request); a POST is not, since the instance may have acted on it: the client gets a
 * 502 and decides. Every response names the instance that gave it (x-served-by).
 */
export function haproxyConfig(port: number, servers: { name: string; base: string }[]): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    // a connection per request: a reused idle connection to an instance that just died would look like a request it dropped
    '  option http-server-close',
    '  http-reuse never',
    'frontend fleet',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend trellis',
    'backend trellis',
    '  balance roundrobin',
    '  option httpchk GET /ready',
    '  http-check expect status 200',
    '  default-server check inter 250ms fall 1 rise 2',
    '  http-request disable-l7-retry if METH_POST',
    '  http-response set-header x-served-by %[srv_name]',
    ...servers.map((s) => `  server ${s.name} ${new URL(s.base).host}`),
    '',
  ].join('\n')
}

export interface Proxy {
  base: string
  stop(): Promise<void>
}

/** HAProxy on `port` (chosen up front: the instances' PUBLIC_URL names it). */
export async function startHaproxy(servers: { name: string; base: string }[], port: number): Promise<Proxy> {
  const dir = mkdtempSync(join(tmpdir(), 'trellis-haproxy-'))
  const file = join(dir, 'haproxy.cfg')
  writeFileSync(file, haproxyConfig(port, servers))
  // -db: in the foreground, as this process's child
  const child = spawn(HAPROXY, ['-db', '-f', file])
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const base = `http://127.0.0.1:${port}`
  await until('HAProxy answering', async () => {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${out}`)
    return (await fetch(`${base}/ready`).catch(() => null))?.status === 200
  })
  return {
    base,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Call {
  method?: string
  token?: string
  /** The client address the instances see (X-Forwarded-For; they trust loopback proxies). */
  ip?: string
  json?: unknown
  form?: Record<string, string>
}

/** One HTTP request; the body parsed as JSON when it is JSON. */
export async function call(base: string, path: string, c: Call = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = {}
  if (c.token) headers.authorization = `Bearer ${c.token}`
  if (c.ip) headers['x-forwarded-for'] = c.ip
  let body: string | undefined
  if (c.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(c.json)
  } else if (c.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(c.form).toString()
  }
  const res = await fetch(`${base}${path}`, { method: c.method ?? (body ? 'POST' : 'GET'), headers, body })
  const text = await res.text()
  const parsed: unknown = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
  return { status: res.status, body: parsed, headers: res.headers }
}

/** `trellis_device_messages_ingested_total{channel}` as the instance's /metrics shows it. */
export async function ingested(instance: Instance, channel: 'in' | 'online'): Promise<number> {
  const res = await fetch(`${instance.base}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`trellis_device_messages_ingested_total{channel="${channel}"}`))
  return line ? Number(line.split(' ').pop()) : 0
}

/** The login code in a passwordless login email. */
export function loginCodeIn(text: string | undefined): string {
  const code = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(text ?? '')?.[1]
  if (!code) throw new Error('no login code in the email')
  return code
}

export interface Seeded {
  tenantId: number
  adminEmail: string
  clientId: string
  redirectUri: string
}

/**
 * What the operator sets up before the fleet serves (the CLI calls the same services): a
 * tenant whose admin logs in by email, a public client, and a registered fan to claim.
 */
export async function seed(env: Record<string, string>, mac: string, claimCode: string): Promise<Seeded> {
  const app = await buildApp(testConfig({ ...env, MQTT_EMBEDDED: 'false', RUN_WORKER: 'false' }), { logger: false })
  try {
    const tenant = await app.services.tenants.create(OPERATOR, { name: 'Home' })
    const adminEmail = `fleet-admin-${randomBytes(4).toString('hex')}@example.test`
    const admin = await insertUser(app.db, { email: adminEmail, tenantId: null, emailConfirmedAt: app.services.clock.now(), platformAdmin: false, displayName: 'Fleet Admin' })
    await addMembership(app.db, tenant.id, admin.id, 'admin')
    const { clientId, redirectUri } = await createClient(app, { redirectUris: ['https://app.test/callback'] })
    await app.services.devices.registry.register(OPERATOR, null, { mac, model: '58', claimCode })
    return { tenantId: tenant.id, adminEmail, clientId, redirectUri }
  } finally {
    await app.close()
  }
}

type Client = Pick<Seeded, 'clientId' | 'redirectUri'>

/** Asks for a login code as the app does; the mail goes out from whichever instance's worker claims it. */
export function requestCode(base: string, client: Client, email: string, ip: string, challenge = pkcePair().challenge) {
  return call(base, '/auth/passwordlessLogin/code', {
    ip,
    json: { email, client_id: client.clientId, redirect_uri: client.redirectUri, code_challenge: challenge, code_challenge_method: 'S256' },
  })
}

/** A login whose code is asked for through one instance and exchanged through another. */
export async function login(sink: SmtpSink, client: Client, email: string, ip: string, codeOn: Instance, exchangeOn: Instance) {
  const pkce = pkcePair()
  const after = sink.messages.length
  expect((await requestCode(codeOn.base, client, email, ip, pkce.challenge)).status).toBe(200)
  const code = loginCodeIn((await sink.next(email, after)).text)
  const exchanged = await call(exchangeOn.base, '/auth/oauth2/token', {
    json: { grant_type: 'authorization_code', code, code_verifier: pkce.verifier, client_id: client.clientId, redirect_uri: client.redirectUri },
  })
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200)
  return exchanged.body as { access_token: string; refresh_token: string }
}

/** The live WebSocket on `instance`, opened with a ticket from `ticketFrom`; each parsed frame is a 'frame' event. */
export async function liveSocket(instance: Instance, ticketFrom: Instance, token: string): Promise<{ ws: WebSocket; frames: EventEmitter }> {
  const ticket = await call(ticketFrom.base, '/ws/ticket', { token })
  expect(ticket.status).toBe(200)
  const ws = new WebSocket(`${instance.base.replace('http', 'ws')}/ws?token=${(ticket.body as { ticket: string }).ticket}`)
  const frames = new EventEmitter()
  ws.on('message', (raw) => frames.emit('frame', JSON.parse(String(raw))))
  await waitFor(ws, 'open')
  return { ws, frames }
}
