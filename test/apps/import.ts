/**
 * The operator's import, as the apps in CLIENTS.md need it, in ONE place: the brand
 * tenant 44, the iOS app's public client under its built-in id, the official Homey app's
 * confidential client, a web deployment's client, and existing customers with a home
 * tenant and a fan. Every test in test/apps/ starts from here.
 *
 * The brand is open to customers (`signup: 'customers'`); its apps' clients belong to it, so
 * the password grant signs in the brand's accounts; an imported customer belongs to the
 * brand with role `customer` and owns a home tenant under it. Device state (`reportState`)
 * comes from the devices module.
 */
import mqtt from 'mqtt'
import { hashPassword } from '../../src/lib/crypto.ts'
import type { Sensor, User } from '../../src/db/database.ts'
import { insertUser } from '../../src/modules/users/users.repository.ts'
import { addMembership } from '../../src/modules/tenancy/tenants.repository.ts'
import { OPERATOR } from '../../src/modules/tenancy/actor.ts'
import { uniqueEmail, type TestApp } from '../helpers.ts'
import { mailSettled } from '../login-helpers.ts'

export const BRAND_ID = 44
export const IOS_CLIENT_ID = '83f34a5fa5faca9023c78980a57a87b41f6972fc4ee45e9c'
/** The iOS app's fixed PKCE pair, shared by every install of the Go CLI and kud. */
export const FIXED_PAIR = {
  method: 'sha256',
  challenge: 'NzyryiS6cQ7w7ZjwXmFkM4a3ZU0wZ8tLKe1VfuRaYCY',
  verifier: 'j2yOyLB3KbdFE3ZjYtm6QGMDBL8-_5FWo0UMYkRVdljLYATNMFa4fJ86vwe3jsVHPsuZcZXGLkezJqHnvhLrRMJjymjDnw-LvCA8WVAFQZNWwFmiUULgNsldc29ZyI36',
}
export const DEEPLINK_REDIRECT = 'https://duux-deeplink.vercel.app/login/verify'
export const GEN2_REDIRECT_PATTERN = 'https://smarthomesven.github.io/homey-duux-gen2-auth/#/*'
export const ATHOM_REDIRECT = 'https://callback.athom.com/oauth2/callback'
export const WEB_REDIRECT = 'https://fans.example.test/claim'
export const IOS_USER_AGENT = 'Duux/154 CFNetwork/1335.0.3.4 Darwin/21.6.0'
export const LONG_LIVED_SECONDS = 7776000

export interface Imported {
  homey: { clientId: string; clientSecret: string }
  web: { clientId: string }
}

/** What `trellis tenants create --id 44 ...` and `trellis clients create --client-id ...` do. */
export async function importDuux(t: TestApp): Promise<Imported> {
  await t.app.services.tenants.create(OPERATOR, { id: BRAND_ID, name: 'Duux', signup: 'customers' })
  await t.app.services.clients.create(OPERATOR, {
    tenantId: BRAND_ID,
    name: 'Duux iOS app',
    clientId: IOS_CLIENT_ID,
    public: true,
    redirectUris: [DEEPLINK_REDIRECT, GEN2_REDIRECT_PATTERN],
    grantTypes: ['authorization_code', 'refresh_token', 'password'],
    longLivedAccessTokenSeconds: LONG_LIVED_SECONDS,
  })
  // the app ships its id and secret in a private file: both are imported as they are
  const homey = await t.app.services.clients.create(OPERATOR, {
    tenantId: BRAND_ID,
    name: 'Duux Homey app',
    clientId: 'duux-homey-official-client',
    clientSecret: 'the-secret-the-homey-app-ships-with',
    redirectUris: [ATHOM_REDIRECT],
  })
  const web = await t.app.services.clients.create(OPERATOR, { name: 'Fans web page', public: true, redirectUris: [WEB_REDIRECT] })
  return {
    homey: { clientId: homey.client.client_id, clientSecret: homey.secret ?? '' },
    web: { clientId: web.client.client_id },
  }
}

export interface Customer {
  user: User
  email: string
  password: string
  homeTenantId: number
  fan: Sensor
}

