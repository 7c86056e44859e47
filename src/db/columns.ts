/**
 * Every column of a table by name, for the statements that are prepared
 * (./prepared.ts): they name their result columns instead of `select *`, so that a
 * column added by a migration under a running instance leaves their result type alone.
 * Each list is checked against its table's type: a column added to the table and not to
 * its list fails to compile.
 */
import type { LoginCodesTable } from './login-tables.ts'
import type { UsersTable } from './database.ts'

export const USER_COLUMNS = [
  'id', 'tenant_id', 'email', 'username', 'display_name', 'password_hash', 'email_confirmed_at', 'platform_role', 'created_at', 'updated_at', 'locale', 'blocked_at',
] as const satisfies readonly (keyof UsersTable)[]
const _everyUserColumn: Exclude<keyof UsersTable, (typeof USER_COLUMNS)[number]> extends never ? true : false = true

export const LOGIN_CODE_COLUMNS = [
  'id', 'code_hash', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'email', 'tenant_id',
  'failed_attempts', 'expires_at', 'consumed_at', 'consumed_address', 'session_id', 'scope', 'nonce', 'auth_time', 'created_at',
  'requested_address', 'requested_network', 'authorization_request_id', 'locale',
] as const satisfies readonly (keyof LoginCodesTable)[]
const _everyLoginCodeColumn: Exclude<keyof LoginCodesTable, (typeof LOGIN_CODE_COLUMNS)[number]> extends never ? true : false = true
