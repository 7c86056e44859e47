/**
 * A brand's sign-in providers in the console (docs/api.md, "Sign in with Apple, Google or any
 * OpenID provider"): its admins (and platform administrators) list the brand's connections, add
 * one of each kind (its secret or key sealed at once, never shown again), test one (discovery and
 * keys fetched now), turn one on or off and delete one after a page that asks. Every action is
 * one call of the connections service, as the API's routes make (policy.ts connections.manage).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Id } from '../../lib/scope.ts'
import { ConnectionSchema } from '../connections/index.ts'
import { field } from '../pages/index.ts'
import { isBrand } from '../tenancy/index.ts'
import { checked, type Console, type ConsoleKit, type ConsolePage, type ConsoleServices, type Notes } from './console-kit.ts'
import { noProviders, providersPage } from './providers.views.ts'

const manages = (c: Console) => isBrand(c.tenant) && (c.admin || c.platformAdmin)

async function show(s: ConsoleServices, c: Console, n: Notes): Promise<ConsolePage> {
  if (!manages(c)) return noProviders(c, isBrand(c.tenant))
  return providersPage(c, await s.connections.list(c.actor, c.tenant.id), s.connections.callbackUri, n)
}

const idOf = (request: FastifyRequest) => (request.params as { connectionId: number }).connectionId

/** The form's fields as the API's body: those given, checked against its schema. */
export function connectionOf(request: FastifyRequest) {
  const names = ['kind', 'name', 'issuer', 'clientId', 'clientSecret', 'teamId', 'keyId', 'privateKey'] as const
  const typed = Object.fromEntries(names.map((n) => [n, n === 'privateKey' || n === 'clientSecret' ? field(request, n) : field(request, n).trim()]).filter(([, v]) => v !== ''))
  return checked(ConnectionSchema, typed)
}

export function providerRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(s, c, n)
  const back = { back: '/providers' }
  const one = { ...back, params: { connectionId: Id } }

  ck.get('/providers', "the brand's upstream sign-in providers (Apple, Google, any OpenID provider)", (c) => show(s, c, {}))

  ck.post('/providers', 'add a sign-in provider for the brand (its admins; the secret or key is sealed, never shown again)', async (c, request) => {
    const added = await s.connections.create(c.actor, c.tenant.id, connectionOf(request))
    return c.t.text('providers.added', { name: added.name })
  }, view, back)

  ck.post('/providers/:connectionId/test', 'test a sign-in provider: its discovery and keys, fetched now', async (c, request) => {
    const result = await s.connections.test(c.actor, c.tenant.id, idOf(request))
    return result.ok ? c.t.text('providers.tested', { issuer: result.issuer, keys: result.keys }) : c.t.text('providers.testFailed', { problem: result.problem })
  }, view, one)

  ck.post('/providers/:connectionId/enabled', 'turn a sign-in provider on or off', async (c, request) => {
    const changed = await s.connections.update(c.actor, c.tenant.id, idOf(request), { enabled: field(request, 'enabled') === 'true' })
    return c.t.text(changed.enabled ? 'providers.turnedOn' : 'providers.turnedOff', { name: changed.name })
  }, view, one)

  ck.confirm('/providers/:connectionId/delete', 'delete a sign-in provider', async (c, request) => {
    const name = { name: (await s.connections.get(c.actor, c.tenant.id, idOf(request))).name }
    return { title: c.t.text('providers.deleteTitle', name), section: 'providers', sentence: c.t.text('providers.deleteSentence', name), button: c.t.text('providers.delete', name) }
  }, one)
  ck.post('/providers/:connectionId/delete', 'delete a sign-in provider (its linked identities go with it)', async (c, request) => {
    const gone = await s.connections.get(c.actor, c.tenant.id, idOf(request))
    await s.connections.remove(c.actor, c.tenant.id, gone.id)
    return c.t.text('providers.deleted', { name: gone.name })
  }, view, one)
}
