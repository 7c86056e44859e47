/**
 * OpenID Connect RP-initiated logout (the `end_session_endpoint`). The page asks before
 * signing out, so a cross-site link cannot sign anyone out. A valid `id_token_hint` also
 * ends the app session it was issued in (its `sid`). The browser returns to
 * `post_logout_redirect_uri` only when it is registered for the client (one of its redirect
 * URIs) named by the hint's `aud` or by `client_id`; otherwise the page says "signed out".
 */
import { decodeJwt } from 'jose'
import type { Config } from '../../config.ts'
import type { Clock } from '../../lib/clock.ts'
import type { DB } from '../../db/connect.ts'
import type { ClientsService } from '../oauth/index.ts'
import type { KeyStore } from '../oauth/index.ts'
import { issuerOf, tenantOfIssuer } from '../oauth/index.ts'
import { revokeSessions } from '../sessions/index.ts'
import { withParams } from './authorize.service.ts'

export interface EndSessionInput {
  idTokenHint?: string
  clientId?: string
  postLogoutRedirectUri?: string
  state?: string
}

export interface EndSessionDeps {
  db: DB
  keys: KeyStore
  clients: ClientsService
  config: Readonly<Config>
  clock: Clock
}

async function hintClaims(deps: EndSessionDeps, hint: string | undefined): Promise<{ sid?: string; aud?: string }> {
  if (!hint) return {}
  try {
    // the platform's ID tokens, or a tenant's (oauth/oidc.ts issuerOf): any issuer this service is
    const tenantId = tenantOfIssuer(deps.config.publicUrl, decodeJwt(hint).iss)
    if (tenantId === undefined) return {}
    const { payload } = await deps.keys.verify(hint, issuerOf(deps.config.publicUrl, tenantId), 'JWT')
    return {
      sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      aud: typeof payload.aud === 'string' ? payload.aud : undefined,
    }
  } catch {
    return {} // an expired or foreign hint signs out the page session only
  }
}

/** Ends the app session named by the hint; returns where to send the browser, if anywhere. */
export async function endSession(deps: EndSessionDeps, input: EndSessionInput): Promise<string | null> {
  const claims = await hintClaims(deps, input.idTokenHint)
  if (claims.sid) await revokeSessions(deps.db, { sessionId: claims.sid }, 'end_session', deps.clock.now())
  const clientId = claims.aud ?? input.clientId
  if (!input.postLogoutRedirectUri || !clientId) return null
  if (claims.aud && input.clientId && claims.aud !== input.clientId) return null
  const client = await deps.clients.find(clientId)
  if (!client?.redirect_uris.includes(input.postLogoutRedirectUri)) return null
  return withParams(input.postLogoutRedirectUri, { state: input.state })
}
