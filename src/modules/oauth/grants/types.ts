import type { Log } from '../../../lib/log.ts'
import type { Clock } from '../../../lib/clock.ts'
import type { Config } from '../../../config.ts'
import type { DB } from '../../../db/connect.ts'
import type { OAuthClient } from '../../../db/database.ts'
import type { KeyStore } from '../keys.ts'
import type { TokenResponse } from '../tokens.ts'
import type { TokenAttempt } from '../attempts.ts'

export interface GrantDeps {
  db: DB
  config: Readonly<Config>
  keys: KeyStore
  log: Log
  codeKey: Buffer
  /** Decides what time it is where the time decides something (lib/clock.ts). */
  clock: Clock
}

export interface GrantContext {
  client: OAuthClient
  params: Readonly<Record<string, string>>
  ip: string
  /** This request's failure ledger: the grant charges it before checking a low-entropy secret. */
  attempt: TokenAttempt
  /** When the request began: tells a concurrent loser of a race from a later replay. */
  started: Date
}

export type GrantHandler = (deps: GrantDeps, ctx: GrantContext) => Promise<TokenResponse>

/** The distinct scopes a `scope` parameter names; none when it is absent or blank. */
export function requestedScopes(requested: string | undefined): string[] {
  return [...new Set((requested ?? '').split(' ').filter(Boolean))]
}

/** The scopes a request asks for, checked against what the client may have. */
export function grantedScope(requested: string | undefined, allowed: readonly string[]): string | null {
  const wanted = requestedScopes(requested)
  if (wanted.length === 0) return allowed.join(' ')
  return wanted.every((s) => allowed.includes(s)) ? wanted.join(' ') : null
}
