// The tenancy module's public face: what other modules may import (eslint/module-order.js).
export { type Actor, ANONYMOUS, auditActor, OPERATOR, SCOPES, type UserActor } from './actor.ts'
export { effectiveSignup, isBrand, lookOf, lookOfId } from './brands.ts'
export { CUSTOMISABLE_TYPES, type CustomisableType } from './email-config.ts'
export { checkLink, isLoopbackHttp, type LinkRules, linkRulesOf, normalisedLink, verifiedOrigins } from './link-origins.ts'
export { isPlatform, Policy, roleAtLeast, type TenantFilter } from './policy.ts'
export { accessResource, counted, idKeyset, keyset, listScope, scopeKey, whereTenant } from './resource-scope.repository.ts'
export { addMembership, findTenant, membershipRole, platformCount, tenantsOfUser } from './tenants.repository.ts'
export { HOME, joinOnSignup, SIGNUP, signupOpen, signupRule, signupSql } from './signup.repository.ts'
export { memberView, tenantView } from './tenant-fields.ts'
export { newestFirst } from './newest-first.repository.ts'
// the shapes a tenant's settings must have: the console checks its forms against the API's own
export { UpdateTenantBody, type UpdateTenantInput } from './tenants.schemas.ts'
