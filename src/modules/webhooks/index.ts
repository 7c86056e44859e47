// The webhooks module's public face: what other modules and the wiring may import (eslint/module-order.js).
export { createWebhooksModule, type WebhookDeliveries, type WebhooksDeps, type WebhooksModule } from './module.ts'
export type { WebhooksService, EndpointView } from './webhooks.service.ts'
export { webhookDocument } from './openapi.ts'
// Where the platform may send a request (https, public addresses only): upstream sign-in providers follow the same rule.
export { checkTarget, parseTarget, resolveTarget, systemResolver, TargetRefused, type Resolver, type TargetRules } from './targets.ts'
