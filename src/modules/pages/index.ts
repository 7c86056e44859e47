// The pages module's public face: its services and their types (eslint/module-order.js).
export * from './authorize.service.ts'
export * from './invitation-signin.ts'
export * from './page-sessions.ts'
export { purgeExpiredAuthorizations } from './authorization-requests.repository.ts'
