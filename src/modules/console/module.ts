/** The console module, built from its declared dependencies (modules/index.ts composes the factories). */
import type { FastifyPluginAsync } from 'fastify'
import type { Clock } from '../../lib/clock.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import type { PageSessions } from '../pages/index.ts'
import type { ConsoleServices } from './console-kit.ts'
import { consoleRoutes } from './console.routes.ts'
import { PlatformStatus, type PlatformReads } from './platform-status.service.ts'

export interface ConsoleDeps {
  clock: Clock
  /** The signing keys and the outbox's figures, from the oauth and email modules. */
  platformReads: PlatformReads
  /** The services its pages call (the platform page's own aside). */
  services: Omit<ConsoleServices, 'platform'>
  /** The hosted pages' CSRF key and browser sessions. */
  csrfKey: Buffer
  sessions: PageSessions
  /** Seals a secret shown once on its way from a form to the page that shows it (shown-once.ts). */
  secretBox: SecretBox
}

export interface ConsoleModule {
  /** What the platform page shows: the platform's counts, keys and mail. */
  platform: PlatformStatus
  /** The console: a plugin of its own on the pages' kit (its own cookies, CSRF hook and error pages); registered after the pages. */
  routes: FastifyPluginAsync
}

export function createConsoleModule(deps: ConsoleDeps): ConsoleModule {
  const { clock, services } = deps
  const platform = new PlatformStatus(deps.platformReads, services.policy, services.tenants, clock)
  return {
    platform,
    routes: async (app) => {
      await app.register(consoleRoutes, { services: { ...services, platform }, csrfKey: deps.csrfKey, sessions: deps.sessions, clock, secretBox: deps.secretBox })
    },
  }
}
