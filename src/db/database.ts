/** Table types: the database as Kysely sees it. Column names are snake_case. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { DeviceCommandsTable, DeviceConflictsTable, DevicesTable, ScheduleGroupsTable, ScheduleItemsTable, ScheduleRunsTable, SensorHistoryTable, WsTicketsTable } from './device-tables.ts'

import type { LatestData } from './device-tables.ts'
import type { AuthorizationRequestsTable, DeviceAuthorizationsTable, LoginCodesTable, RefreshTokensTable, SignInsTable } from './login-tables.ts'
import type { NativeAppsTable, PasskeyPoliciesTable, WebauthnChallengesTable, WebauthnCredentialsTable, WebauthnUserHandlesTable } from './passkey-tables.ts'
import type { EmailOutboxTable, SenderVerificationsTable } from './email-tables.ts'
import type { AuditLogTable, TenantSettingsVersionsTable } from './audit-tables.ts'
import type { WebhookDeliveriesTable, WebhookEndpointsTable, WebhookEventsTable } from './webhook-tables.ts'
import type { UpstreamConnectionsTable, UpstreamIdentitiesTable, UpstreamNoncesTable, UpstreamSignInsTable } from './connection-tables.ts'
export type { WebhookDeliveryStatus } from './webhook-tables.ts'
export type { AuditEntry, SettingsVersion } from './audit-tables.ts'
export type { OutboxStatus, MailJobRow } from './email-tables.ts'
export type { LoginCode, AuthorizationRequest, DeviceAuthorization, LoginCodesTable, SignInRow } from './login-tables.ts'
export type { NativeAppsTable, PasskeyPoliciesTable, WebauthnChallengesTable, WebauthnCredentialsTable } from './passkey-tables.ts'
export type { LatestData, CommandStatus, DeviceCommand, Device } from './device-tables.ts'

import type { Json, NullableTimestamp, OptionalRef } from './column-types.ts'
export type { Json, NullableTimestamp, OptionalRef } from './column-types.ts'

export type TenantRole = 'owner' | 'admin' | 'member' | 'customer'
export type SignupPolicy = 'closed' | 'customers' | 'members'

/** A brand's text: one string (in the brand's default locale), or one per locale (BCP 47 tag -> text). */
export type LocalizedText = string | Record<string, string>

export interface EmailTypeTexts {
  subject?: LocalizedText
  title?: LocalizedText
  contentBeforeCta?: LocalizedText
  ctaLabel?: LocalizedText
  ctaLink?: LocalizedText
  contentAfterCta?: LocalizedText
  footerTitle?: LocalizedText
}

