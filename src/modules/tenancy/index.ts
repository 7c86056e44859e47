// The tenancy module's public face: what other modules may import (eslint/module-order.js).
export * from './actor.ts'
export * from './brands.ts'
export * from './email-config.ts'
export * from './link-origins.ts'
export * from './policy.ts'
export * from './resource-scope.repository.ts'
export * from './tenants.repository.ts'
export * from './signup.repository.ts'
export { memberView, tenantView } from './tenant-fields.ts'
export * from './newest-first.repository.ts'
// the shapes a tenant's settings must have: the console checks its forms against the API's own
export { UpdateTenantBody, type UpdateTenantInput } from './tenants.schemas.ts'
