// The audit module's public face: what other modules may import (eslint/module-order.js).
export { AuditLog, auditView, type AuditFilters, type AuditView } from './audit.service.ts'
export { AuditEntrySchema } from './audit.routes.ts'
export { AuditErasure, DELETED_SHOWN_DAYS } from './erasure.service.ts'
export { type AuditDeps, type AuditModule, createAuditModule } from './module.ts'
