/**
 * The console for brand admins (and platform administrators), as part of the hosted pages'
 * plugin: the same cookies, CSRF key, error pages and stylesheet. Each section's routes live
 * in their own file; console-kit.ts says how a page finds its person, Actor and tenant.
 */
import type { FastifyInstance } from 'fastify'
import type { PageKit } from '../kit.ts'
import type { PageSessions } from '../page-sessions.ts'
import { appRoutes } from './apps.routes.ts'
import { auditRoutes } from './audit.routes.ts'
import { brandRoutes } from './brand.routes.ts'
import { ConsoleKit } from './console-kit.ts'
import { deviceRoutes } from './devices.routes.ts'
import { emailRoutes } from './emails.routes.ts'
import { homeRoutes } from './home.routes.ts'
import { peopleRoutes } from './people.routes.ts'
import { platformRoutes } from './platform.routes.ts'
import { sessionRoutes } from './sessions.routes.ts'

export function consoleRoutes(app: FastifyInstance, kit: PageKit, sessions: PageSessions): void {
  const ck = new ConsoleKit(app, kit, sessions)
  homeRoutes(app, ck)
  brandRoutes(app, ck)
  emailRoutes(app, ck)
  peopleRoutes(app, ck)
  sessionRoutes(app, ck)
  appRoutes(app, ck)
  deviceRoutes(app, ck)
  auditRoutes(app, ck)
  platformRoutes(app, ck)
}
