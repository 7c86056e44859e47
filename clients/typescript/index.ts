/**
 * A typed client for the Trellis API: openapi-fetch over the types that openapi-typescript
 * generates from the API document (schema.ts, regenerated with `npm run client:generate`).
 * Paths, parameters, bodies and responses are checked by the compiler:
 *
 *   const trellis = createTrellisClient({ baseUrl: 'http://localhost:3000', accessToken })
 *   const { data, error } = await trellis.GET('/v4/sensors', { params: { query: { limit: 50 } } })
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch'
// `.js`, as published: the package's declarations name the file the build emits (dist/schema.d.ts)
import type { components, operations, paths } from './schema.js'

export type { components, operations, paths }
/** The named schemas of the API: `Schemas['Sensor']`, `Schemas['Error']`, ... */
export type Schemas = components['schemas']

export type AccessToken = string | (() => string | undefined | Promise<string | undefined>)

export interface TrellisClientOptions extends ClientOptions {
  /** A bearer access token, or a function giving the current one (e.g. after a refresh). */
  accessToken?: AccessToken
}

export type TrellisClient = Client<paths>

export function createTrellisClient({ accessToken, ...options }: TrellisClientOptions): TrellisClient {
  const client = createClient<paths>(options)
  if (accessToken !== undefined) {
    client.use({
      async onRequest({ request }) {
        const token = typeof accessToken === 'function' ? await accessToken() : accessToken
        if (token) request.headers.set('authorization', `Bearer ${token}`)
        return request
      },
    })
  }
  return client
}
