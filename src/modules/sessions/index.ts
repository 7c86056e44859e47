// The sessions module's public face: what other modules may import (eslint/module-order.js).
export * from './mail-limits.ts'
export * from './sessions.repository.ts'
export * from './sessions.service.ts'
export * from './member-sessions.service.ts'
