/**
 * The console for brand admins (and platform administrators) as a Fastify plugin of its own,
 * built on the hosted pages' kit: the same cookies, CSRF key and check, error pages and
 * stylesheet (servePages). Each section's routes live in their own file, their markup in its
 * *.views.ts; console-kit.ts says how a page finds its person, Actor and tenant.
 */
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import { appErrors } from '../../lib/errors.ts'
import { registerScoped } from '../../lib/scope.ts'
import { PageKit, type PageSessions, servePages } from '../pages/index.ts'
import { appRoutes } from './apps.routes.ts'
import { auditRoutes } from './audit.routes.ts'
import { brandRoutes } from './brand.routes.ts'
import { ConsoleKit, type ConsoleServices } from './console-kit.ts'
import { deviceRoutes } from './devices.routes.ts'
import { emailRoutes } from './emails.routes.ts'
import { Flash } from './flash.ts'
import { consoleText } from './i18n.ts'
import { homeRoutes } from './home.routes.ts'
import { peopleRoutes } from './people.routes.ts'
import { personRoutes } from './person.routes.ts'
import { signInRoutes } from './sign-ins.routes.ts'
import { platformRoutes } from './platform.routes.ts'
import { sessionRoutes } from './sessions.routes.ts'
import { ShownOnce } from './shown-once.ts'
import { passkeyRoutes } from './passkeys.routes.ts'
import { providerRoutes } from './providers.routes.ts'
import { platformProviderRoutes } from './platform-providers.routes.ts'
import { webhookRoutes } from './webhooks.routes.ts'

export interface ConsoleRoutesDeps {
  services: ConsoleServices
  /** The hosted pages' CSRF key and browser sessions: the console signs in and checks forms as they do. */
  csrfKey: Buffer
  sessions: PageSessions
  /** The time a form's sentence is left for its page (flash.ts). */
  clock: Clock
  /** Seals a secret shown once on its way to its page (shown-once.ts). */
  secretBox: SecretBox
}

export async function consoleRoutes(app: FastifyInstance, { services, csrfKey, sessions, clock, secretBox }: ConsoleRoutesDeps): Promise<void> {
  const kit = new PageKit(app, csrfKey, sessions, services.tenants)
  const ck = new ConsoleKit(app, kit, sessions, services, new Flash(csrfKey, clock, kit.names), new ShownOnce(secretBox, clock, kit.names))
  // errors of the console's URLs are pages in its own layout, for a signed-in person
  await servePages(app, kit, (request, reply, status, text, t) => ck.errorPage(request, reply, status, text, t))
  // a console URL that names no page is a page saying so, never the API's JSON (and a form
  // posted to one is told so too: there is nothing its CSRF token would protect)
  const missing = { schema: { hide: true }, config: { csrf: 'own' as const } }
  registerScoped(app, (scoped) => {
    scoped.route({ method: ['GET', 'POST'], url: '/console/*', ...missing, handler: async () => {
      throw appErrors.not_found(consoleText.text('shell.notFound'))
    } })
  })
  homeRoutes(app, ck)
  brandRoutes(app, ck)
  emailRoutes(app, ck)
  peopleRoutes(app, ck)
  personRoutes(app, ck)
  signInRoutes(app, ck)
  sessionRoutes(app, ck)
  appRoutes(app, ck)
  deviceRoutes(app, ck)
  webhookRoutes(app, ck)
  passkeyRoutes(app, ck)
  providerRoutes(app, ck)
  platformProviderRoutes(app, ck)
  auditRoutes(app, ck)
  platformRoutes(app, ck)
}
