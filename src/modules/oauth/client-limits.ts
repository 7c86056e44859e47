/**
 * What a brand's admin may put in a client of their brand (policy.ts manageClients): the
 * platform's scopes only, no password grant, no imported id or secret, no long-lived access
 * tokens. Those stay the platform's, for importing the apps it already runs; a brand's own
 * app signs people in with PKCE or keeps a generated secret, like any new app.
 *
 * And its redirect URIs only on origins already verified for the brand (link-origins.ts):
 * a sign-in code, and the login link of the passwordless email, travel to a redirect URI,
 * and its origin becomes one the brand's token links may use. The brand's admin is the
 * adversary of the brand's customers there, so a client of theirs may not vouch for a new
 * origin: only the platform widens the set (`linkDomains`, or a client it registers).
 */
import { appErrors, type ErrorDetail } from '../../lib/errors.ts'
import { isLoopbackHttp, SCOPES, type LinkRules } from '../tenancy/index.ts'

export interface LimitedClientFields {
  grantTypes?: readonly string[] | undefined
  scopes?: readonly string[] | undefined
  clientId?: string | undefined
  clientSecret?: string | undefined
  longLivedAccessTokenSeconds?: number | null | undefined
}

const PLATFORM = 'only platform administrators may set it'

/** 403 naming each field a brand's admin may not set as given. */
export function checkBrandClientFields(input: LimitedClientFields): void {
  const details: ErrorDetail[] = []
  if (input.clientId !== undefined) details.push({ field: 'body.clientId', message: PLATFORM })
  if (input.clientSecret !== undefined) details.push({ field: 'body.clientSecret', message: PLATFORM })
  if (input.longLivedAccessTokenSeconds != null) details.push({ field: 'body.longLivedAccessTokenSeconds', message: PLATFORM })
  if (input.grantTypes?.includes('password')) details.push({ field: 'body.grantTypes', message: 'the password grant is the platform\'s to give' })
  const beyond = (input.scopes ?? []).filter((s) => !(SCOPES as readonly string[]).includes(s))
  if (beyond.length) details.push({ field: 'body.scopes', message: `a brand's client may hold only ${SCOPES.join(', ')}; not ${beyond.join(', ')}` })
  if (details.length) throw appErrors.forbidden("A brand's client may not have this.", details)
}

/** The origin a redirect URI sends its code to, when it has one a brand may use: https (or loopback http in development). */
function brandOrigin(uri: string, rules: LinkRules): string | null {
  try {
    const url = new URL(uri)
    return url.protocol === 'https:' || (rules.loopbackHttp && isLoopbackHttp(url)) ? url.origin : null
  } catch {
    return null
  }
}

/**
 * 403 naming each redirect URI of a brand's client that is not on an origin verified for the
 * brand, given as `verifiedOrigins` computed before the change (so the client cannot vouch for
 * itself). `kept` URIs (already on the client, put there by whoever could) are not judged again.
 */
export function checkBrandRedirectUris(uris: readonly string[], origins: ReadonlySet<string>, rules: LinkRules, kept: readonly string[] = []): void {
  const details: ErrorDetail[] = []
  uris.forEach((uri, i) => {
    if (kept.includes(uri)) return
    const origin = brandOrigin(uri, rules)
    const message = origin
      ? `must be on an origin verified for this brand (a domain the platform approved, or one of its apps' origins); ${origin} is not`
      : 'must be an https URL on an origin verified for this brand; other schemes (native apps) are registered by the platform'
    if (!origin || !origins.has(origin)) details.push({ field: `body.redirectUris.${i}`, message })
  })
  if (details.length) throw appErrors.forbidden("A brand's client may not send codes there.", details)
}
