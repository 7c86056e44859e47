// The oauth module's public face: what other modules may import (eslint/module-order.js).
export * from './clients.service.ts'
export * from './keys.ts'
export * from './login-code-job.ts'
export * from './login-codes.ts'
export * from './oidc.ts'
export * from './passwordless.service.ts'
export * from './pkce.ts'
export * from './scopes.ts'
