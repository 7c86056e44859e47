/**
 * The v5 dialect: the second wire format of the platform Trellis follows, for the apps
 * written against it. Routes only, mounted under V5_BASE_PATH (default /v5), so such an app
 * points its base URL at `<PUBLIC_URL>/v5` and changes nothing else. Every route calls the
 * same services as the native API; errors go out in the v5 envelope (envelope.ts).
 */
import type { FastifyInstance } from 'fastify'
import { v5AuthRoutes, type V5AuthRoutesDeps } from './auth.routes.ts'
import { v5ErrorHandler, v5NotFoundHandler } from './envelope.ts'
import { v5SensorRoutes, type V5SensorRoutesDeps } from './sensors.routes.ts'

/** What the v5 routes call: the native API's own services. */
export type V5Deps = V5AuthRoutesDeps & V5SensorRoutesDeps

export async function v5Routes(app: FastifyInstance, deps: V5Deps): Promise<void> {
  await app.register(
    async (v5) => {
      v5.setErrorHandler(v5ErrorHandler)
      v5.setNotFoundHandler(v5NotFoundHandler)
      await v5.register(v5AuthRoutes, deps)
      await v5.register(v5SensorRoutes, deps)
    },
    { prefix: app.config.v5.basePath },
  )
}
