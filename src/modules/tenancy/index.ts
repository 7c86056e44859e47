// The tenancy module's public face: what other modules may import (eslint/module-order.js).
export { type Actor, ANONYMOUS, auditActor, MACHINE_SCOPES, OPERATOR, SCOPES, type UserActor } from './actor.ts'
export { effectiveSignup, isBrand, lookOf, lookOfId } from './brands.ts'
export { CUSTOMISABLE_TYPES, type CustomisableType } from './email-config.ts'
export { checkLink, isLoopbackHttp, type LinkRules, linkRulesOf, normalisedLink, verifiedOrigins } from './link-origins.ts'
export { isPlatform, Policy, roleAtLeast, type TenantFilter } from './policy.ts'
// the policy's answer for one tenant-owned resource, and a list's tenant filter (no SQL: the store applies the filter)
export { accessResource, listScope, scopeKey } from './resource-access.ts'
// the sign-up rule, and the SQL built from it for the login exchange's one statement
export { HOME, SIGNUP, signupOpen, signupRule, signupSql } from './signup.rule.ts'
export { memberView, tenantView } from './tenant-fields.ts'
export { type LeavingTenant, type TenantLeaving, tenantLeaving } from './leaving.service.ts'
// the shapes a tenant's settings must have: the console checks its forms against the API's own
export { ChangeRoleBody, InviteBody, UpdateTenantBody, type UpdateTenantInput } from './tenants.schemas.ts'

// The module, built (modules/index.ts composes the factories). The access rules come first: every
// module's services decide through the policy, the audit log among them; the tenancy services
// themselves need the audit log and mail, from modules above this one, which the wiring passes in.
export { type TenancyAccess, type TenantStore, type TenancyAccessDeps, createTenancyAccess, type TenancyDeps, type TenancyModule, createTenancyModule } from './module.ts'
export type { TenantsService } from './tenants.service.ts'
export type { InvitationsService } from './invitations.service.ts'
export type { SettingsHistory } from './settings-history.service.ts'
