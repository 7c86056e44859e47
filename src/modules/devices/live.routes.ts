/**
 * The live stream: `GET /ws/ticket` -> `{ticket}`, then a WebSocket at `/ws?token=<ticket>`.
 * The client subscribes to `tenants/<tenantId>/sensors/<mac>/measurements` topics and gets
 * `{"type":"data","data":{"deviceId","sub":{"Tune":[state]},...}}` for each state the
 * device sends (the official Homey app reads exactly `data.deviceId` and `data.sub.Tune[0]`).
 *
 * Threats: the ticket (tickets.service.ts) stands for the token it was issued for, nothing more.
 * Each topic is checked with the same access rule as `GET /sensors/{id}` for the ticket's
 * holder, and names a device through its record: the tenant's sensor that presents the
 * device with that MAC (a sensor that merely carries the MAC as its deviceId presents
 * nothing). A topic the holder may not read is answered with an error naming the topic, the
 * same for a sensor that does not exist. A socket holds at most MAX_TOPICS subscriptions.
 *
 * Access that ends, ends here too: every access change (db/access-changes.ts: a member
 * removed, a session or client revoked, a device released or moved, a tenant deleted) is
 * heard on every instance, and each socket it may concern is re-checked as if it had just
 * connected: a holder whose token no longer stands gets the socket closed (4403), a topic
 * no longer readable an `unsubscribed` event with reason `access_ended`. A socket's messages
 * and re-checks run one at a time, so a subscribe checked just before a change is re-checked
 * after it.
 */
import websocket from '@fastify/websocket'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { JWTPayload } from 'jose'
import Type from 'typebox'
import type { WebSocket } from 'ws'
import type { AccessChange } from '../../db/access-changes.ts'
import { LIVE_ERRORS } from '../../lib/error-catalog.ts'
import { AppError, LIVE_CODE, unauthorized } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/schemas.ts'
import type { Actor } from '../tenancy/index.ts'
import type { SensorsService } from '../sensors/index.ts'
import type { Devices } from './devices.ts'
import { normalizeMac } from './payload.ts'

const MAX_TOPICS = 100
const TOPIC = /^tenants\/(\d{1,9})\/sensors\/([^/]{1,40})\/measurements$/
/** Close code for a socket whose holder's access ended (4000-4999: the application's own). */
export const ACCESS_ENDED = 4403

type Send = (message: object) => void

export interface LiveDeps {
  devices: Devices
  sensors: SensorsService
  /** The actor a ticket's token stands for, resolved again on every re-check (the sessions module). */
  sessions: { actorForToken(payload: JWTPayload): Promise<Actor | null> }
}

interface Subscription {
  stop: () => void
  tenantId: number
  deviceRef: number
}

interface Live {
  socket: WebSocket
  actor: Actor
  /** The token the ticket stands for, resolved again on every re-check. */
  claims: JWTPayload
  subscriptions: Map<string, Subscription>
  send: Send
  /** Messages and re-checks, one at a time. */
  queue: Promise<void>
}

type Resolved = { tenantId: number; mac: string; sensorId: number; deviceRef: number } | { code: string; message: string }

/** The device a topic names for this actor, or why not. */
async function resolveTopic(deps: LiveDeps, actor: Actor, topic: string): Promise<Resolved> {
  const match = TOPIC.exec(topic)
  const tenantId = Number(match?.[1])
  const mac = match?.[2] ? normalizeMac(match[2]) : null
  if (!mac || !deps.devices.bridge) return { code: LIVE_CODE.invalid_topic, message: LIVE_ERRORS.invalid_topic.message }
  const row = await deps.devices.sensorOfDevice(tenantId, mac)
  try {
    const sensor = await deps.sensors.access(actor, row?.id ?? 0, tenantId, 'sensors.read')
    return { tenantId, mac, sensorId: sensor.id, deviceRef: row?.device_ref ?? 0 }
  } catch (error) {
    return { code: error instanceof AppError ? error.code : LIVE_CODE.error, message: 'You may not read this sensor, or it does not exist.' }
  }
}

async function subscribe(deps: LiveDeps, live: Live, topic: string): Promise<Subscription | null> {
  const found = await resolveTopic(deps, live.actor, topic)
  const bridge = deps.devices.bridge
  if ('code' in found || !bridge) {
    live.send({ type: 'error', data: { topic, code: 'code' in found ? found.code : LIVE_CODE.invalid_topic, message: 'code' in found ? found.message : '' } })
    return null
  }
  const { tenantId, mac, sensorId, deviceRef } = found
  const stop = await bridge.watch(mac, (state) =>
    live.send({
      type: 'data',
      data: { topic, deviceId: mac, sensorId, tenantId, time: state.time, fullData: state.fullData, sub: { Tune: [state.fullData] } },
    }),
  )
  return { stop, tenantId, deviceRef }
}

