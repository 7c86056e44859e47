// The users module's public face: what other modules may import (eslint/module-order.js).
export { PASSWORD_POLICY, RESET_REQUESTED_MESSAGE } from './accounts.service.ts'
export { accountReads, type AccountStore, type UsersDeps, type UsersModule, createUsersModule } from './module.ts'
export type { AccountsService } from './accounts.service.ts'
export { type AccountErasure, accountErasure } from './erasure.service.ts'
export { BLOCKED_REASON, type Person, type PeopleService } from './people.service.ts'
export { PersonSchema } from './people.routes.ts'