export interface EmailConfig {
  template?: { buttonColor?: string; textColor?: string }
  emailTypeConfig?: Partial<Record<'passwordReset' | 'passwordResetSuccess' | 'emailConfirmation' | 'accountDeleted', EmailTypeTexts>>
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
  /** A brand's default locale (BCP 47): its plain-string texts' language; null: English. */
  default_locale: ColumnType<string | null, string | null | undefined, string | null>
  email_config: Json<EmailConfig>
  parent_tenant_id: OptionalRef
  signup: Generated<SignupPolicy>
  /** Marked a brand by the platform (a tenant with no parent is one anyway): tenancy/brands.ts. */
  marked_brand: Generated<boolean>
  /** Domains the platform approved for this tenant's token-carrying links: tenancy/link-origins.ts. */
  link_domains: ColumnType<string[], string | undefined, string>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface UsersTable {
  id: Generated<number>
  /** The tenant the user belongs to; null for a platform user. */
  tenant_id: OptionalRef
  email: string
  username: string
  display_name: string | null
  password_hash: string | null
  email_confirmed_at: NullableTimestamp
  platform_role: 'admin' | null
  /** The account's locale (BCP 47) for emails and pages; null: not known. */
  locale: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Generated<Date>
  updated_at: Generated<Date>
  /** Blocked by the brand's admins or the platform: signs in nowhere, refreshes nothing (migration 0040). */
  blocked_at: ColumnType<Date | null, Date | null | undefined, Date | null>
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
  /** The tenant that owns the client; a client_credentials token acts for it. */
  tenant_id: OptionalRef
  /** null: off; else the access token lifetime when a token request asks for a long-lasting one. */
  long_lived_access_token_seconds: Generated<number | null>
  /** Browser origins allowed by CORS; null: the origins of the redirect URIs. */
  allowed_origins: ColumnType<string[] | null, string | null | undefined, string | null>
  /** The JWS algorithm of this client's ID tokens: RS256 (the default) or ES256. */
  id_token_signed_response_alg: Generated<'RS256' | 'ES256'>
  /** A machine client (automation): its client_credentials tokens act as its tenant's admin, or the platform's, would. */
  machine: Generated<boolean>
  created_at: Generated<Date>
}

export interface SigningKeysTable {
  kid: string
  alg: string
  /** The private JWK, sealed with the secrets key (lib/secret-box.ts); plaintext JSON before migration 0008's first start. */
  private_jwk: string
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
  /** Network (IPv4 /24, IPv6 /64) the session was opened from; null for older sessions. */
  network: ColumnType<string | null, string | null | undefined, string | null>
  /** Hosted-page sign-in sessions: SHA-256 of the cookie value, and when it ends. */
  cookie_hash: string | null
  expires_at: NullableTimestamp
  /** When the person last proved who they are (migration 0031); null: `created_at` stands in. */
  auth_time: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface AppSecretsTable {
  name: string
  /** base64url key, sealed with the secrets key (plaintext before migration 0008's first start). */
  value: string
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
  id: Generated<number>
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
  /** Live state from the device (modules/devices). */
  online: Generated<boolean>
  last_seen_at: NullableTimestamp
  latest_data: ColumnType<LatestData | null, string | null | undefined, string | null>
  connection_type: string | null
  /** The device this sensor presents (migration 0013); null for a sensor that is only a label. */
  device_ref: number | null
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

export interface InvitationsTable {
  id: Generated<number>
  tenant_id: number
  email: string
  role: Exclude<TenantRole, 'customer'>
  token_hash: string
  invited_by: number | null
  expires_at: ColumnType<Date, Date, Date>
  accepted_at: NullableTimestamp
  accepted_by: number | null
  revoked_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface PlatformCountersTable {
  counter: string
  count: number
}

export interface Database {
  webauthn_user_handles: WebauthnUserHandlesTable
  webauthn_credentials: WebauthnCredentialsTable
  webauthn_challenges: WebauthnChallengesTable
  native_apps: NativeAppsTable
  passkey_policies: PasskeyPoliciesTable
  tenants: TenantsTable
  users: UsersTable
  memberships: MembershipsTable
  oauth_clients: OAuthClientsTable
  signing_keys: SigningKeysTable
  app_secrets: AppSecretsTable
  sessions: SessionsTable
  email_outbox: EmailOutboxTable
  sender_verifications: SenderVerificationsTable
  login_codes: LoginCodesTable
  device_authorizations: DeviceAuthorizationsTable
  refresh_tokens: RefreshTokensTable
  spaces: SpacesTable
  algorithms: AlgorithmsTable
  space_algorithms: SpaceAlgorithmsTable
  sensors: SensorsTable
  tenant_counters: TenantCountersTable
  user_tokens: UserTokensTable
  invitations: InvitationsTable
  platform_counters: PlatformCountersTable
  schedule_groups: ScheduleGroupsTable
  schedule_items: ScheduleItemsTable
  schedule_runs: ScheduleRunsTable
  devices: DevicesTable
  device_conflicts: DeviceConflictsTable
  sensor_history: SensorHistoryTable
  device_commands: DeviceCommandsTable
  ws_tickets: WsTicketsTable
  authorization_requests: AuthorizationRequestsTable
  tenant_settings_versions: TenantSettingsVersionsTable
  audit_log: AuditLogTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_events: WebhookEventsTable
  webhook_deliveries: WebhookDeliveriesTable
  sign_ins: SignInsTable
  upstream_connections: UpstreamConnectionsTable
  upstream_identities: UpstreamIdentitiesTable
  upstream_sign_ins: UpstreamSignInsTable
  upstream_nonces: UpstreamNoncesTable
}

export type Tenant = Selectable<TenantsTable>
export type NewTenant = Insertable<TenantsTable>
export type TenantUpdate = Updateable<TenantsTable>
export type User = Selectable<UsersTable>
export type OAuthClient = Selectable<OAuthClientsTable>
export type OutboxMessage = Selectable<EmailOutboxTable>
export type Space = Selectable<SpacesTable>
export type Sensor = Selectable<SensorsTable>
export type Algorithm = Selectable<AlgorithmsTable>
export type SpaceAlgorithm = Selectable<SpaceAlgorithmsTable>
export type Invitation = Selectable<InvitationsTable>
export type WebhookEndpoint = Selectable<WebhookEndpointsTable>
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>
