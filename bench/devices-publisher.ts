/**
 * The benchmark's devices, in their own process so publishing does not share a core's
 * event loop with the side that ingests. The parent first sends {setup: {macs, passwords}}:
 * without passwords one connection publishes for every device (an anonymous broker), with
 * them each device connects as itself (the embedded broker's ACL allows a device only its
 * own topics). Then each {round: n} publishes one round (QoS 1, the message each device
 * would send; message k is device k mod N's, with seq k) and answers {published: n}.
 */
import mqtt, { type MqttClient } from 'mqtt'

const url = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883'
const perRound = Number(process.env.BENCH_ROUND ?? 500)
/** `sensor` for Trellis; the plain subscriber's runs use a root of their own, which no Trellis reads */
const root = process.env.BENCH_TOPIC_ROOT ?? 'sensor'

let macs: string[] = []
let clients: MqttClient[] = []
let sent = 0

async function setup(list: string[], passwords: string[] | null): Promise<void> {
  macs = list
  if (!passwords) {
    clients = [await mqtt.connectAsync(url, { clientId: `bench-pub-${process.pid}`, protocolVersion: 4, clean: true })]
    return
  }
  clients = await Promise.all(list.map((mac, i) => mqtt.connectAsync(url, { clientId: mac, username: mac, password: passwords[i], protocolVersion: 4, clean: true, reconnectPeriod: 0 })))
}

async function publishRound(): Promise<void> {
  const pending: Promise<unknown>[] = []
  for (let i = 0; i < perRound; i++, sent++) {
    const index = sent % macs.length
    const mac = macs[index]!
    const client = clients.length === 1 ? clients[0]! : clients[index]!
    const state = { uid: 'bench', power: 1, mode: 0, speed: (sent % 30) + 1, timer: 0, horosc: 0, verosc: 0, night: 0, lock: 0, seq: sent }
    pending.push(client.publishAsync(`${root}/${mac}/in`, JSON.stringify({ sub: { Tune: [state] } }), { qos: 1 }))
  }
  await Promise.all(pending)
}

process.on('message', (message: { setup?: { macs: string[]; passwords: string[] | null }; round?: number; stop?: boolean }) => {
  if (message.stop) {
    void Promise.all(clients.map((c) => c.endAsync())).then(() => process.exit(0))
    return
  }
  if (message.setup) {
    void setup(message.setup.macs, message.setup.passwords).then(() => process.send?.({ ready: true }))
    return
  }
  void publishRound().then(() => process.send?.({ published: message.round }))
})
