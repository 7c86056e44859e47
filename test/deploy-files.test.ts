/**
 * The Dockerfile and compose.yaml cannot be built or run on a machine without Docker, so this
 * checks what can be checked here: the image runs what CI's production phase runs (a runtime
 * install of package.json and package-lock.json, dist/ from a build stage, `npm start`), as a
 * user other than root, with a health check on /ready and SIGTERM to stop; and the compose file
 * is well formed, names only variables the configuration reads, and every value it gives them
 * is one the configuration accepts.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadConfig } from '../src/config.ts'

const root = join(import.meta.dirname, '..')
const read = (file: string) => readFileSync(join(root, file), 'utf8')

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/)
      return { op: op.toUpperCase(), args: rest.join(' ') }
    })
}

describe('Dockerfile', () => {
  const all = instructions(read('Dockerfile'))
  const lastFrom = all.map((i) => i.op).lastIndexOf('FROM')
  const runtime = all.slice(lastFrom)

  it('builds in one stage and runs in another, holding what the production phase of CI runs', () => {
    expect(all.filter((i) => i.op === 'FROM')).toHaveLength(2)
    const copies = runtime.filter((i) => i.op === 'COPY').map((i) => i.args)
    expect(copies).toEqual(['package.json package-lock.json ./', '--from=build /app/dist ./dist'])
    expect(runtime.find((i) => i.op === 'RUN')?.args).toContain('npm ci --omit=dev')
    expect(read('.ci/run')).toContain('npm ci --omit=dev')
    const cmd = JSON.parse(runtime.find((i) => i.op === 'CMD')!.args) as string[]
    expect(cmd.slice(0, 2)).toEqual(['npm', 'start'])
    expect(read('.ci/run')).toMatch(/npm start --silent &/)
    expect(runtime.find((i) => i.op === 'ENV')?.args).toContain('NODE_ENV=production')
  })

  it('runs as a user of its own, checks /ready, and stops with SIGTERM', () => {
    const user = runtime.find((i) => i.op === 'USER')?.args
    expect(user).toBeDefined()
    expect(['root', '0']).not.toContain(user)
    expect(runtime.find((i) => i.op === 'HEALTHCHECK')?.args).toContain('/ready')
    expect(runtime.find((i) => i.op === 'STOPSIGNAL')?.args).toBe('SIGTERM')
  })
})

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, { image?: string; build?: string; environment?: Record<string, string> }>
  }

  it('runs Trellis with PostgreSQL, Redis and Mosquitto', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['mosquitto', 'postgres', 'redis', 'trellis'])
    expect(compose.services.trellis?.build).toBe('.')
  })

  it('gives Trellis only variables it reads, with values it accepts', () => {
    const env = { ...compose.services.trellis!.environment }
    const source = read('src/config.ts') + read('src/config-values.ts')
    for (const name of Object.keys(env)) expect(source, name).toContain(name)
    // the SECRETS_KEY the operator supplies; every other value as written
    const key = Buffer.alloc(32, 7).toString('base64')
    const config = loadConfig({ NODE_ENV: 'production', ...env, SECRETS_KEY: key })
    expect(config.database).toMatchObject({ kind: 'postgres' })
    expect(config.redisUrl).toBe('redis://redis:6379')
    expect(config.mqtt.url).toBe('mqtt://mosquitto:1883')
    expect(config.metrics.port).toBe(9464)
  })
})
