/** The privacy module: a person leaves, or takes a copy of their data (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import { AccountDeletion, type DeletionDeps } from './deletion.service.ts'
import { AccountExport, type ExportDeps } from './export.service.ts'
import { privacyRoutes } from './privacy.routes.ts'

export type PrivacyDeps = Omit<DeletionDeps, 'sessions'> & Omit<ExportDeps, 'sessions'> & { sessions: DeletionDeps['sessions'] & ExportDeps['sessions'] }

export interface PrivacyModule {
  deletion: AccountDeletion
  exporter: AccountExport
  /** DELETE /users/current and GET /users/current/export, also under /tenants/{tenantId}. */
  routes: FastifyPluginAsync
}

export function createPrivacyModule(deps: PrivacyDeps): PrivacyModule {
  const deletion = new AccountDeletion(deps)
  const exporter = new AccountExport(deps)
  return {
    deletion,
    exporter,
    routes: async (app) => {
      await app.register(privacyRoutes, { deletion, exporter })
    },
  }
}
