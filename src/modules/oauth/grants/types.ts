import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../../config.ts'
import type { DB } from '../../../db/connect.ts'
import type { OAuthClient } from '../../../db/database.ts'
import type { KeyStore } from '../keys.ts'
import type { TokenResponse } from '../tokens.ts'
import type { Limiter } from '../../../lib/rate-limit.ts'

export interface GrantDeps {
  db: DB
  config: Readonly<Config>
  keys: KeyStore
  log: FastifyBaseLogger
  limiter: Limiter
  codeKey: Buffer
}

export interface GrantContext {
  client: OAuthClient
  params: Readonly<Record<string, string>>
  ip: string
}

export type GrantHandler = (deps: GrantDeps, ctx: GrantContext) => Promise<TokenResponse>

/** The scopes a request asks for, checked against what the client may have. */
export function grantedScope(requested: string | undefined, allowed: readonly string[]): string | null {
  if (requested === undefined || requested.trim() === '') return allowed.join(' ')
  const wanted = [...new Set(requested.split(' ').filter(Boolean))]
  return wanted.every((s) => allowed.includes(s)) ? wanted.join(' ') : null
}
