// The dialects module's public face: routes only, over the native API's services (eslint/module-order.js).
import type { FastifyPluginAsync } from 'fastify'
import { v5Routes, type V5Deps } from './v5/index.ts'

export type DialectsDeps = V5Deps

export interface DialectsModule {
  /** The v5 dialect under V5_BASE_PATH. */
  routes: FastifyPluginAsync
}

export function createDialectsModule(deps: DialectsDeps): DialectsModule {
  return {
    routes: async (app) => {
      await app.register(v5Routes, deps)
    },
  }
}
