/**
 * The benchmark's devices, in their own process so publishing does not share a core's
 * event loop with the side that ingests. The parent sends {round: n}; this publishes one
 * round (QoS 1, the message each device would send) and answers {published: n}.
 */
import mqtt from 'mqtt'

const url = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883'
const macs = (process.env.BENCH_MACS ?? '').split(',').filter(Boolean)
const perRound = Number(process.env.BENCH_ROUND ?? 500)

const client = await mqtt.connectAsync(url, { clientId: `bench-pub-${process.pid}`, protocolVersion: 4, clean: true })
let sent = 0

process.on('message', (message: { round?: number; stop?: boolean }) => {
  if (message.stop) {
    void client.endAsync().then(() => process.exit(0))
    return
  }
  void (async () => {
    const pending: Promise<unknown>[] = []
    for (let i = 0; i < perRound; i++, sent++) {
      const mac = macs[sent % macs.length]!
      const state = { uid: 'bench', power: 1, mode: 0, speed: (sent % 30) + 1, timer: 0, horosc: 0, verosc: 0, night: 0, lock: 0, seq: sent }
      pending.push(client.publishAsync(`sensor/${mac}/in`, JSON.stringify({ sub: { Tune: [state] } }), { qos: 1 }))
    }
    await Promise.all(pending)
    process.send?.({ published: message.round })
  })()
})
process.send?.({ ready: true })
