import type { Log } from '../../../lib/log.ts'
import type { Clock } from '../../../lib/clock.ts'
import type { Config } from '../../../config.ts'
import type { DB } from '../../../db/connect.ts'
import type { OAuthClient } from '../../../db/database.ts'
import type { KeyStore } from '../keys.service.ts'
import type { TokenResponse } from '../tokens.repository.ts'
import type { TokenAttempt } from '../attempts.ts'
import type { SessionStore } from '../../sessions/index.ts'
import type { AccountStore } from '../../users/index.ts'
import type { EventSink } from '../../../lib/events.ts'
import type { SignInLog } from '../sign-ins.service.ts'

export interface GrantDeps {
  db: DB
  config: Readonly<Config>
  keys: KeyStore
  log: Log
  codeKey: Buffer
  /** Decides expiry and stamps redemptions (lib/clock.ts). */
  clock: Clock
  /** Accounts found and updated by a grant (the users module's statements). */
  accounts: AccountStore
  /** Sessions a grant opens in its transaction (the sessions module's statements). */
  sessions: SessionStore
  /** user.created, for an account the exchange signs up (modules/webhooks). */
  events: EventSink
  /** The sign-in log: a grant records the outcomes it decides outside its statements (sign-ins.service.ts). */
  signIns: SignInLog
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
