/**
 * A slice of bench:fleet's devices, in a process of its own. The parent sends
 * {setup: {devices, connectConcurrency}}: each device connects as the firmware does (MQTT
 * 3.1.1, its MAC and password, a will saying offline), subscribes to its commands and says
 * it is online; at most `connectConcurrency` connections are being opened at once. The
 * process answers {connected: n, failed: n}. Then {start: {intervalMs}}: each device sends
 * its state every intervalMs, at a random phase, with `sentAt` (epoch ms, fractional) in the
 * state so the parent can tell how long it took to reach the API. {stop} ends the devices
 * and answers {stopped: published, commands}: how many commands the devices received, how many
 * devices received more than one, and when the last arrived (epoch ms).
 */
import mqtt, { type MqttClient } from 'mqtt'

const url = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883'
const OFFLINE = JSON.stringify({ online: false, connectionType: 'mqtt' })
const epochMs = () => performance.timeOrigin + performance.now()

interface FleetDevice {
  mac: string
  password: string
}

const clients: { mac: string; client: MqttClient }[] = []
const timers: NodeJS.Timeout[] = []
let published = 0
let failed = 0
/** Commands received, per device. */
const commandsOf = new Map<string, number>()
let lastCommandAt = 0

async function connectOne({ mac, password }: FleetDevice): Promise<void> {
  try {
    const client = await mqtt.connectAsync(url, {
      clientId: mac,
      username: mac,
      password,
      protocolVersion: 4,
      clean: true,
      keepalive: 120,
      reconnectPeriod: 0,
      connectTimeout: 60_000,
      will: { topic: `sensor/${mac}/online`, payload: Buffer.from(OFFLINE), qos: 1, retain: false },
    })
    client.on('message', (topic) => {
      if (topic !== `sensor/${mac}/command`) return
      commandsOf.set(mac, (commandsOf.get(mac) ?? 0) + 1)
      lastCommandAt = epochMs()
    })
    await client.subscribeAsync(`sensor/${mac}/command`, { qos: 1 })
    await client.publishAsync(`sensor/${mac}/online`, JSON.stringify({ online: true, connectionType: 'mqtt' }), { qos: 1 })
    clients.push({ mac, client })
  } catch {
    failed++
  }
}

async function connectAll(devices: FleetDevice[], concurrency: number): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < devices.length) await connectOne(devices[next++]!)
  }
  await Promise.all(Array.from({ length: concurrency }, lane))
}

function start(intervalMs: number): void {
  clients.forEach(({ mac, client }, i) => {
    let seq = 0
    const send = () => {
      const state = { uid: 'fleet', power: 1, mode: 0, speed: (seq % 30) + 1, timer: 0, horosc: 0, verosc: 0, night: 0, lock: 0, seq: seq++, sentAt: epochMs() }
      client.publish(`sensor/${mac}/in`, JSON.stringify({ sub: { Tune: [state] } }), { qos: 1 })
      published++
    }
    // spread over the interval, so the fleet sends a steady stream and not a burst every interval
    const phase = ((i * 7919) % clients.length) * (intervalMs / clients.length)
    timers.push(
      setTimeout(() => {
        send()
        timers.push(setInterval(send, intervalMs))
      }, phase),
    )
  })
}

process.on('disconnect', () => process.exit(0)) // the parent went away: never linger
process.on('message', (message: { setup?: { devices: FleetDevice[]; connectConcurrency: number }; start?: { intervalMs: number }; stop?: boolean }) => {
  if (message.setup) {
    void connectAll(message.setup.devices, message.setup.connectConcurrency).then(() => process.send?.({ connected: clients.length, failed }))
  } else if (message.start) {
    start(message.start.intervalMs)
    process.send?.({ started: true })
  } else if (message.stop) {
    timers.forEach((t) => clearTimeout(t))
    // forced: a broker behind on its acknowledgements would hold a graceful end for as long
    void Promise.all(clients.map(({ client }) => client.endAsync(true))).then(() => {
      const counts = [...commandsOf.values()]
      const commands = { received: counts.reduce((a, b) => a + b, 0), devices: counts.length, repeated: counts.filter((n) => n > 1).length, lastAt: lastCommandAt }
      process.send?.({ stopped: published, commands }, () => process.exit(0))
    })
  }
})
