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
import { isBrand } from '../tenancy/index.ts'
import { field, type SafeHtml } from '../pages/index.ts'
import { type AppDraft, appsPage, askForApps, newSecret, registered } from './apps.views.ts'
import { hasProblems, type Problems } from './forms.ts'
import { consoleText } from './i18n.ts'
import { refusalOf, type Console, type ConsoleKit, type ConsoleServices, type ConsolePage, type Notes } from './console-kit.ts'

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

  ck.post('/apps', "register an OAuth client for the tenant (its brand's admins, platform administrators)", (c, request) => onForm(s, c, request, null, async () => {
    const origins = lines(field(request, 'allowedOrigins'))
    const { client, secret } = await clients.create(c.actor, {
      name: field(request, 'name').trim().slice(0, 200),
      redirectUris: lines(field(request, 'redirectUris')),
      public: field(request, 'kind') !== 'confidential',
      scopes: scopesOf(request),
      tenantId: c.tenant.id,
      ...(origins.length ? { allowedOrigins: origins } : {}),
    })
    // A secret is shown once, on this answer, and nowhere else: never in the redirect's URL or
    // a cookie, and it is stored only as a hash, so no later GET could show it. The answer is
    // not cached (no-store); an app without a secret has nothing to hide and redirects.
    if (!secret) return `${client.name} is registered.`
    return show(s, c, {}, registered(client.name, secret))
  }), view, { back: '/apps' })

  ck.post('/apps/:clientId/edit', "change a client's redirect URIs, CORS origins and scopes", (c, request) => onForm(s, c, request, clientParam(request), async () => {
    const origins = lines(field(request, 'allowedOrigins'))
    const changed = await clients.update(c.actor, (await ownClient(s, c, clientParam(request))).client_id, {
      redirectUris: lines(field(request, 'redirectUris')),
      allowedOrigins: origins.length ? origins : null,
      scopes: scopesOf(request),
    })
    return `${changed.name} is saved.`
  }), view, { back: '/apps', params })

  // the new secret is shown on this answer only, as a new client's is (above)
  ck.post('/apps/:clientId/rotate', "give a confidential client a new secret (shown once)", async (c, request) => {
    const secret = await clients.rotateSecret(c.actor, (await ownClient(s, c, clientParam(request))).client_id)
    return show(s, c, {}, newSecret(secret))
  }, view, { back: '/apps', params })

  const deleting = { back: '/apps', params }
  ck.confirm('/apps/:clientId/delete', 'delete a client', async (c, request) => {
    const client = await ownClient(s, c, clientParam(request))
    return {
      title: `Delete ${client.name}?`,
      section: 'apps',
      sentence: `${client.name} will be deleted: every person signed in through it is signed out at once, and it can no longer sign anyone in. This cannot be undone.`,
      button: `Delete ${client.name}`,
    }
  }, deleting)
  ck.post('/apps/:clientId/delete', 'delete a client (its sessions end)', async (c, request) => {
    const client = await ownClient(s, c, clientParam(request))
    await clients.remove(c.actor, client.client_id)
    return `${client.name} is deleted and every session it opened is ended.`
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
async function onForm(s: ConsoleServices, c: Console, request: FastifyRequest, clientId: string | null, act: () => Promise<string | ConsolePage>): Promise<string | ConsolePage> {
  try {
    return await act()
  } catch (error) {
    const refusal = refusalOf(error, true)
    if (!refusal || !(error instanceof AppError)) throw error
    const problems: Problems = {}
    for (const detail of error.details ?? []) {
      const name = APP_FIELDS.find((f) => detail.field.replace(/^body\./, '').split('.')[0] === f)
      if (name) problems[name] = consoleText.text(APP_SENTENCES[name])
    }
    // a refusal naming no field of the form is said at the top, the form as it was
    if (!hasProblems(problems) && refusal.status !== 403) throw error
    const typed = { ...Object.fromEntries(APP_FIELDS.map((name) => [name, field(request, name)])), kind: field(request, 'kind'), scopes: scopesOf(request).join(' ') }
    const top = refusal.status === 403 ? refusal.error : consoleText.text('form.refused')
    return { ...(await show(s, c, { error: top }, undefined, { typed, problems, clientId })), status: refusal.status }
  }
}

/** A client of this tenant by id; another tenant's (or none) is a 404, as for a missing one. */
async function ownClient(s: ConsoleServices, c: Console, clientId: string): Promise<OAuthClient> {
  const client = await s.clients.get(c.actor, clientId)
  if (client.tenant_id !== c.tenant.id) throw notFound('Client')
  return client
}
