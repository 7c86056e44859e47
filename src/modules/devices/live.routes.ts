/**
 * The live stream: `GET /ws/ticket` -> `{ticket}`, then a WebSocket at `/ws?token=<ticket>`.
 * The client subscribes to `tenants/<tenantId>/sensors/<mac>/measurements` topics and gets
 * `{"type":"data","data":{"deviceId","sub":{"Tune":[state]},...}}` for each state the
 * device sends (the official Homey app reads exactly `data.deviceId` and `data.sub.Tune[0]`).
 *
 * Threats: the ticket (tickets.ts) stands for the token it was issued for, nothing more.
 * Each topic is checked with the same access rule as `GET /sensors/{id}` for the ticket's
 * holder; a topic the holder may not read is answered with an error naming the topic, the
 * same for a sensor that does not exist. A socket holds at most MAX_TOPICS subscriptions.
 */
import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import type { WebSocket } from 'ws'
import { AppError, unauthorized } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/schemas.ts'
import { normalizeMac } from './payload.ts'

const MAX_TOPICS = 100
const TOPIC = /^tenants\/(\d{1,9})\/sensors\/([^/]{1,40})\/measurements$/

type Send = (message: object) => void

async function subscribe(app: FastifyInstance, request: FastifyRequest, topic: string, send: Send): Promise<(() => void) | null> {
  const match = TOPIC.exec(topic)
  const tenantId = Number(match?.[1])
  const mac = match?.[2] ? normalizeMac(match[2]) : null
  const bridge = app.services.devices.bridge
  if (!mac || !bridge) {
    send({ type: 'error', data: { topic, code: 'invalid_topic', message: 'Topics are tenants/<tenantId>/sensors/<mac>/measurements.' } })
    return null
  }
  const row = await app.db.selectFrom('sensors').select('id').where('tenant_id', '=', tenantId).where('device_id', '=', mac).executeTakeFirst()
  let sensorId: number
  try {
    sensorId = (await app.services.sensors.access(request.actor, row?.id ?? 0, tenantId, 'sensors.read')).id
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'error'
    send({ type: 'error', data: { topic, code, message: 'You may not read this sensor, or it does not exist.' } })
    return null
  }
  return bridge.watch(mac, (state) =>
    send({
      type: 'data',
      data: { topic, deviceId: mac, sensorId, tenantId, time: state.time, fullData: state.fullData, sub: { Tune: [state.fullData] } },
    }),
  )
}

function serve(app: FastifyInstance, socket: WebSocket, request: FastifyRequest): void {
  const subscriptions = new Map<string, () => void>()
  const send: Send = (message) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  socket.on('message', (raw) => {
    void (async () => {
      let message: { type?: unknown; data?: { topics?: unknown } }
      try {
        message = JSON.parse(String(raw)) as typeof message
      } catch {
        return send({ type: 'error', data: { code: 'invalid_message', message: 'Messages are JSON.' } })
      }
      const list = Array.isArray(message.data?.topics) ? message.data.topics.filter((t): t is string => typeof t === 'string') : []
      if (message.type === 'unsubscribe') {
        for (const topic of list) subscriptions.get(topic)?.()
        for (const topic of list) subscriptions.delete(topic)
        return send({ type: 'unsubscribed', data: { topics: list } })
      }
      if (message.type !== 'subscribe') return send({ type: 'error', data: { code: 'invalid_message', message: 'type is subscribe or unsubscribe.' } })
      const accepted: string[] = []
      for (const topic of list) {
        if (subscriptions.has(topic)) accepted.push(topic)
        else if (subscriptions.size >= MAX_TOPICS) send({ type: 'error', data: { topic, code: 'too_many_topics', message: `At most ${MAX_TOPICS} topics.` } })
        else {
          const stop = await subscribe(app, request, topic, send)
          if (stop && socket.readyState === socket.OPEN) {
            subscriptions.set(topic, stop)
            accepted.push(topic)
          } else stop?.()
        }
      }
      send({ type: 'subscribed', data: { topics: accepted } })
    })().catch((err: unknown) => request.log.error({ err }, 'ws: message failed'))
  })
  socket.on('close', () => {
    for (const stop of subscriptions.values()) stop()
    subscriptions.clear()
  })
}

export async function liveRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  const { tickets } = app.services.devices

  app.get(
    '/ws/ticket',
    {
      schema: {
        tags: ['devices'],
        summary: 'A single-use ticket (30 s) to open the live WebSocket at /ws?token=<ticket>',
        security: [{ bearer: ['sensors:read'] }],
        response: { 200: Type.Object({ ticket: Type.String(), expiresIn: Type.Integer() }), ...errorResponses },
      },
    },
    async (request) => {
      const actor = request.actor
      if (actor.kind === 'user') {
        return tickets.issue({ userId: actor.userId, clientId: actor.clientId ?? '', sessionId: actor.sessionId, scopes: [...(actor.scopes ?? [])] })
      }
      if (actor.kind === 'client') return tickets.issue({ userId: null, clientId: actor.clientId, sessionId: null, scopes: [...actor.scopes] })
      throw unauthorized()
    },
  )

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { tags: ['devices'], summary: 'Live device state (WebSocket); see /ws/ticket', querystring: Type.Object({ token: Type.String({ maxLength: 100 }) }) },
      // before the upgrade, so a bad ticket is a plain 401 and no socket is opened
      preValidation: async (request) => {
        const token = (request.query as { token?: unknown }).token
        const holder = typeof token === 'string' ? await tickets.consume(token) : null
        // the ticket stands for the token it was traded for: the same actor, resolved as the token was
        const claims = holder
          ? { sub: holder.userId !== null ? String(holder.userId) : holder.clientId, client_id: holder.clientId, scope: holder.scopes.join(' '), ...(holder.sessionId ? { sid: holder.sessionId } : {}) }
          : null
        const actor = claims ? await app.services.sessions.actorForToken(claims) : null
        if (!actor) throw unauthorized('The ticket is invalid, used or expired; get a new one from /ws/ticket.')
        request.actor = actor
      },
    },
    (socket, request) => serve(app, socket, request),
  )
}
