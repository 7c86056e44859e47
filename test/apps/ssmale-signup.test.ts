/**
 * SSmale's Home Assistant integration (CLIENTS.md 2.5) for a customer the brand's own app
 * signed up. The import is docs/existing-apps.md's, run as written (its shell block, through
 * the CLI) on this test's database: the password login finds accounts where the brand's
 * clients are bound, so the docs are what this replay checks. Then the account is made by
 * the passwordless flow under tenant 44 (the iOS app's code request), a password is set
 * through the brand's reset, and the integration signs in with `POST /v5/auth/v4/login`,
 * lists the customer's fans and commands one that listens on the embedded broker.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mqtt from 'mqtt'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestApp, createTestDatabase, uniqueEmail, usingPostgres, type TestApp, type TestDatabase } from '../helpers.ts'
import { bridgeEvents, CLAIM_CODE, registerDevice, uniqueMac, waitFor, type StateEvent } from '../device-helpers.ts'
import { exchange, mailSettled } from '../login-helpers.ts'
import { bash, root, shBlock } from '../shell.ts'
import { BRAND_ID, DEEPLINK_REDIRECT, FIXED_PAIR, IOS_CLIENT_ID, IOS_USER_AGENT, latestLoginEmail } from './import.ts'

let t: TestApp
let v5 = ''
const email = uniqueEmail('signed-up')
const password = 'a passphrase set after signing up'
const mac = uniqueMac()
let appToken = ''
let homeTenantId = 0
let token = ''

const ios = { 'user-agent': IOS_USER_AGENT, 'content-type': 'application/json' }
const requests = { 'user-agent': 'python-requests/2.32.3', 'accept-encoding': 'gzip, deflate', accept: '*/*', connection: 'keep-alive' }
/** requests' json= body: json.dumps with its default separators. */
const pyJson = (o: Record<string, string>) =>
  `{${Object.entries(o)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(', ')}}`

const work = mkdtempSync(join(tmpdir(), 'trellis-import-'))
let database: TestDatabase | null = null
// one key for the CLI and the app, so both open the signing keys the other sealed
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64')

/** docs/existing-apps.md's import, pasted into a shell in an empty directory holding the Homey secret file. */
async function runDocumentedImport(databaseUrl: string): Promise<void> {
  const block = shBlock(readFileSync(join(root, 'docs', 'existing-apps.md'), 'utf8'), 'The import:')
  writeFileSync(join(work, 'homey-secret.txt'), 'the-secret-the-homey-app-ships-with\n')
  // `npx trellis` outside the repository: the repository's binary
  const script = `npx() { shift; node ${JSON.stringify(join(root, 'bin', 'trellis.mjs'))} "$@" > /dev/null; }\ncd ${JSON.stringify(work)}\n${block}`
  const env = { ...process.env, DATABASE_URL: databaseUrl, SECRETS_KEY, NODE_ENV: 'test', LOG_LEVEL: 'silent', HOMEY_CLIENT_ID: 'duux-homey-official-client' }
  const result = await bash(script, env)
  if (result.code !== 0) throw new Error(`the documented import failed: ${result.stderr}`)
}

/** A database the CLI and the app can both open: a copy of the run's migrated one (global-setup.ts), in a directory on PGlite. */
async function sharedDatabase(): Promise<string> {
  if (usingPostgres) {
    database = await createTestDatabase(undefined, undefined, { migrated: true })
    return database.url
  }
  const dataDir = join(work, 'db')
  const snapshot = inject('pgliteSnapshot')
  if (snapshot) await (await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(snapshot)]) })).close()
  return `pglite://${dataDir}`
}

beforeAll(async () => {
  const databaseUrl = await sharedDatabase()
  await runDocumentedImport(databaseUrl)
  t = await createTestApp({ DATABASE_URL: databaseUrl, SECRETS_KEY })
  v5 = t.config.v5.basePath
  await registerDevice(t, mac, BRAND_ID)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await database?.drop()
  rmSync(work, { recursive: true, force: true })
})

/** The reset token of the newest passwordReset email to the address (its link carries it). */
async function resetToken(): Promise<string> {
  await mailSettled(t.app)
  const row = await t.db.selectFrom('email_outbox').select('text').where('to_address', '=', email).where('type', '=', 'passwordReset').orderBy('id', 'desc').executeTakeFirstOrThrow()
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(row.text)
  if (!match?.[1]) throw new Error('no reset link in the email')
  return match[1]
}

