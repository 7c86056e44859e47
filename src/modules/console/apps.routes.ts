/**
 * Apps (OAuth clients) of a tenant in the console. The owners and admins of a brand, and
 * platform administrators, register, edit, rotate and delete the tenant's clients through
 * ClientsService, as the /oauth/clients routes do (policy.ts manageClients decides). Members
 * read who to ask; a tenant that is not a brand registers no apps (a client's redirect
 * origins become origins its token links may point at, tenancy/link-origins.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import Type from 'typebox'
import type { OAuthClient } from '../../db/database.ts'
import { AppError, notFound } from '../../lib/errors.ts'
import { DEVICE_GRANT, issuerOf } from '../oauth/index.ts'
import { isBrand } from '../tenancy/index.ts'
import { field, type SafeHtml } from '../pages/index.ts'
import { appPage } from './app-page.views.ts'
import { unlessForbidden } from './console-reads.ts'
import { type AppDraft, appsPage, askForApps, shownSecret } from './apps.views.ts'
import { hasProblems, type Problems } from './forms.ts'
import { refusalOf, type Console, type ConsoleKit, type ConsoleServices, type ConsolePage, type Notes, type Onward } from './console-kit.ts'

const lines = (value: string) =>
  value
    .split(/[\r\n]+/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 50)

async function show(s: ConsoleServices, c: Console, n: Notes, extra?: SafeHtml, draft?: AppDraft): Promise<ConsolePage> {
  if (!c.platformAdmin && !(c.admin && isBrand(c.tenant))) return askForApps(c)
  return appsPage(c, await s.clients.ofTenant(c.actor, c.tenant.id), n, extra, draft)
}

const clientParam = (request: FastifyRequest) => (request.params as { clientId: string }).clientId
const scopesOf = (request: FastifyRequest) => {
  const raw = (request.body as Record<string, unknown> | undefined)?.scopes
  return (Array.isArray(raw) ? raw : [raw]).filter((s): s is string => typeof s === 'string')
}

export function appRoutes(app: FastifyInstance, ck: ConsoleKit): void {
  const { clients } = ck.services
  const s = ck.services
  const view = (c: Console, _r: FastifyRequest, n: Notes) => show(s, c, n)
  const params = { clientId: Type.String({ minLength: 1, maxLength: 100 }) }
  ck.get('/apps', "the tenant's OAuth clients", (c) => show(s, c, {}))

  // a secret a form made is shown here, once (shown-once.ts): the form redirected to this page
  ck.get('/apps/secret', 'the secret a form just made, shown once (read again: it was shown already)', async (c, request, reply) => {
    const shown = ck.shownOnce.take(request, reply, c.page.browser)
    const secret = shown?.kind === 'app' || shown?.kind === 'rotated' ? shown : null
    return { ...(await show(s, c, {}, shownSecret(c, secret))), noStore: true }
  })

  ck.post('/apps', "register an OAuth client for the tenant (its brand's admins, platform administrators)", (c, request, reply) => onForm(s, c, request, null, async () => {
    const origins = lines(field(request, 'allowedOrigins'))
    const { client, secret } = await clients.create(c.actor, {
      name: field(request, 'name').trim().slice(0, 200),
      redirectUris: lines(field(request, 'redirectUris')),
      public: field(request, 'kind') !== 'confidential',
      scopes: scopesOf(request),
      tenantId: c.tenant.id,
      // a device without a browser signs in by the device grant, besides the code flow
      ...(field(request, 'device') === '1' ? { grantTypes: ['authorization_code', DEVICE_GRANT] } : {}),
      ...(origins.length ? { allowedOrigins: origins } : {}),
    })
    // an app without a secret has nothing to hide: the apps page says it is registered;
    // a secret goes sealed to the page that shows it once (never in a URL)
    if (!secret) return c.t.text('apps.registered', { name: client.name })
    ck.shownOnce.set(reply, c.page.browser, { kind: 'app', name: client.name, secret })
    return { onward: '/apps/secret' }
  }), view, { back: '/apps' })

  ck.post('/apps/:clientId/edit', "change a client's redirect URIs, CORS origins and scopes", (c, request) => onForm(s, c, request, clientParam(request), async () => {
    const origins = lines(field(request, 'allowedOrigins'))
    const changed = await clients.update(c.actor, (await ownClient(s, c, clientParam(request))).client_id, {
      redirectUris: lines(field(request, 'redirectUris')),
      allowedOrigins: origins.length ? origins : null,
      scopes: scopesOf(request),
    })
    return c.t.text('apps.saved', { name: changed.name })
  }), view, { back: '/apps', params })

  // the new secret is shown once on its own page, as a new client's is (above)
  ck.post('/apps/:clientId/rotate', "give a confidential client a new secret (shown once)", async (c, request, reply) => {
    const client = await ownClient(s, c, clientParam(request))
    const secret = await clients.rotateSecret(c.actor, client.client_id)
    ck.shownOnce.set(reply, c.page.browser, { kind: 'rotated', name: client.name, secret })
    return { onward: '/apps/secret' }
  }, view, { back: '/apps', params })

  // an app's page: what its developer wires it with, and a quick start for its kind
  ck.get('/apps/:clientId', "an app's page: issuer, discovery URL, URIs, grant types, lifetimes, scopes and a quick start", async (c, request) => {
    if (!c.platformAdmin && !(c.admin && isBrand(c.tenant))) return askForApps(c)
    const client = await ownClient(s, c, clientParam(request))
    const { publicUrl, accessTokenTtlSeconds, refreshTokenTtlSeconds } = app.config
    // its recent attempts in this brand's sign-in log, where the person may read the log
    const recent = isBrand(c.tenant) ? await unlessForbidden(() => s.signIns.ofClient(c.actor, c.tenant.id, client.client_id)) : null
    return appPage(c, client, { issuer: issuerOf(publicUrl, client.tenant_id), accessTokenTtlSeconds, refreshTokenTtlSeconds }, recent)
  }, params)

  const deleting = { back: '/apps', params }
  ck.confirm('/apps/:clientId/delete', 'delete a client', async (c, request) => {
    const client = await ownClient(s, c, clientParam(request))
    const name = { name: client.name }
    return { title: c.t.text('apps.deleteTitle', name), section: 'apps', sentence: c.t.text('apps.deleteSentence', name), button: c.t.text('apps.delete', name) }
  }, deleting)
  ck.post('/apps/:clientId/delete', 'delete a client (its sessions end)', async (c, request) => {
    const client = await ownClient(s, c, clientParam(request))
    await clients.remove(c.actor, client.client_id)
    return c.t.text('apps.deleted', { name: client.name })
  }, view, deleting)
}

const APP_FIELDS = ['name', 'redirectUris', 'allowedOrigins', 'scopes'] as const
const APP_SENTENCES = { name: 'app.name', redirectUris: 'app.redirectUris', allowedOrigins: 'app.allowedOrigins', scopes: 'app.scopes' } as const

/**
 * An app's form refused for its fields comes back as it was typed, with a sentence at each
 * field from the console's catalog: the service's 400 (its own schema), and a brand's limits'
 * 403 naming a field (client-limits.ts: a redirect URI off the brand's verified origins), which
 * the person can fix there too; its own sentence, naming the URI refused, stays at the top.
 * `clientId`: the app whose edit form was sent (null: the registration form).
 */