/** Whether a change may concern this socket: its holder, or a tenant or device it watches. */
function concerns(live: Live, change: AccessChange | 'gap'): boolean {
  if (change === 'gap') return true
  const actor = live.actor
  if (change.s !== undefined && actor.kind === 'user' && actor.sessionId === change.s) return true
  if (change.u !== undefined && actor.kind === 'user' && actor.userId === change.u) return true
  if (change.c !== undefined && (actor.kind === 'user' || actor.kind === 'client') && actor.clientId === change.c) return true
  for (const sub of live.subscriptions.values()) {
    if (change.t !== undefined && sub.tenantId === change.t) return true
    if (change.d !== undefined && sub.deviceRef === change.d) return true
  }
  return false
}

async function recheck(deps: LiveDeps, live: Live): Promise<void> {
  const actor = await deps.sessions.actorForToken(live.claims)
  if (!actor) {
    for (const sub of live.subscriptions.values()) sub.stop()
    live.subscriptions.clear()
    live.socket.close(ACCESS_ENDED, 'access ended')
    return
  }
  live.actor = actor
  const ended: string[] = []
  for (const [topic, sub] of live.subscriptions) {
    const found = await resolveTopic(deps, actor, topic)
    if ('code' in found || found.deviceRef !== sub.deviceRef) {
      sub.stop()
      live.subscriptions.delete(topic)
      ended.push(topic)
    }
  }
  if (ended.length > 0) live.send({ type: 'unsubscribed', data: { topics: ended, reason: 'access_ended' } })
}

async function onMessage(deps: LiveDeps, live: Live, raw: unknown): Promise<void> {
  const { send, subscriptions, socket } = live
  let message: { type?: unknown; data?: { topics?: unknown } }
  try {
    message = JSON.parse(String(raw)) as typeof message
  } catch {
    return send({ type: 'error', data: { code: LIVE_CODE.invalid_message, message: 'Messages are JSON.' } })
  }
  const list = Array.isArray(message.data?.topics) ? message.data.topics.filter((t): t is string => typeof t === 'string') : []
  if (message.type === 'unsubscribe') {
    for (const topic of list) subscriptions.get(topic)?.stop()
    for (const topic of list) subscriptions.delete(topic)
    return send({ type: 'unsubscribed', data: { topics: list } })
  }
  if (message.type !== 'subscribe') return send({ type: 'error', data: { code: LIVE_CODE.invalid_message, message: 'type is subscribe or unsubscribe.' } })
  const accepted: string[] = []
  for (const topic of list) {
    if (subscriptions.has(topic)) accepted.push(topic)
    else if (subscriptions.size >= MAX_TOPICS) send({ type: 'error', data: { topic, code: LIVE_CODE.too_many_topics, message: LIVE_ERRORS.too_many_topics.message(MAX_TOPICS) } })
    else {
      const sub = await subscribe(deps, live, topic)
      if (sub && socket.readyState === socket.OPEN) {
        subscriptions.set(topic, sub)
        accepted.push(topic)
      } else sub?.stop()
    }
  }
  send({ type: 'subscribed', data: { topics: accepted } })
}

function serve(deps: LiveDeps, lives: Set<Live>, socket: WebSocket, request: FastifyRequest): void {
  const claims = ticketClaims.get(request)
  if (!claims) return socket.close(ACCESS_ENDED, 'access ended')
  const live: Live = {
    socket,
    actor: request.actor,
    claims,
    subscriptions: new Map(),
    send: (message) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
    },
    queue: Promise.resolve(),
  }
  lives.add(live)
  socket.on('message', (raw) => enqueue(live, () => onMessage(deps, live, raw), request.log))
  socket.on('close', () => {
    lives.delete(live)
    for (const sub of live.subscriptions.values()) sub.stop()
    live.subscriptions.clear()
  })
}

function enqueue(live: Live, job: () => Promise<void>, log: FastifyBaseLogger): void {
  live.queue = live.queue.then(job).catch((err: unknown) => log.error({ err }, 'ws: message failed'))
}

/** The token each upgraded request's ticket stood for. */
const ticketClaims = new WeakMap<FastifyRequest, JWTPayload>()

export async function liveRoutes(parent: FastifyInstance, deps: LiveDeps): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  const { tickets, changes } = deps.devices
  // the sockets this instance serves; each access change re-checks those it may concern
  const lives = new Set<Live>()
  const onChange = (change: AccessChange | 'gap') => {
    for (const live of lives) if (concerns(live, change)) enqueue(live, () => recheck(deps, live), app.log)
  }
  const onGap = () => onChange('gap')
  changes.events.on('change', onChange)
  changes.events.on('gap', onGap)
  app.addHook('onClose', async () => {
    changes.events.off('change', onChange)
    changes.events.off('gap', onGap)
  })

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
        const actor = claims ? await deps.sessions.actorForToken(claims) : null
        if (!actor || !claims) throw unauthorized('The ticket is invalid, used or expired; get a new one from /ws/ticket.')
        request.actor = actor
        ticketClaims.set(request, claims)
      },
    },
    (socket, request) => serve(deps, lives, socket, request),
  )
}
