/**
 * The embedded MQTT broker (Aedes): devices connect here when no external broker is
 * configured. Every CONNECT is checked against the database and every PUBLISH and
 * SUBSCRIBE against the device's topic ACL (device-auth.service.ts holds the rules and the threat
 * model). TLS when a certificate and key are configured; devices do not verify it.
 */
import { readFileSync } from 'node:fs'
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net'
import { createServer as createTlsServer } from 'node:tls'
import { Gauge } from 'prom-client'
import { Aedes, type AedesPublishPacket, type AuthenticateError, type Client } from 'aedes'
import type { Log } from '../../lib/log.ts'
import { ConfigError, type MqttConfig } from '../../config.ts'
import type { DeviceAuth, DeviceIdentity } from './device-auth.service.ts'
import { MAX_PAYLOAD_BYTES } from './payload.ts'
import type { LocalBroker } from './bridge.ts'

export interface EmbeddedBroker {
  /** Where the bridge connects: mqtt(s)://host:port on the bound port. */
  url: string
  port: number
  /** MQTT_PORT when it was in use and the broker took `port` instead (development only); else null. */
  busyPort: number | null
  /** The broker's own certificate, so the bridge can verify the TLS it connects over. */
  ca: string | null
  /** The broker in this process, for the bridge: messages and commands without a connection. */
  local: LocalBroker
  /** Devices connected to this broker now, for /metrics (registered by the app on its registry). */
  connectedDevices: Gauge
  /** Drops the connections of the device with this MAC whose credentials are no longer accepted. */
  kick(mac: string): Promise<void>
  close(): Promise<void>
}

const BAD_CREDENTIALS = 4

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function refusal(): AuthenticateError {
  return Object.assign(new Error('Bad user name or password'), { returnCode: BAD_CREDENTIALS }) as AuthenticateError
}

export async function startBroker(config: MqttConfig, auth: DeviceAuth, log: Log): Promise<EmbeddedBroker> {
  // who each connected client is, set once at CONNECT
  const identities = new WeakMap<Client, DeviceIdentity>()
  // the connections of each device, so new or dropped credentials can end them
  const byMac = new Map<string, Set<Client>>()
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      auth
        .authenticate(username, password?.toString('utf8'), client.id)
        .then((identity) => {
          if (!identity) return done(refusal(), false)
          identities.set(client, identity)
          if (identity.kind === 'device') byMac.set(identity.mac, (byMac.get(identity.mac) ?? new Set()).add(client))
          done(null, true)
        })
        .catch((err: unknown) => {
          log.error({ err }, 'mqtt: authentication failed')
          done(refusal(), false)
        })
    },
    authorizePublish: (client, packet, done) => {
      // client null: the broker's own messages ($SYS heartbeats)
      if (!client) return done(null)
      const identity = identities.get(client)
      if (!identity || !auth.allowed(identity, 'publish', packet.topic)) return done(new Error('publish not allowed'))
      if (packet.payload.length > MAX_PAYLOAD_BYTES) return done(new Error('payload too large'))
      done(null)
    },
    authorizeSubscribe: (client, subscription, done) => {
      const identity = identities.get(client)
      // a refused filter gets a failure return code (0x80) in the SUBACK; the connection stays
      if (!identity || !auth.allowed(identity, 'subscribe', subscription.topic)) return done(null, null)
      done(null, subscription)
    },
  })
  broker.on('clientDisconnect', (client) => {
    const identity = identities.get(client)
    if (identity?.kind !== 'device') return
    const set = byMac.get(identity.mac)
    set?.delete(client)
    if (set?.size === 0) byMac.delete(identity.mac)
  })
  broker.on('clientError', (client, err) => log.debug({ err, clientId: client.id }, 'mqtt: client error'))

  const cert = config.tlsCert ? readFileSync(config.tlsCert, 'utf8') : null
  const key = config.tlsKey ? readFileSync(config.tlsKey, 'utf8') : null
  // noDelay: commands and acks are small packets that should leave at once
  const server: Server = cert && key ? createTlsServer({ cert, key, noDelay: true }, broker.handle) : createTcpServer({ noDelay: true }, broker.handle)
  let busyPort: number | null = null
  try {
    await listen(server, config.port, config.host)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || config.port === 0) {
      broker.close()
      throw err
    }
    if (!config.takeFreePortWhenBusy) {
      broker.close()
      throw new ConfigError('MQTT_PORT', `port ${config.port} on ${config.host} is already in use (another broker?): free it, set MQTT_PORT, or MQTT_URL to use that broker, or MQTT_EMBEDDED=false`)
    }
    // development: the API matters more than the port; the banner names the one taken
    busyPort = config.port
    await listen(server, 0, config.host)
    log.warn({ busyPort, port: (server.address() as AddressInfo).port }, 'mqtt: MQTT_PORT is in use (another broker?): the embedded broker took a free port')
  }
  const { port } = server.address() as AddressInfo
  const wildcard = ['0.0.0.0', '::', ''].includes(config.host)
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host
  const connectedDevices = new Gauge({
    name: 'trellis_mqtt_connected_devices',
    help: "Devices connected to this instance's embedded MQTT broker",
    labelNames: ['broker'],
    registers: [],
    collect() {
      this.set({ broker: 'embedded' }, byMac.size)
    },
  })
  return {
    connectedDevices,
    url: `${cert ? 'mqtts' : 'mqtt'}://${host}:${port}`,
    port,
    busyPort,
    ca: cert,
    local: {
      async subscribe(filters, deliver) {
        // `done` is handed back on the next tick: called in the same stack, the broker would
        // hand over its next waiting message from inside it, and a burst would overflow the stack
        const handler = (packet: AedesPublishPacket, done: () => void) =>
          deliver(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload), () => process.nextTick(done))
        for (const filter of filters) await new Promise<void>((resolve) => broker.subscribe(filter, handler, resolve))
      },
      publish(topic, payload) {
        return new Promise<void>((resolve, reject) =>
          broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (err) => (err ? reject(err) : resolve())),
        )
      },
    },
    async kick(mac) {
      // checked per connection: one made with the new credentials since the change stays
      for (const client of [...(byMac.get(mac) ?? [])]) {
        const identity = identities.get(client)
        if (!identity || !(await auth.stillValid(identity))) client.close()
      }
    },
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
