// The sessions module's public face: what other modules may import (eslint/module-order.js).
export { MailLimits } from './mail-limits.ts'
export { type ProfileTenant, revokeSessions, type SessionUser, type UserProfile } from './sessions.service.ts'
export { type MemberSession } from './member-sessions.service.ts'
export { type SessionsDeps, type SessionsModule, type SessionStore, createSessionsModule } from './module.ts'
export type { SessionsService, SessionLookups } from './sessions.service.ts'
export type { MemberSessions } from './member-sessions.service.ts'
