/**
 * An app's own page in the console: what its developer needs to wire it (issuer, discovery URL,
 * client id, redirect and logout URIs, grant types, token lifetimes, scopes) and a quick start
 * for its kind written with the brand's real values, beside the forms of the apps page.
 */
import type { OAuthClient } from '../../db/database.ts'
import { clientView, DEVICE_GRANT } from '../oauth/index.ts'
import { html } from '../pages/index.ts'
import type { SignInView } from '../oauth/index.ts'
import { copyable } from './apps.views.ts'
import { signInTable } from './sign-ins.views.ts'
import type { Console, ConsolePage } from './console-kit.ts'

/** What the page states beside the client: the issuer its tokens name and the deployment's lifetimes. */
export interface AppFacts {
  issuer: string
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
}

export type AppKind = 'machine' | 'device' | 'web' | 'public'

export function kindOf(client: OAuthClient): AppKind {
  if (client.machine) return 'machine'
  if (client.grant_types.includes(DEVICE_GRANT)) return 'device'
  return client.is_public ? 'public' : 'web'
}

const duration = (seconds: number) => (seconds % 86_400 === 0 ? `${seconds / 86_400} d` : seconds % 3600 === 0 ? `${seconds / 3600} h` : `${Math.round(seconds / 60)} min`)

/** The first lines an app of this kind runs, with openid-client (a certified relying party library). */
function quickStart(kind: AppKind, client: OAuthClient, facts: AppFacts): string {
  const scope = client.scopes.join(' ')
  const head = [`import * as client from 'openid-client'`, '']
  const config = (secret: boolean) => `const config = await client.discovery(new URL('${facts.issuer}'), '${client.client_id}'${secret ? ", process.env.CLIENT_SECRET" : ''})`
  switch (kind) {
    case 'machine':
      return [...head, config(true), `const tokens = await client.clientCredentialsGrant(config, { scope: '${scope}' })`].join('\n')
    case 'device':
      return [
        ...head,
        config(false),
        `const start = await client.initiateDeviceAuthorization(config, { scope: '${scope}' })`,
        '// show start.user_code and start.verification_uri (or a QR code of start.verification_uri_complete)',
        'const tokens = await client.pollDeviceAuthorizationGrant(config, start)',
      ].join('\n')
    default: {
      const redirect = client.redirect_uris[0] ?? 'https://app.example/callback'
      return [
        ...head,
        config(kind === 'web'),
        'const verifier = client.randomPKCECodeVerifier()',
        'const signIn = client.buildAuthorizationUrl(config, {',
        `  redirect_uri: '${redirect}',`,
        `  scope: '${scope}',`,
        "  code_challenge: await client.calculatePKCECodeChallenge(verifier),",
        "  code_challenge_method: 'S256',",
        '})',
        '// send the person to signIn; back at the redirect URI:',
        'const tokens = await client.authorizationCodeGrant(config, new URL(callbackUrl), { pkceCodeVerifier: verifier })',
      ].join('\n')
    }
  }
}

export function appPage(c: Console, client: OAuthClient, facts: AppFacts, recent: readonly SignInView[] | null): ConsolePage {
  const { t } = c
  const v = clientView(client)
  const kind = kindOf(client)
  const none = t.text('apps.none')
  const list = (items: readonly string[]) => (items.length ? html`<ul class="plain">${items.map((i) => html`<li><code>${i}</code></li>`)}</ul>` : none)
  const discovery = `${facts.issuer}/.well-known/openid-configuration`
  const body = html`<p><a href="/console/tenants/${c.tenant.id}/apps">${t.text('appPage.back')}</a></p>
<p>${t.text(`appPage.kind.${kind}`)}</p>
${copyable('issuer', t.text('appPage.issuer'), t.text('appPage.copy'), facts.issuer)}
${copyable('discovery', t.text('appPage.discovery'), t.text('appPage.copy'), discovery)}
${copyable('client-id', t.text('apps.clientId'), t.text('apps.copyClientId'), v.clientId)}
<dl>
<dt>${t.text('apps.redirectUris')}</dt><dd>${list(v.redirectUris)}</dd>
<dt>${t.text('appPage.logoutUris')}</dt><dd>${t.text('appPage.logoutSame')}</dd>
<dt>${t.text('apps.corsOrigins')}</dt><dd>${list(v.allowedOrigins)}</dd>
<dt>${t.text('appPage.grantTypes')}</dt><dd>${list(v.grantTypes)}</dd>
<dt>${t.text('appPage.lifetimes')}</dt><dd>${t.text('appPage.lifetimesValue', { access: duration(v.longLivedAccessTokenSeconds ?? facts.accessTokenTtlSeconds), refresh: kind === 'machine' ? none : duration(facts.refreshTokenTtlSeconds) })}</dd>
<dt>${t.text('apps.scopes')}</dt><dd>${v.scopes.join(' ') || none}</dd>
</dl>
<h2>${t.text('appPage.quickStart')}</h2>
<p>${t.text(`appPage.quickStart.${kind}`)}</p>
<pre class="code"><code>${quickStart(kind, client, facts)}</code></pre>
${recent ? html`<h2>${t.text('appPage.recent')}</h2>${signInTable(c, recent, () => v.name)}` : ''}`
  return { title: v.name, section: 'apps', body, scripts: ['/console/console.js'] }
}
