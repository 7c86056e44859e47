/**
 * HTTP hooks for an EMQX cluster, in the shapes of EMQX 5's HTTP authenticator and HTTP
 * authorizer: EMQX POSTs JSON built from its placeholders, and reads `{"result": "allow" |
 * "deny" | "ignore", "is_superuser": false}` from a 200 response. Configure EMQX with
 *   authentication: POST <trellis>/mqtt/auth  body {"username":"${username}","password":"${password}","clientid":"${clientid}"}
 *   authorization:  POST <trellis>/mqtt/acl   body {"username":"${username}","clientid":"${clientid}","topic":"${topic}","action":"${action}"}
 * and the header `x-trellis-hook-secret: <MQTT_HOOK_SECRET>` on both.
 *
 * Threats: these endpoints answer "may this client connect / use this topic", so they are
 * only served when MQTT_HOOK_SECRET is set, and only to a caller that presents it (compared
 * in constant time); anyone else gets 401. Devices get the same rules as on the embedded
 * broker (device-auth.service.ts): a device's client id must carry its own MAC, so a holder cannot
 * take another device's session (EMQX, like any broker, ends the older session of a client
 * id), and the ACL hook denies a session whose client id is not its device's. A username or client id that is not a MAC is not a device: the
 * answer is `ignore`, so EMQX's next authenticator (e.g. its built-in database holding the
 * Trellis bridge's account) decides. Nobody is ever made superuser here.
 */
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { safeEqual } from '../../lib/crypto.ts'
import { unauthorized } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/schemas.ts'
import type { DeviceAuth } from './device-auth.service.ts'

const Result = Type.Object({ result: Type.Union([Type.Literal('allow'), Type.Literal('deny'), Type.Literal('ignore')]), is_superuser: Type.Boolean() })
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }))

export async function emqxRoutes(parent: FastifyInstance, { auth }: { auth: DeviceAuth }): Promise<void> {
  const secret = parent.config.mqtt.hookSecret
  if (!secret) return
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()

  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-trellis-hook-secret']
    if (typeof given !== 'string' || !safeEqual(given, secret)) throw unauthorized('The x-trellis-hook-secret header is missing or wrong.')
  })

  app.post(
    '/mqtt/auth',
    {
      schema: {
        tags: ['devices'],
        summary: 'EMQX HTTP authentication hook (x-trellis-hook-secret)',
        body: Type.Object({ username: Text(200), password: Text(200), clientid: Text(200) }),
        response: { 200: Result, ...errorResponses },
      },
    },
    async (request) => {
      const { username, password, clientid = '' } = request.body
      const who = await auth.identify(username, clientid)
      if (who === 'unknown') return { result: 'ignore' as const, is_superuser: false }
      const ok = username ? (await auth.authenticate(username, password, clientid))?.kind === 'device' : who !== null
      return { result: ok ? ('allow' as const) : ('deny' as const), is_superuser: false }
    },
  )

  app.post(
    '/mqtt/acl',
    {
      schema: {
        tags: ['devices'],
        summary: 'EMQX HTTP authorization hook (x-trellis-hook-secret)',
        body: Type.Object({ username: Text(200), clientid: Text(200), topic: Type.String({ maxLength: 1000 }), action: Type.String({ maxLength: 20 }) }),
        response: { 200: Result, ...errorResponses },
      },
    },
    async (request) => {
      const { username, clientid = '', topic, action } = request.body
      const who = await auth.identify(username, clientid)
      if (who === 'unknown') return { result: 'ignore' as const, is_superuser: false }
      const allowed = who !== null && (action === 'publish' || action === 'subscribe') && auth.allowed(who, action, topic)
      return { result: allowed ? ('allow' as const) : ('deny' as const), is_superuser: false }
    },
  )
}
