/** The spaces module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { AuditSink } from '../../lib/audit.ts'
import type { Clock } from '../../lib/clock.ts'
import type { CursorCodec } from '../../lib/pagination.ts'
import type { Policy, TenantStore } from '../tenancy/index.ts'
import { AlgorithmsService } from './algorithms.service.ts'
import { algorithmRoutes, spaceRoutes } from './spaces.routes.ts'
import { SpacesService, type SpaceContents } from './spaces.service.ts'

export interface SpacesDeps {
  db: DB
  clock: Clock
  cursors: CursorCodec
  policy: Policy
  audit: AuditSink
  /** The sensors in spaces (the sensors module's, above this one): a space with sensors is not deleted unasked. */
  contents: SpaceContents
  /** Tenants, memberships and a list's tenant filter (tenancy's store, built with the access rules). */
  tenantStore: TenantStore
}

export interface SpacesModule {
  spaces: SpacesService
  algorithms: AlgorithmsService
  /** Algorithm definitions, spaces and their algorithms. */
  routes: FastifyPluginAsync
}

export function createSpacesModule(deps: SpacesDeps): SpacesModule {
  const { db, clock, cursors, policy } = deps
  const spaces = new SpacesService(db, cursors, policy, clock, deps.contents, deps.tenantStore)
  const algorithms = new AlgorithmsService(db, spaces, policy, cursors, clock, deps.audit, deps.tenantStore)
  return {
    spaces,
    algorithms,
    routes: async (app) => {
      await app.register(algorithmRoutes, { algorithms })
      await app.register(spaceRoutes, { spaces, algorithms })
    },
  }
}
