/**
 * bench:webhooks's server, in its own process: Trellis with its embedded MQTT broker (any free
 * port) and its worker running (RUN_WORKER=true), allowed to deliver to the loopback receiver.
 * Reports { type: 'ready', brokerUrl }; on { type: 'stop' } answers { type: 'stopped', cpuMs }
 * (its CPU from ready to the stop) at once, then closes (which waits for the ingest of what the
 * broker took in: behind a backlog, longer than a benchmark waits) and exits.
 */
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { benchAppEnv } from './app-env.ts'

const databaseUrl = process.argv[2]!
const config = loadConfig({ ...benchAppEnv(databaseUrl), RUN_WORKER: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', MQTT_EMBEDDED: 'true', MQTT_PORT: '0' })
const app = await buildApp(config, { db: await connectDatabase(config.database), logger: false })
const cpu = process.cpuUsage()
process.send!({ type: 'ready', brokerUrl: app.services.devices.broker?.url })
process.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return
  const used = process.cpuUsage(cpu)
  process.send!({ type: 'stopped', cpuMs: (used.user + used.system) / 1000 }, () => void app.close().then(() => process.exit(0)))
})
process.on('disconnect', () => process.exit(0)) // the benchmark went away: never linger
