/** The audit module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { CursorCodec } from '../../lib/pagination.ts'
import type { Policy } from '../tenancy/index.ts'
import { auditRoutes } from './audit.routes.ts'
import { AuditLog } from './audit.service.ts'
import { AuditErasure } from './erasure.service.ts'

export interface AuditDeps {
  db: DB
  policy: Policy
  cursors: CursorCodec
  clock: Clock
}

export interface AuditModule {
  /** Every service records its admin actions through it. */
  audit: AuditLog
  /** A leaving person's entries: their copy, their pseudonym, and the brand's list of deleted accounts. */
  erasure: AuditErasure
  routes: FastifyPluginAsync
}

export function createAuditModule(deps: AuditDeps): AuditModule {
  const audit = new AuditLog(deps.db, deps.policy, deps.cursors, deps.clock)
  return {
    audit,
    erasure: new AuditErasure(deps.db, deps.policy, deps.clock),
    routes: async (app) => {
      await app.register(auditRoutes, { audit })
    },
  }
}