let macCounter = 0x60

/**
 * An imported customer of the brand: belongs to 44, owns a home tenant holding a
 * Whisper Flex 2 (v5 type "58") whose deviceId is its MAC, lower case with colons: a device
 * the brand registered and the customer holds.
 */
export async function importCustomer(t: TestApp, opts: { email?: string; displayName?: string } = {}): Promise<Customer> {
  const email = opts.email ?? uniqueEmail('customer')
  const password = 'a long passphrase for the fan'
  const user = await insertUser(t.db, {
    email,
    tenantId: BRAND_ID,
    emailConfirmedAt: t.clock.now(),
    displayName: opts.displayName ?? 'Fan Owner',
    passwordHash: await hashPassword(password, t.config.scrypt),
  })
  await addMembership(t.db, BRAND_ID, user.id, 'customer')
  const home = await t.app.services.tenants.create(OPERATOR, { name: `Home of ${email}`, parentTenantId: BRAND_ID })
  await addMembership(t.db, home.id, user.id, 'owner')
  macCounter += 1
  const fan = await t.db
    .insertInto('sensors')
    .values({
      tenant_id: home.id,
      device_id: `e0:5a:1b:76:ef:${macCounter.toString(16).padStart(2, '0')}`,
      name: 'DUUX Whisper Flex 2',
      display_name: 'Bedroom fan',
      type: '58',
      space_id: null,
      metadata: JSON.stringify({}),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  // the brand registered the fan and the customer claimed it: the device record it presents
  const device = await t.db.insertInto('devices').values({ mac: fan.device_id, model: '58', registered_by: BRAND_ID }).returning('id').executeTakeFirstOrThrow()
  await t.db.updateTable('sensors').set({ device_ref: device.id }).where('id', '=', fan.id).execute()
  return { user, email, password, homeTenantId: home.id, fan: { ...fan, device_ref: device.id } }
}

/**
 * A device reporting its state (`sensor/{mac}/in`, `{"sub":{"Tune":[{...}]}}`) and presence.
 * The devices module turns that into the sensor's `latestData.fullData` and `online`.
 */
export async function reportState(t: TestApp, fan: Sensor, state: Record<string, number>): Promise<void> {
  const devices = t.app.services.devices
  const bridge = devices.bridge
  if (!bridge || !devices.mqttUrl) throw new Error('the test app has no MQTT broker')
  const { username, password } = await devices.credentials.issue({ id: fan.device_ref ?? 0, mac: fan.device_id })
  const client = await mqtt.connectAsync(devices.mqttUrl, { username, password, clientId: `fan-${fan.device_id}`, reconnectPeriod: 0 })
  const seen = (channel: string) =>
    new Promise<void>((resolve) => {
      const listener = (event: { mac: string; channel: string }) => {
        if (event.mac !== fan.device_id || event.channel !== channel) return
        bridge.events.off('state', listener)
        resolve()
      }
      bridge.events.on('state', listener)
    })
  const online = seen('online')
  await client.publishAsync(`sensor/${fan.device_id}/online`, JSON.stringify({ online: true, connectionType: 'mqtt' }), { qos: 1 })
  await online
  const stated = seen('in')
  await client.publishAsync(`sensor/${fan.device_id}/in`, JSON.stringify({ sub: { Tune: [{ uid: 'testfan', ...state }] } }), { qos: 1 })
  await stated
  // a clean DISCONNECT sends no will: the fan stays online, as a device that keeps its connection would
  await client.endAsync()
}

/** The newest passwordless email's text, where the code and the link are. */
export async function latestLoginEmail(t: TestApp, email: string): Promise<{ code: string; text: string }> {
  await mailSettled(t.app)
  const row = await t.db
    .selectFrom('email_outbox')
    .select('text')
    .where('to_address', '=', email.toLowerCase())
    .where('type', '=', 'passwordlessLogin')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const match = /\b([0-9A-Z]{5}-[0-9A-Z]{5})\b/.exec(row.text)
  if (!match?.[1]) throw new Error('no code in the email')
  return { code: match[1], text: row.text }
}
