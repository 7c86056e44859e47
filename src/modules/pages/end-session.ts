/**
 * OpenID Connect RP-initiated logout (the `end_session_endpoint`). The page asks before
 * signing out, so a cross-site link cannot sign anyone out. An `id_token_hint` also ends the
 * app session it was issued in (its `sid`), expired or not (RP-Initiated Logout 1.0, 2: an
 * app signs out long after its ID token's few minutes): its signature (by a key that still
 * verifies), its issuer (one of this service's) and its audience (a client that exists, and
 * `client_id` when one is given) are checked; an expired hint is trusted for nothing else. The browser returns to
 * `post_logout_redirect_uri` only when it is registered for the client (one of its redirect
 * URIs) named by the hint's `aud` or by `client_id`; otherwise the page says "signed out".
 */
import { decodeJwt } from 'jose'
import type { Config } from '../../config.ts'
import type { Clock } from '../../lib/clock.ts'
import type { ClientsService } from '../oauth/index.ts'
import type { KeyStore } from '../oauth/index.ts'
import { issuerOf, tenantOfIssuer } from '../oauth/index.ts'
import { withParams } from './authorize.service.ts'

export interface EndSessionInput {
  idTokenHint?: string
  clientId?: string
  postLogoutRedirectUri?: string
  state?: string
}

export interface EndSessionDeps {
  /** Ends the app session a hint names (modules/sessions). */
  sessions: { endSession(sessionId: string, now: Date): Promise<void> }
  keys: KeyStore
  clients: ClientsService
  config: Readonly<Config>
  clock: Clock
}

/** What the hint names; `mismatch`: a hint of ours for another client than `client_id` (nothing ends, nowhere to go). */
async function hintClaims(deps: EndSessionDeps, input: EndSessionInput): Promise<{ sid?: string; aud?: string; mismatch?: true }> {
  const hint = input.idTokenHint
  if (!hint) return {}
  try {
    // the platform's ID tokens, or a tenant's (oauth/oidc.ts issuerOf): any issuer this service is
    const tenantId = tenantOfIssuer(deps.config.publicUrl, decodeJwt(hint).iss)
    if (tenantId === undefined) return {}
    const payload = await deps.keys.verifyExpiredAllowed(hint, issuerOf(deps.config.publicUrl, tenantId))
    const aud = typeof payload.aud === 'string' ? payload.aud : undefined
    // the audience: the client named, when one is, and a client that exists
    if (aud && input.clientId !== undefined && input.clientId !== aud) return { mismatch: true }
    if (!aud || !(await deps.clients.find(aud))) return {}
    return { sid: typeof payload.sid === 'string' ? payload.sid : undefined, aud }
  } catch {
    return {} // a forged or foreign hint signs out the page session only
  }
}

/** Ends the app session named by the hint; returns where to send the browser, if anywhere. */
export async function endSession(deps: EndSessionDeps, input: EndSessionInput): Promise<string | null> {
  const claims = await hintClaims(deps, input)
  if (claims.mismatch) return null
  if (claims.sid) await deps.sessions.endSession(claims.sid, deps.clock.now())
  const clientId = claims.aud ?? input.clientId
  if (!input.postLogoutRedirectUri || !clientId) return null
  const client = await deps.clients.find(clientId)
  if (!client?.redirect_uris.includes(input.postLogoutRedirectUri)) return null
  return withParams(input.postLogoutRedirectUri, { state: input.state })
}
