// The connections module's public face: what other modules and the wiring may import (eslint/module-order.js).
export { createConnectionsModule, type ConnectionsDeps, type ConnectionsModule } from './module.ts'
export type { ConnectionsService, ConnectionView } from './connections.service.ts'
export { Create as ConnectionSchema } from './connections.routes.ts'
export type { CallbackOutcome, LinkedIdentity, OfferedConnection, UpstreamSignIn } from './signin.service.ts'
