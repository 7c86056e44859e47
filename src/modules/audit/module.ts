/** The audit module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { CursorCodec } from '../../lib/pagination.ts'
import type { Policy } from '../tenancy/index.ts'
import { auditRoutes } from './audit.routes.ts'
import { AuditLog } from './audit.service.ts'

export interface AuditDeps {
  db: DB
  policy: Policy
  cursors: CursorCodec
  clock: Clock
}

export interface AuditModule {
  /** Every service records its admin actions through it. */
  audit: AuditLog
  routes: FastifyPluginAsync
}

export function createAuditModule(deps: AuditDeps): AuditModule {
  const audit = new AuditLog(deps.db, deps.policy, deps.cursors, deps.clock)
  return {
    audit,
    routes: async (app) => {
      await app.register(auditRoutes, { audit })
    },
  }
}
