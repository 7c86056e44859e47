/**
 * Dev only (never in production): `/dev/login` starts a complete login with the dev client
 * in the browser (the page makes its own PKCE pair), and `/dev/callback`, the dev client's
 * redirect URI, redeems the code and shows the tokens and /users/current.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { FALLBACK_LOCALE } from '../../lib/locale.ts'
import { html } from './html.ts'
import { translator } from './i18n.ts'
import type { PageKit } from './kit.ts'

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8')
const SCRIPTS: Record<string, string> = { '/dev/login.js': asset('dev-login.js'), '/dev/callback.js': asset('dev-callback.js') }

/** The dev pages speak English only (a developer's tool, not a person's page). */
const english = translator(FALLBACK_LOCALE)

export function devRoutes(app: FastifyInstance, kit: PageKit): void {
  for (const [path, source] of Object.entries(SCRIPTS)) {
    app.get(path, { schema: { tags: ['dev'], summary: 'Dev only: a script of the dev login pages' } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(source),
    )
  }

  app.get('/dev/login', { schema: { tags: ['dev'], summary: 'Starts a browser login with a client (PKCE made in the page)' } }, async (request, reply) => {
    const ctx = { ...(await kit.context(request, reply)), t: english }
    const query = request.query as Record<string, unknown>
    const clientId = typeof query.client_id === 'string' ? query.client_id : ''
    const body = html`<p id="dev-login" data-client-id="${clientId}">Starting the login…</p>`
    return kit.send(reply, ctx, { title: 'Dev login', body, scripts: clientId ? ['/dev/login.js'] : [] })
  })

  app.get('/dev/callback', { schema: { tags: ['dev'], summary: "The dev client's redirect URI: finishes a browser login or shows a link's code" } }, async (request, reply) => {
    const ctx = { ...(await kit.context(request, reply)), t: english }
    const query = request.query as Record<string, unknown>
    const code = typeof query.code === 'string' ? query.code.slice(0, 100) : ''
    const base = app.config.publicUrl
    const body = html`<div id="dev-result">
<p>Code: <code>${code || '(none)'}</code></p>
<p>An app redeems it at the token endpoint with the PKCE verifier it made:</p>
<pre>curl -X POST ${base}/auth/oauth2/token -d grant_type=authorization_code -d code=${code || 'CODE'} \\
  -d code_verifier=VERIFIER -d client_id=CLIENT_ID -d redirect_uri=${base}/dev/callback</pre></div>`
    return kit.send(reply, ctx, { title: 'Login code received', body, scripts: ['/dev/callback.js'] })
  })
}
