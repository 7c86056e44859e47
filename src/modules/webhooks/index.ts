// The webhooks module's public face: what other modules and the wiring may import (eslint/module-order.js).
export { createWebhooksModule, type WebhookDeliveries, type WebhooksDeps, type WebhooksModule } from './module.ts'
export type { WebhooksService, EndpointView } from './webhooks.service.ts'
export { webhookDocument } from './openapi.ts'
