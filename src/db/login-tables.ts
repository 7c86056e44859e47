/** Table types of signing in: login codes, hosted-page authorization requests, refresh tokens. */
import type { ColumnType, Generated, Selectable } from 'kysely'
import type { NullableTimestamp } from './column-types.ts'

export interface LoginCodesTable {
  id: Generated<number>
  code_hash: string
  client_id: string
  redirect_uri: string
  code_challenge: string | null
  code_challenge_method: 'S256' | 'plain' | null
  email: string
  tenant_id: number | null
  failed_attempts: Generated<number>
  expires_at: ColumnType<Date, Date, Date>
  consumed_at: NullableTimestamp
  /** The address (lib/network.ts) that redeemed the code: tells a duplicate from a replay. */
  consumed_address: ColumnType<string | null, string | null | undefined, string | null>
  session_id: string | null
  /** OpenID Connect: the scope asked at the authorization endpoint, its nonce, and when the address was proved. */
  scope: string | null
  nonce: string | null
  auth_time: NullableTimestamp
  created_at: Generated<Date>
  /** Address and network that asked for the code (lib/network.ts). */
  requested_address: ColumnType<string | null, string | null | undefined, string | null>
  requested_network: ColumnType<string | null, string | null | undefined, string | null>
  /** The hosted-page authorization the code was mailed for, if any. */
  authorization_request_id: ColumnType<string | null, string | null | undefined, string | null>
  /** The locale the code was asked in (lib/locale.ts): an account the exchange signs up gets it. */
  locale: ColumnType<string | null, string | null | undefined, string | null>
}

export interface AuthorizationRequestsTable {
  id: string
  browser_hash: string
  client_id: string | null
  redirect_uri: string
  state: string | null
  scope: string | null
  nonce: string | null
  code_challenge: string | null
  code_challenge_method: 'S256' | 'plain' | null
  tenant_id: number | null
  email: string | null
  failed_attempts: Generated<number>
  expires_at: ColumnType<Date, Date, Date>
  completed_at: NullableTimestamp
  created_at: Generated<Date>
  /** The locale the sign-in was started in (`ui_locales`, else Accept-Language): its codes carry it. */
  locale: ColumnType<string | null, string | null | undefined, string | null>
}

export interface RefreshTokensTable {
  id: Generated<number>
  token_hash: string
  session_id: string
  expires_at: ColumnType<Date, Date, Date>
  used_at: NullableTimestamp
  created_at: Generated<Date>
  /** The token this one was rotated from (a retried refresh rotates again from it); none for a session's first. */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>
}

export type LoginCode = Selectable<LoginCodesTable>
export type AuthorizationRequest = Selectable<AuthorizationRequestsTable>

/** A device authorization request (RFC 8628): codes as hashes, the decision, the polling. */
export interface DeviceAuthorizationsTable {
  id: Generated<number>
  device_code_hash: string
  user_code_hash: string
  client_id: string
  tenant_id: number | null
  scope: string
  interval_seconds: number
  expires_at: ColumnType<Date, Date, Date>
  last_polled_at: NullableTimestamp
  status: ColumnType<'pending' | 'approved' | 'denied', 'pending' | 'approved' | 'denied' | undefined, 'pending' | 'approved' | 'denied'>
  user_id: ColumnType<number | null, number | null | undefined, number | null>
  auth_time: NullableTimestamp
  decided_at: NullableTimestamp
  consumed_at: NullableTimestamp
  created_at: ColumnType<Date, Date, never>
}
export type DeviceAuthorization = Selectable<DeviceAuthorizationsTable>

/** The sign-in log (migration 0040): an attempt and its outcome; never a code or a token. */
export interface SignInsTable {
  id: Generated<number>
  at: ColumnType<Date, Date, Date>
  /** The account's tenant (null: a platform account), else the tenant the attempt was made under or its app's. */
  tenant_id: number | null
  user_id: number | null
  /** The address the attempt named, normalized; null where none was (a code that matched nothing). */
  email: string | null
  client_id: string | null
  /** IPv4 /24 or IPv6 /48 (lib/network.ts signInNetwork). */
  network: string | null
  outcome: string
  /** Which limit held a code back; null for other outcomes. */
  detail: string | null
}
export type SignInRow = Selectable<SignInsTable>
