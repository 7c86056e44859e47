/** Table types of upstream connections (modules/connections): providers, linked identities, round trips in flight. */
import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp } from './column-types.ts'

export type ConnectionKind = 'oidc' | 'google' | 'apple'

export interface UpstreamConnectionsTable {
  id: Generated<number>
  /** The brand offering it; null: the platform's, offered at every brand. */
  tenant_id: number | null
  kind: ConnectionKind
  name: string
  issuer: string
  client_id: string
  /** Sealed (lib/secret-box.ts) under `upstream_connections:<id>:secret`; null for Apple. */
  client_secret: string | null
  apple_team_id: string | null
  apple_key_id: string | null
  /** The ES256 private key (PKCS#8 PEM), sealed under `upstream_connections:<id>:key`. */
  apple_private_key: string | null
  /** Space-separated. */
  scopes: string
  /** Native apps' client ids, accepted as an ID token's audience at the token exchange besides client_id. */
  app_ids: ColumnType<string[], string[] | undefined, string[]>
  enabled: Generated<boolean>
  created_at: ColumnType<Date, Date, never>
  updated_at: Date
}

export interface UpstreamIdentitiesTable {
  id: Generated<number>
  connection_id: number
  subject: string
  user_id: number
  tenant_id: number | null
  email: string | null
  created_at: ColumnType<Date, Date, never>
  last_used_at: NullableTimestamp
}

export interface UpstreamSignInsTable {
  state_hash: string
  connection_id: number
  authorization_request_id: string
  /** The tenant the sign-in is under (null: the platform): the account is found or made there. */
  tenant_id: number | null
  browser_hash: string
  nonce: string
  /** Sealed under `upstream_sign_ins:<state_hash>`. */
  code_verifier: string
  upstream_user: string | null
  expires_at: ColumnType<Date, Date, never>
  used_at: NullableTimestamp
  pending_subject: string | null
  pending_email: string | null
}

export interface UpstreamNoncesTable {
  /** SHA-256 of the nonce, hex. */
  nonce_hash: string
  client_id: string
  expires_at: ColumnType<Date, Date, never>
  used_at: NullableTimestamp
}
