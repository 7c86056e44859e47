/** Table types: the database as Kysely sees it. Column names are snake_case. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
/** jsonb: read as a value, written as its JSON text (pg would turn arrays into Postgres arrays). */
type Json<T> = ColumnType<T, string, string>

export type TenantRole = 'owner' | 'admin' | 'member'

export interface EmailTypeTexts {
  subject?: string
  title?: string
  contentBeforeCta?: string
  ctaLabel?: string
  ctaLink?: string
  contentAfterCta?: string
  footerTitle?: string
}

export interface EmailConfig {
  template?: { buttonColor?: string; textColor?: string }
  emailTypeConfig?: Partial<Record<'passwordReset' | 'passwordResetSuccess' | 'emailConfirmation', EmailTypeTexts>>
}

export interface TenantsTable {
  id: Generated<number>
  name: string
  email_address: string | null
  address: string | null
  phone_number: string | null
  logo_url: string | null
  zip_code: string | null
  country_code: string | null
  sender_email: string | null
  time_zone: string | null
  email_config: Json<EmailConfig>
  allow_signup: Generated<boolean>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface UsersTable {
  id: Generated<number>
  email: string
  username: string
  display_name: string | null
  password_hash: string | null
  email_confirmed_at: NullableTimestamp
  platform_role: 'admin' | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface MembershipsTable {
  tenant_id: number
  user_id: number
  role: TenantRole
  created_at: Generated<Date>
}

export interface OAuthClientsTable {
  id: Generated<number>
  client_id: string
  secret_hash: string | null
  name: string
  is_public: boolean
  redirect_uris: Json<string[]>
  grant_types: Json<string[]>
  scopes: Json<string[]>
  created_at: Generated<Date>
}

export interface SigningKeysTable {
  kid: string
  alg: string
  private_jwk: Json<Record<string, unknown>>
  public_jwk: Json<Record<string, unknown>>
  created_at: Generated<Date>
  /** When set, the key no longer signs; it still verifies until tokens it signed expire. */
  retired_at: NullableTimestamp
}

export interface SessionsTable {
  id: string
  user_id: number | null
  client_id: string
  tenant_id: number | null
  scope: Generated<string>
  created_at: Generated<Date>
  revoked_at: NullableTimestamp
  revoked_reason: string | null
}

export interface AppSecretsTable {
  name: string
  value: string
  created_at: Generated<Date>
}

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'mailbox'

export interface EmailOutboxTable {
  id: Generated<number>
  type: string
  tenant_id: number | null
  to_address: string
  from_name: string
  from_address: string
  subject: string
  html: string
  text: string
  status: OutboxStatus
  attempts: Generated<number>
  max_attempts: number
  next_attempt_at: Generated<Date>
  locked_until: NullableTimestamp
  last_error: string | null
  created_at: Generated<Date>
  sent_at: NullableTimestamp
}

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
  session_id: string | null
  created_at: Generated<Date>
}

export interface RefreshTokensTable {
  id: Generated<number>
  token_hash: string
  session_id: string
  expires_at: ColumnType<Date, Date, Date>
  used_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface SpacesTable {
  id: Generated<number>
  tenant_id: number
  parent_id: number | null
  name: string
  description: string | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface AlgorithmsTable {
  key_name: string
  name: string
  description: Generated<string>
  options_schema: Json<Record<string, unknown>>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface SpaceAlgorithmsTable {
  space_id: number
  key_name: string
  tenant_id: number
  options: Json<Record<string, unknown>>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface SensorsTable {
  id: Generated<number>
  tenant_id: number
  device_id: string
  name: string
  display_name: string | null
  type: string
  space_id: number | null
  metadata: Json<Record<string, unknown>>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface TenantCountersTable {
  tenant_id: number
  counter: string
  count: number
}

export interface UserTokensTable {
  id: Generated<number>
  user_id: number
  kind: 'emailConfirmation' | 'passwordReset'
  token_hash: string
  expires_at: ColumnType<Date, Date, Date>
  used_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface Database {
  tenants: TenantsTable
  users: UsersTable
  memberships: MembershipsTable
  oauth_clients: OAuthClientsTable
  signing_keys: SigningKeysTable
  app_secrets: AppSecretsTable
  sessions: SessionsTable
  email_outbox: EmailOutboxTable
  login_codes: LoginCodesTable
  refresh_tokens: RefreshTokensTable
  spaces: SpacesTable
  algorithms: AlgorithmsTable
  space_algorithms: SpaceAlgorithmsTable
  sensors: SensorsTable
  tenant_counters: TenantCountersTable
  user_tokens: UserTokensTable
}

export type Tenant = Selectable<TenantsTable>
export type NewTenant = Insertable<TenantsTable>
export type TenantUpdate = Updateable<TenantsTable>
export type User = Selectable<UsersTable>
export type OAuthClient = Selectable<OAuthClientsTable>
export type OutboxMessage = Selectable<EmailOutboxTable>
export type LoginCode = Selectable<LoginCodesTable>
export type Space = Selectable<SpacesTable>
export type Sensor = Selectable<SensorsTable>
export type Algorithm = Selectable<AlgorithmsTable>
export type SpaceAlgorithm = Selectable<SpaceAlgorithmsTable>
