/**
 * Starts the process: listen, print where things are, shut down gracefully. Every start-up
 * failure ends in one line naming what to fix (the variable, when one is at fault), no
 * stack, and exit code 1.
 */
import { createServer } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { DataDirLockedError } from './db/pglite-lock.ts'
import { DatabaseBehindError } from './db/migrate.ts'
import type { DevSeed } from './dev-seed.ts'

function listenError(error: unknown, config: Readonly<Config>): unknown {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') return new ConfigError('PORT', `port ${config.port} on ${config.host} is already in use`)
  if (code === 'EACCES') return new ConfigError('PORT', `port ${config.port} needs privileges this process does not have`)
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ConfigError('HOST', `cannot listen on "${config.host}" (${code}): not an address of this machine`)
  }
  return error
}

/** Resolves when nothing listens on port at host (or it cannot be bound), rejects with the listen error. */
function probe(port: number, host: string): Promise<void> {
  const server = createServer()
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()))
  })
}

const inUse = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE'

/**
 * Tries the addresses before the database is opened and migrated, so a port in use or a
 * wrong HOST fails in a moment; listen() below still maps the same errors (the port can be
 * taken in between). The embedded broker's port is tried only in production: elsewhere a
 * busy one is replaced by a free port (modules/devices/broker.ts).
 */
async function probeAddress(config: Readonly<Config>): Promise<void> {
  if (config.port !== 0) await probe(config.port, config.host).catch((error: unknown) => Promise.reject(listenError(error, config)))
  const { metrics, mqtt } = config
  if (metrics.port !== null) {
    await probe(metrics.port, metrics.host).catch((error: unknown) =>
      Promise.reject(inUse(error) ? new ConfigError('METRICS_PORT', `port ${metrics.port} on ${metrics.host} is already in use`) : error),
    )
  }
  if (!mqtt.url && mqtt.embedded && !mqtt.takeFreePortWhenBusy && mqtt.port !== 0) {
    await probe(mqtt.port, mqtt.host).catch((error: unknown) =>
      Promise.reject(inUse(error) ? new ConfigError('MQTT_PORT', `port ${mqtt.port} on ${mqtt.host} is already in use (another broker?): free it, set MQTT_PORT, or MQTT_URL to use that broker`) : error),
    )
  }
}

/** Turns a listen() failure into the variable that caused it. */
async function listen(app: FastifyInstance, config: Readonly<Config>): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    throw listenError(error, config)
  }
}

/** The admin endpoint is reached over loopback, whatever interface HOST names. */
function adminUrl(app: FastifyInstance): string | null {
  const address = app.server.address()
  if (!address || typeof address === 'string') return null
  const loopback = ['0.0.0.0', '127.0.0.1', '::', '::1'].includes(address.address) || address.address.startsWith('127.')
  if (!loopback) return null
  return address.family === 'IPv6' && address.address !== '::' ? `http://[::1]:${address.port}` : `http://127.0.0.1:${address.port}`
}

function banner(app: FastifyInstance, seed: DevSeed | null): string {
  const base = app.config.publicUrl
  const lines = ['', `Trellis is running at ${base}`, `  API docs:    ${base}/docs`, `  OpenAPI:     ${base}/openapi.json`]
  if (app.services.email.mailboxEnabled) lines.push(`  Dev mailbox: ${base}/dev/mailbox`)
  const mqttUrl = app.services.devices.mqttUrl
  const broker = app.services.devices.broker
  if (mqttUrl) lines.push(`  MQTT:        ${mqttUrl}${broker ? ' (embedded broker)' : ''}`)
  if (broker?.busyPort) lines.push(`               port ${broker.busyPort} (MQTT_PORT) is in use, so the broker took port ${broker.port}`)
  if (seed) {
    lines.push(
      '',
      seed.created ? 'Fresh embedded database; created for development:' : 'Embedded database; for development:',
      `  tenant id:      ${seed.tenantId} (Dev Tenant)`,
      `  platform admin: ${seed.adminEmail} (log in with a login code)`,
      `  public client:  client_id=${seed.clientId}`,
      `                  redirect_uri=${seed.redirectUri}`,
      ...(seed.device ? [`  dev fan:        sensor ${seed.device.sensorId}, deviceId ${seed.device.mac}`] : []),
      '',
      `Log in in the browser: ${base}/dev/login?client_id=${seed.clientId}`,
    )
    if (seed.device) {
      const { mac, password } = seed.device
      lines.push(
        '',
        'Next: run a simulated fan against it (its password is shown only now):',
        `  npx trellis device simulate --device-id ${mac} --password ${password}${mqttUrl ? ` --url ${mqttUrl}` : ''}`,
      )
    }
  }
  return `${lines.join('\n')}\n\n`
}

async function start(): Promise<void> {
  const config = loadConfig()
  await probeAddress(config)
  // imported after the configuration is checked, so a bad value is reported at once
  const { connectDatabase, dataDirLockOf } = await import('./db/connect.ts')
  const { buildApp } = await import('./app.ts')
  const { seedDevData } = await import('./dev-seed.ts')
  const db = await connectDatabase(config.database, { role: 'server', attempts: config.databaseConnectAttempts })
  const lock = dataDirLockOf(db)
  let app: FastifyInstance
  try {
    app = await buildApp(config, { db, ownDb: true, ...(lock ? { adminSecret: lock.secret } : {}) })
  } catch (error) {
    await db.destroy().catch(() => {})
    throw error
  }
  try {
    const seed = config.seedDevData ? await seedDevData(app) : null
    await listen(app, config)
    const metricsFailure = app.metricsPortError()
    if (metricsFailure) {
      const { port, host } = config.metrics
      throw inUse(metricsFailure) ? new ConfigError('METRICS_PORT', `port ${port} on ${host} is already in use`) : metricsFailure
    }
    const admin = adminUrl(app)
    if (lock && admin) lock.publishAdmin(admin)
    process.stdout.write(banner(app, seed))
    // what start-up left uncompiled (lib/deferred-schemas.ts), compiled between requests
    app.schemas.compileAll(true).catch((error: unknown) => app.log.error({ err: error }, 'a route schema does not compile'))
  } catch (error) {
    await app.close().catch(() => {})
    throw error
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: no new connections, draining requests')
    const force = setTimeout(() => {
      app.log.error({ seconds: config.shutdownTimeoutSeconds }, 'requests still in flight after SHUTDOWN_TIMEOUT_SECONDS: exiting anyway')
      process.exit(1)
    }, config.shutdownTimeoutSeconds * 1000)
    force.unref()
    // Fastify ends the connections that are idle when closing begins; one whose request is
    // still in flight stays open after its answer (keep-alive), and the server would wait for
    // its client to hang up. Ending each as soon as it falls idle lets the exit follow the last answer.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50)
    reaper.unref()
    await app.close()
    clearInterval(reaper)
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

function describe(error: unknown): string {
  if (error instanceof ConfigError) return error.message
  if (error instanceof DatabaseBehindError) return `DATABASE_URL: ${error.message}`
  if (error instanceof DataDirLockedError) {
    const at = error.owner.adminUrl ? ` at ${error.owner.adminUrl}` : ''
    return `DATABASE_URL: ${error.message}${at}; stop it, or give this server another DATABASE_URL`
  }
  const message = error instanceof Error ? error.message : String(error)
  return `start-up failed: ${message.split('\n')[0]}`
}

start().catch((error: unknown) => {
  process.stderr.write(`trellis: ${describe(error)}\n`)
  process.exit(1)
})
