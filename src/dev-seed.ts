/**
 * A fresh embedded database gets a dev tenant, a platform admin and a public dev OAuth
 * client, so a newcomer can log in at once. Never in production, never on PostgreSQL
 * (config.seedDevData), and only while the database has no tenant yet.
 */
import type { FastifyInstance } from 'fastify'
import { addMembership, insertUser } from './modules/users/users.repository.ts'
import { STARTER_ALGORITHMS } from './modules/spaces/definitions.ts'

export interface DevSeed {
  tenantId: number
  adminEmail: string
  clientId: string
  redirectUri: string
}

export async function seedDevData(app: FastifyInstance): Promise<DevSeed | null> {
  const { db, services } = app
  const existing = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst()
  if (existing) return null
  const redirectUri = `${app.config.publicUrl}/dev/callback`
  const tenant = await services.tenants.insert({ name: 'Dev Tenant', emailAddress: 'hello@dev-tenant.local' })
  const admin = await insertUser(db, { email: 'admin@trellis.local', emailConfirmed: true, platformAdmin: true, displayName: 'Dev Admin' })
  await addMembership(db, tenant.id, admin.id, 'owner')
  const { client } = await services.clients.insert({
    name: 'Dev public client',
    public: true,
    redirectUris: [redirectUri, 'http://localhost:8080/callback'],
  })
  for (const def of STARTER_ALGORITHMS) {
    await services.algorithms.insert({ ...def, optionsSchema: structuredClone(def.optionsSchema) as Record<string, unknown> })
  }
  return { tenantId: tenant.id, adminEmail: admin.email, clientId: client.client_id, redirectUri }
}
