/**
 * A brand's passkeys in the console (docs/api.md, "Passkeys"): its admins (and platform
 * administrators) choose how the brand offers passkeys (offered, suggested after a sign-in by
 * code, or off) and register the native apps that may offer the deployment's passkeys (the
 * association files list them). Each action is one call of the passkeys module's services,
 * as the API's routes make (policy.ts tenants.brand); a customer's tenant has none of this.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { appErrors } from '../../lib/errors.ts'
import { Id } from '../../lib/scope.ts'
import { field } from '../pages/index.ts'
import { NativeAppSchema, type NativeAppInput, type PasskeyMode } from '../passkeys/index.ts'
import { isBrand } from '../tenancy/index.ts'
import { checked, type Console, type ConsoleKit, type ConsolePage, type ConsoleServices, type Notes } from './console-kit.ts'
import { noPasskeySettings, passkeysPage } from './passkeys.views.ts'

const manages = (c: Console) => isBrand(c.tenant) && (c.admin || c.platformAdmin)

async function show(s: ConsoleServices, c: Console, n: Notes): Promise<ConsolePage> {
  if (!manages(c)) return noPasskeySettings(c, isBrand(c.tenant))
  return passkeysPage(c, await s.passkeyModes.get(c.actor, c.tenant.id), await s.nativeApps.list(c.actor, c.tenant.id), n)
}

/** The form's app, checked against the API's own schema (a fingerprint per line or comma). */
function appOf(request: FastifyRequest): NativeAppInput {
  const typed =
    field(request, 'platform') === 'android'
      ? { platform: 'android', packageName: field(request, 'packageName').trim(), sha256Fingerprints: field(request, 'fingerprints').split(/[\s,]+/).filter(Boolean) }
      : { platform: 'apple', teamId: field(request, 'teamId').trim(), bundleId: field(request, 'bundleId').trim() }
  return checked(NativeAppSchema, typed)
}

export function passkeyRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const s = ck.services
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(s, c, n)
  const back = { back: '/passkeys' }

  ck.get('/passkeys', "how the brand offers passkeys, and its native apps", (c) => show(s, c, {}))

  ck.post('/passkeys/mode', 'choose how the brand offers passkeys (its admins)', async (c, request) => {
    const mode = field(request, 'mode') as PasskeyMode
    if (!['off', 'offered', 'suggested'].includes(mode)) throw appErrors.validation_failed('Some fields need another look:', [{ field: 'mode', message: 'must be offered, suggested or off' }])
    await s.passkeyModes.set(c.actor, c.tenant.id, mode)
    return c.t.text('passkeys.modeSaved')
  }, view, back)

  ck.post('/passkeys/apps', "register one of the brand's native apps (its admins)", async (c, request) => {
    const added = await s.nativeApps.add(c.actor, c.tenant.id, appOf(request))
    return c.t.text('passkeys.appAdded', { app: added.appId })
  }, view, back)

  ck.post('/passkeys/apps/:appId/delete', "remove one of the brand's native apps (its admins)", async (c, request) => {
    await s.nativeApps.remove(c.actor, c.tenant.id, (request.params as { appId: number }).appId)
    return c.t.text('passkeys.appRemoved')
  }, view, { ...back, params: { appId: Id } })
}
