// The users module's public face: what other modules may import (eslint/module-order.js).
export * from './accounts.service.ts'
export * from './identity.ts'
export * from './users.repository.ts'
