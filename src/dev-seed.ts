/**
 * A fresh embedded database gets a dev tenant, a platform admin, a public dev OAuth client
 * and a dev fan with MQTT credentials, so a newcomer can log in and drive a device at
 * once. Never in production, never on PostgreSQL (config.seedDevData), and only while the
 * database has no tenant yet. It acts through the same services as everyone else, as the
 * platform operator. Later starts find the dev records again, so every start can print
 * the dev client id (the fan's password is shown only when it is made).
 */
import type { FastifyInstance } from 'fastify'
import { STARTER_ALGORITHMS } from './modules/spaces/definitions.ts'
import { OPERATOR } from './modules/tenancy/actor.ts'
import { anyTenant, firstTenantNamed } from './modules/tenancy/tenants.repository.ts'
import { firstPublicClientNamed } from './modules/oauth/client-lookup.service.ts'
import { randomToken } from './lib/crypto.ts'

export interface DevSeed {
  /** Whether this start created it (a fresh database) or found it. */
  created: boolean
  tenantId: number
  adminEmail: string
  clientId: string
  redirectUri: string
  /** The dev fan, with its MQTT password: only on the start that created it. */
  device?: { sensorId: number; mac: string; password: string }
}

const DEV_TENANT_NAME = 'Dev Tenant'
const DEV_CLIENT_NAME = 'Dev public client'
const DEV_ADMIN_EMAIL = 'admin@trellis.local'
const DEV_FAN_MAC = 'e0:5a:1b:00:00:01'

/** The dev records of an already seeded database. */
async function findDevSeed(app: FastifyInstance): Promise<DevSeed | null> {
  const client = await firstPublicClientNamed(app.db, DEV_CLIENT_NAME)
  const tenant = await firstTenantNamed(app.db, DEV_TENANT_NAME)
  if (!client || !tenant) return null
  return { created: false, tenantId: tenant.id, adminEmail: DEV_ADMIN_EMAIL, clientId: client.client_id, redirectUri: client.redirect_uris[0] ?? '' }
}

export async function seedDevData(app: FastifyInstance): Promise<DevSeed | null> {
  const { db, services } = app
  if (await anyTenant(db)) return findDevSeed(app)
  const redirectUri = `${app.config.publicUrl}/dev/callback`
  const tenant = await services.tenants.create(OPERATOR, { name: DEV_TENANT_NAME, emailAddress: 'hello@dev-tenant.local', signup: 'customers' })
  const admin = await services.accounts.createUser(OPERATOR, {
    email: DEV_ADMIN_EMAIL,
    platformAdmin: true,
    displayName: 'Dev Admin',
    tenantId: tenant.id,
    role: 'owner',
  })
  const { client } = await services.clients.create(OPERATOR, {
    name: DEV_CLIENT_NAME,
    public: true,
    redirectUris: [redirectUri, 'http://localhost:8080/callback'],
  })
  for (const def of STARTER_ALGORITHMS) {
    await services.algorithms.register(OPERATOR, { ...def, optionsSchema: structuredClone(def.optionsSchema) as Record<string, unknown> })
  }
  // the dev fan as a brand brings one in: registered (the dev tenant is a brand), then claimed with its code
  const claimCode = randomToken(12)
  await services.devices.registry.register(OPERATOR, tenant.id, { mac: DEV_FAN_MAC, model: '58', claimCode })
  const sensor = await services.devices.registry.claim(OPERATOR, tenant.id, { mac: DEV_FAN_MAC, code: claimCode, name: 'Dev fan', displayName: 'Dev fan' })
  const { password } = await services.devices.credentials.issue({ id: sensor.device_ref ?? 0, mac: DEV_FAN_MAC })
  return {
    created: true,
    tenantId: tenant.id,
    adminEmail: admin.email,
    clientId: client.client_id,
    redirectUri,
    device: { sensorId: sensor.id, mac: DEV_FAN_MAC, password },
  }
}