async function onForm(s: ConsoleServices, c: Console, request: FastifyRequest, clientId: string | null, act: () => Promise<string | Onward>): Promise<string | ConsolePage | Onward> {
  try {
    return await act()
  } catch (error) {
    const refusal = refusalOf(error, c.page.t, true)
    if (!refusal || !(error instanceof AppError)) throw error
    const problems: Problems = {}
    for (const detail of error.details ?? []) {
      const name = APP_FIELDS.find((f) => detail.field.replace(/^body\./, '').split('.')[0] === f)
      if (name) problems[name] = c.t.text(APP_SENTENCES[name])
    }
    // a refusal naming no field of the form is said at the top, the form as it was
    if (!hasProblems(problems) && refusal.status !== 403) throw error
    const typed = { ...Object.fromEntries(APP_FIELDS.map((name) => [name, field(request, name)])), kind: field(request, 'kind'), device: field(request, 'device'), scopes: scopesOf(request).join(' ') }
    const top = refusal.status === 403 ? refusal.error : c.t.text('form.refused')
    return { ...(await show(s, c, { error: top }, undefined, { typed, problems, clientId })), status: refusal.status }
  }
}

/** A client of this tenant by id; another tenant's (or none) is a 404, as for a missing one. */
async function ownClient(s: ConsoleServices, c: Console, clientId: string): Promise<OAuthClient> {
  const client = await s.clients.get(c.actor, clientId)
  if (client.tenant_id !== c.tenant.id) throw notFound('Client')
  return client
}
