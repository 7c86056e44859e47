// The email module's public face: what other modules may import (eslint/module-order.js).
export * from './dates.ts'
export * from './email.service.ts'
export * from './placeholders.ts'
export * from './renderer.ts'
export { purgeSentMail } from './outbox.repository.ts'
export { outboxCountsByStatus, outboxStats } from './outbox.repository.ts'
// `trellis outbox list|retry`
export { OutboxService, OUTBOX_STATUSES, type OutboxEntry } from './outbox.service.ts'
