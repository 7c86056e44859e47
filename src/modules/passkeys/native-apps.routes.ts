import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { component, errorResponses } from '../../lib/schemas.ts'
import { Id } from '../../lib/scope.ts'
import type { NativeAppsService } from './native-apps.service.ts'
import type { PasskeyPolicyService } from './passkey-policy.ts'

const tags = ['passkeys']
const security = [{ bearer: ['tenants:admin'] }]
const Fingerprint = Type.String({ pattern: '^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$', description: "SHA-256 of the app's signing certificate, AB:CD:... (32 bytes)" })

const NativeApp = Type.Object(
  {
    id: Type.Integer(),
    platform: Type.Union([Type.Literal('apple'), Type.Literal('android')]),
    appId: Type.String({ description: 'Apple: TEAMID.bundle.id; Android: the package name' }),
    sha256Fingerprints: Type.Array(Type.String(), { description: 'Android: the signing certificates; Apple: empty' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  component('NativeApp'),
)
export const NativeAppBody = Type.Union(
  [
    Type.Object({
      platform: Type.Literal('apple'),
      teamId: Type.String({ pattern: '^[A-Z0-9]{10}$', description: 'the Apple developer team id' }),
      bundleId: Type.String({ pattern: '^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$', maxLength: 155 }),
    }),
    Type.Object({
      platform: Type.Literal('android'),
      packageName: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$', maxLength: 255 }),
      sha256Fingerprints: Type.Array(Fingerprint, { minItems: 1, maxItems: 10 }),
    }),
  ],
  { ...component('NativeAppRequest'), examples: [{ platform: 'apple', teamId: 'ABCDE12345', bundleId: 'com.example.app' }] },
)
const AppleAssociation = Type.Object({ webcredentials: Type.Object({ apps: Type.Array(Type.String()) }) }, { description: 'Apple app site association: the apps that may use this host\'s passkeys' })
const AssetLinks = Type.Array(
  Type.Object({
    relation: Type.Array(Type.String()),
    target: Type.Object({ namespace: Type.Literal('android_app'), package_name: Type.String(), sha256_cert_fingerprints: Type.Array(Type.String()) }),
  }),
  { description: "Digital Asset Links: the Android apps that may use this host's passkeys" },
)
const TenantParams = Type.Object({ tenantId: Id })
const PasskeyPolicy = Type.Object(
  {
    mode: Type.Union(
      [Type.Literal('off'), Type.Literal('offered'), Type.Literal('suggested')],
      { description: 'offered (the default): the sign-in button, autofill and the API pair; suggested: offered, and a person signed in by code without a passkey is asked to add one; off: no passkey signs in or is added (the emailed code remains)' },
    ),
  },
  component('PasskeyPolicy'),
)

export async function nativeAppRoutes(parent: FastifyInstance, { nativeApps, modes }: { nativeApps: NativeAppsService; modes: PasskeyPolicyService }): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/tenants/:tenantId/passkeyPolicy',
    { schema: { tags, summary: 'How a brand offers passkeys on its hosted pages and to its apps (admins of a brand)', security, params: TenantParams, response: { 200: PasskeyPolicy, ...errorResponses } } },
    async (r) => ({ mode: await modes.get(r.actor, r.params.tenantId) }),
  )
  app.put(
    '/tenants/:tenantId/passkeyPolicy',
    { schema: { tags, summary: 'Choose how a brand offers passkeys (admins of a brand)', security, params: TenantParams, body: PasskeyPolicy, response: { 200: PasskeyPolicy, ...errorResponses } } },
    async (r) => ({ mode: await modes.set(r.actor, r.params.tenantId, r.body.mode) }),
  )

  app.get(
    '/tenants/:tenantId/nativeApps',
    { schema: { tags, summary: "A brand's native apps, which may offer the deployment's passkeys (admins)", security, params: TenantParams, response: { 200: Type.Object({ nativeApps: Type.Array(NativeApp) }), ...errorResponses } } },
    async (r) => ({ nativeApps: await nativeApps.list(r.actor, r.params.tenantId) }),
  )
  app.post(
    '/tenants/:tenantId/nativeApps',
    { schema: { tags, summary: "Register a brand's Apple or Android app for passkeys (admins of a brand)", security, params: TenantParams, body: NativeAppBody, response: { 201: NativeApp, ...errorResponses } } },
    async (r, reply) => reply.code(201).send(await nativeApps.add(r.actor, r.params.tenantId, r.body)),
  )
  app.delete(
    '/tenants/:tenantId/nativeApps/:appId',
    { schema: { tags, summary: "Remove a brand's native app", security, params: Type.Object({ tenantId: Id, appId: Id }), response: { 204: Type.Null(), ...errorResponses } } },
    async (r, reply) => {
      await nativeApps.remove(r.actor, r.params.tenantId, r.params.appId)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/.well-known/apple-app-site-association',
    { schema: { tags, summary: "Every brand's Apple apps (webcredentials), as Apple fetches it", response: { 200: AppleAssociation } } },
    async (_r, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return reply.type('application/json').send(await nativeApps.appleAssociation())
    },
  )
  app.get(
    '/.well-known/assetlinks.json',
    { schema: { tags, summary: "Every brand's Android apps (get_login_creds), as Android fetches it", response: { 200: AssetLinks } } },
    async (_r, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return reply.type('application/json').send(await nativeApps.assetLinks())
    },
  )
}
