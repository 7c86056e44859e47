/** Table types of passkeys (modules/passkeys): credentials, accounts' handles, ceremonies in flight. */
import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp } from './column-types.ts'

export interface WebauthnUserHandlesTable {
  user_id: number
  handle: string
}

export interface WebauthnCredentialsTable {
  id: Generated<number>
  user_id: number
  /** The account's tenant (null: a platform account): a passkey signs in only there. */
  tenant_id: number | null
  /** base64url, as the authenticator gave it. */
  credential_id: string
  public_key: Buffer
  counter: ColumnType<string, number | string | undefined, number | string>
  transports: string[]
  aaguid: string
  name: string
  created_at: ColumnType<Date, Date, never>
  last_used_at: NullableTimestamp
}

export interface WebauthnChallengesTable {
  /** SHA-256 of the challenge, base64url. */
  challenge_hash: string
  purpose: 'register' | 'signin'
  user_id: number | null
  tenant_id: number | null
  session_id: string | null
  code_target: ColumnType<unknown, string | null | undefined, never>
  expires_at: ColumnType<Date, Date, never>
  consumed_at: NullableTimestamp
}

export interface NativeAppsTable {
  id: Generated<number>
  tenant_id: number
  platform: 'apple' | 'android'
  /** Apple: TEAMID.bundle.id; Android: the package name. */
  app_id: string
  /** Android: SHA-256 fingerprints of the signing certificates, AB:CD:... upper case. */
  fingerprints: string[]
  created_at: ColumnType<Date, Date, never>
}

export interface PasskeyPoliciesTable {
  tenant_id: number
  mode: 'off' | 'offered' | 'suggested'
  updated_at: Date
}
