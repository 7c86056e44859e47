/**
 * The console for brand admins (and platform administrators) as a Fastify plugin of its own,
 * built on the hosted pages' kit: the same cookies, CSRF key and check, error pages and
 * stylesheet (servePages). Each section's routes live in their own file, their markup in its
 * *.views.ts; console-kit.ts says how a page finds its person, Actor and tenant.
 */
import type { FastifyInstance } from 'fastify'
import { PageKit, type PageSessions, servePages } from '../pages/index.ts'
import { appRoutes } from './apps.routes.ts'
import { auditRoutes } from './audit.routes.ts'
import { brandRoutes } from './brand.routes.ts'
import { ConsoleKit, type ConsoleServices } from './console-kit.ts'
import { deviceRoutes } from './devices.routes.ts'
import { emailRoutes } from './emails.routes.ts'
import { homeRoutes } from './home.routes.ts'
import { peopleRoutes } from './people.routes.ts'
import { platformRoutes } from './platform.routes.ts'
import { sessionRoutes } from './sessions.routes.ts'

export interface ConsoleRoutesDeps {
  services: ConsoleServices
  /** The hosted pages' CSRF key and browser sessions: the console signs in and checks forms as they do. */
  csrfKey: Buffer
  sessions: PageSessions
}

export async function consoleRoutes(app: FastifyInstance, { services, csrfKey, sessions }: ConsoleRoutesDeps): Promise<void> {
  const kit = new PageKit(app, csrfKey, sessions, services.tenants)
  await servePages(app, kit)
  const ck = new ConsoleKit(app, kit, sessions, services)
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
