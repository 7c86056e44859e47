/**
 * bench:webhooks's delivering server, in its own process: Trellis with its worker running
 * (RUN_WORKER=true), allowed to deliver to the loopback receiver. Reports { type: 'ready' }
 * and closes on { type: 'stop' } (answering { type: 'stopped', cpuMs }).
 */
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { connectDatabase } from '../src/db/connect.ts'
import { benchAppEnv } from './app-env.ts'

const databaseUrl = process.argv[2]!
const config = loadConfig({ ...benchAppEnv(databaseUrl), RUN_WORKER: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })
const app = await buildApp(config, { db: await connectDatabase(config.database), logger: false })
const cpu = process.cpuUsage()
process.send!({ type: 'ready' })
process.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return
  const used = process.cpuUsage(cpu)
  void app.close().then(() => process.send!({ type: 'stopped', cpuMs: (used.user + used.system) / 1000 }, () => process.exit(0)))
})