describe('a customer the brand app signed up, then the SSmale integration', () => {
  it('signs up through the brand app: code under /tenants/44 with the iOS client, then the exchange', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/tenants/${BRAND_ID}/auth/passwordlessLogin/code`,
      headers: ios,
      payload: { email, client_id: IOS_CLIENT_ID, redirect_uri: DEEPLINK_REDIRECT, code_challenge: FIXED_PAIR.challenge, code_challenge_method: FIXED_PAIR.method },
    })
    expect(sent.statusCode).toBe(200)
    const { code } = await latestLoginEmail(t, email)
    const res = await exchange(t.app, { grant_type: 'authorization_code', code, code_verifier: FIXED_PAIR.verifier, client_id: IOS_CLIENT_ID, redirect_uri: DEEPLINK_REDIRECT })
    expect(res.statusCode).toBe(200)
    appToken = res.json().access_token
    const me = await t.app.inject({ method: 'GET', url: '/users/current', headers: { authorization: `Bearer ${appToken}` } })
    const tenants = me.json().user.tenants as { id: number; role: string; parentTenantId: number | null }[]
    expect(tenants).toContainEqual(expect.objectContaining({ id: BRAND_ID, role: 'customer' }))
    homeTenantId = tenants.find((x) => x.parentTenantId === BRAND_ID)?.id ?? 0
    expect(homeTenantId).toBeGreaterThan(0)
  })

  it('claims a fan into the home tenant and sets a password through the brand reset', async () => {
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/tenants/${homeTenantId}/devices/claim`,
      headers: { authorization: `Bearer ${appToken}` },
      payload: { mac, code: CLAIM_CODE, name: 'DUUX Whisper Flex 2', displayName: 'Bedroom fan' },
    })
    expect(claimed.statusCode).toBe(201)
    expect((await t.app.inject({ method: 'POST', url: `/tenants/${BRAND_ID}/users/forgotPassword`, payload: { email } })).statusCode).toBe(200)
    const reset = await t.app.inject({ method: 'POST', url: `/tenants/${BRAND_ID}/users/resetPassword`, payload: { token: await resetToken(), password } })
    expect(reset.statusCode).toBe(200)
  })

  it('POST /v5/auth/v4/login as the integration sends it: a "Bearer ..." token', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${v5}/auth/v4/login`, headers: { ...requests, 'content-type': 'application/json' }, payload: pyJson({ username: email, password }) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ token: expect.stringMatching(/^Bearer \S+$/) })
    token = res.json().token
  })

  it('lists the fan and commands it with that token, and the fan hears the command', async () => {
    const auth = { ...requests, authorization: token }
    const list = await t.app.inject({ method: 'GET', url: `${v5}/smarthome/sensors`, headers: auth })
    expect(list.json().data).toEqual([expect.objectContaining({ deviceId: mac, displayName: 'Bedroom fan' })])
    // and the v5 routes the other apps read take the same token
    for (const url of ['/user/me', '/users/current', '/tenant/', `/sensor/?tenantId=${homeTenantId}`]) {
      const res = await t.app.inject({ method: 'GET', url: `${v5}${url}`, headers: auth })
      expect(res.statusCode, url).toBe(200)
      expect(res.json().errorMessage, url).toBeNull()
    }
    // the fan has reported nothing yet: the customer's fan, with no state, not a refusal of the token
    expect((await t.app.inject({ method: 'GET', url: `${v5}/data/${mac}/status`, headers: auth })).json()).toMatchObject({ data: null, errorMessage: 'No_Data' })

    const devices = t.app.services.devices
    if (!devices.mqttUrl) throw new Error('the test app has no MQTT broker')
    const creds = await devices.credentials.issue({ id: (await t.db.selectFrom('devices').select('id').where('mac', '=', mac).executeTakeFirstOrThrow()).id, mac })
    const fan = await mqtt.connectAsync(devices.mqttUrl, { ...creds, clientId: `fan-${mac}`, reconnectPeriod: 0 })
    try {
      await fan.subscribeAsync(`sensor/${mac}/command`, { qos: 1 })
      const online = waitFor<StateEvent>(bridgeEvents(t), 'state', (e) => e.mac === mac && e.channel === 'online')
      await fan.publishAsync(`sensor/${mac}/online`, JSON.stringify({ online: true, connectionType: 'mqtt' }), { qos: 1 })
      await online
      const heard = new Promise<string>((resolve) => fan.on('message', (_topic, payload) => resolve(payload.toString())))
      const sent = await t.app.inject({ method: 'POST', url: `${v5}/sensor/${mac}/commands`, headers: { ...auth, 'content-type': 'application/json' }, payload: pyJson({ command: 'tune set power 01' }) })
      expect(sent.statusCode).toBe(200)
      expect(sent.json()).toEqual({ data: 'ok', errorMessage: null })
      // the device hears the command as the devices module writes it: the value without its padding
      expect(await heard).toBe('tune set power 1')
    } finally {
      await fan.endAsync()
    }
  })
})
