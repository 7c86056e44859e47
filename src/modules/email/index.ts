// The email module's public face: what other modules may import (eslint/module-order.js).
export { formatDateTime } from './dates.ts'
export { sentInLocale } from './email-locale.ts'
export { EmailService, type SendEmailInput } from './email.service.ts'
export { allowedPlaceholders, CUSTOMISABLE_TYPES, EMAIL_TYPES, type EmailType, escapeHtml } from './placeholders.ts'
export { PLATFORM_BRAND } from './renderer.ts'
// `trellis outbox list|retry`
export { OutboxService, OUTBOX_STATUSES, type OutboxEntry } from './outbox.service.ts'
export { type EmailDeps, type EmailModule, createEmailModule } from './module.ts'
export { checkEmailText } from './placeholders.ts'
export type { SenderVerification } from './sender-verification.service.ts'
export type { TenantEmailsService } from './tenant-emails.ts'
