// The privacy module's public face: what other modules may import (eslint/module-order.js).
export type { AccountDeletion, Deleted } from './deletion.service.ts'
export { EXPORT_FORMAT, type AccountDocument, type AccountExport } from './export.service.ts'
export { AccountExportSchema } from './privacy.routes.ts'
export { type PrivacyDeps, type PrivacyModule, createPrivacyModule } from './module.ts'
