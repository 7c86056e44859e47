/**
 * The statements of the modules below that the sign-in pages run in their own flow: login codes
 * (oauth), accounts (users), sessions (sessions) and tenants (tenancy). Each owner's factory builds its store; the
 * wiring passes them in, so the pages never import another module's repository.
 */
import type { LoginCodeStore } from '../oauth/index.ts'
import type { SessionStore } from '../sessions/index.ts'
import type { TenantStore } from '../tenancy/index.ts'
import type { AccountStore } from '../users/index.ts'

export interface PageStores {
  codes: LoginCodeStore
  accounts: AccountStore
  sessions: SessionStore
  tenants: TenantStore
}
