// The users module's public face: what other modules may import (eslint/module-order.js).
export { knownNetwork, pageSessionUser } from './account-sessions.repository.ts'
export { PASSWORD_POLICY, RESET_REQUESTED_MESSAGE } from './accounts.service.ts'
export { accountUnderPrefix, findOrSignUp, proveAddress } from './identity.repository.ts'
export { findUserByEmail, upgradePasswordHash } from './users.repository.ts'
export { accountReads, type UsersDeps, type UsersModule, createUsersModule } from './module.ts'
export type { AccountsService } from './accounts.service.ts'
export { type AccountErasure, accountErasure } from './erasure.service.ts'
