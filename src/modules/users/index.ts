// The users module's public face: what other modules may import (eslint/module-order.js).
export * from './account-sessions.repository.ts'
export * from './accounts.service.ts'
export * from './identity.repository.ts'
export * from './users.repository.ts'
