/**
 * The Dockerfile and compose.yaml cannot be built or run on a machine without Docker, so this
 * checks what can be checked here: the image runs what CI's production phase runs (a runtime
 * install of package.json and package-lock.json, dist/ from a build stage, `npm start`), as a
 * user other than root, with a health check on /ready and SIGTERM to stop; its `trellis` CLI,
 * run as a plain process from a directory laid out as the Dockerfile lays out the image,
 * migrates a database; and the compose file is well formed, runs `trellis migrate` once before
 * the server, gives its broker no anonymous client, takes its secrets from a .env written once,
 * names only variables the configuration reads, and every value it gives them is one the
 * configuration accepts. What only Docker shows is listed in docs/operations.md.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadConfig } from '../src/config.ts'
import { bash } from './shell.ts'

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
    expect(copies).toEqual(['package.json package-lock.json ./', '--from=build /app/dist ./dist', 'bin ./bin', 'scripts/build-if-stale.mjs ./scripts/'])
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

/** The runtime stage of the Dockerfile, laid out in a directory as its COPY and `ln` lines place it. */
function layImage() {
  const all = instructions(read('Dockerfile'))
  const runtime = all.slice(all.map((i) => i.op).lastIndexOf('FROM'))
  const workdir = runtime.find((i) => i.op === 'WORKDIR')?.args ?? '/'
  const links = runtime.filter((i) => i.op === 'RUN' && i.args.startsWith('ln -s ')).map((i) => i.args.split(/\s+/).slice(2))
  const dir = mkdtempSync(join(tmpdir(), 'trellis-image-'))
  /** A path of the image, inside the directory that stands for it. */
  const at = (path: string) => join(dir, path.startsWith('/') ? path : join(workdir, path))
  // the runtime stage's files (dist/ is the build stage's: the one built for this run)
  for (const { args } of runtime.filter((i) => i.op === 'COPY')) {
    const parts = args.split(/\s+/)
    const fromBuild = parts[0]?.startsWith('--from=')
    const sources = fromBuild ? parts.slice(1, -1).map((path) => path.replace(`${workdir}/`, '')) : parts.slice(0, -1)
    const target = parts.at(-1) ?? '.'
    for (const source of sources) {
      const to = target.endsWith('/') ? join(at(target), source.split('/').at(-1) ?? source) : at(target)
      mkdirSync(dirname(to), { recursive: true })
      cpSync(join(root, source), to, { recursive: true })
    }
  }
  // the runtime install (`npm ci --omit=dev`): the project's own install stands in for it
  symlinkSync(join(root, 'node_modules'), at('node_modules'))
  for (const [target = '', name = ''] of links) {
    mkdirSync(dirname(at(name)), { recursive: true })
    symlinkSync(at(target), at(name))
  }
  return { dir, app: at('.'), bin: at('/usr/local/bin'), workdir, links }
}

describe("the image's CLI", () => {
  const image = layImage()
  afterAll(() => rmSync(image.dir, { recursive: true, force: true }))

  it("puts package.json's bin on PATH as `trellis`", () => {
    const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string> }
    expect(image.links).toEqual([[join(image.workdir, pkg.bin.trellis!), '/usr/local/bin/trellis']])
  })

  it('runs `trellis --version` from the layout the Dockerfile gives, with no sources and no build', () => {
    const env = { PATH: `${image.bin}:${process.env.PATH ?? ''}`, HOME: image.dir, NODE_ENV: 'production' }
    const { version } = JSON.parse(read('package.json')) as { version: string }
    expect(execFileSync('trellis', ['--version'], { cwd: image.app, env, encoding: 'utf8' }).trim()).toBe(version)
  })

  /** The ```sh blocks of docs/operations.md's container section, in order. */
  const blocks = () => {
    const text = read('docs/operations.md')
    const section = text.slice(text.indexOf('\n## Containers\n'), text.indexOf('\n## ', text.indexOf('\n## Containers\n') + 1))
    return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '')
  }

  it("docs/operations.md's sequence, as written: the key made once, `trellis migrate` and the first admin run in the image, then instances that do not migrate", async () => {
    const [release, compose] = blocks()
    expect(release).toBeDefined()
    expect(compose).toBeDefined()
    const work = mkdtempSync(join(tmpdir(), 'trellis-release-'))
    try {
      mkdirSync(join(work, 'scripts'))
      cpSync(join(root, 'scripts', 'compose-env.sh'), join(work, 'scripts', 'compose-env.sh'))
      // the one liberty: docker is a function. `run --rm` runs the command in the laid-out image
      // as a plain process, with the env file's variables; everything else is only written down
      const prelude = `cd "$WORK"
docker() {
  echo "docker $*" >> "$WORK/docker.log"
  [ "$1 $2" = "run --rm" ] || return 0
  shift 2
  local envfile=""
  while [ "\${1#-}" != "$1" ]; do
    if [ "$1" = --env-file ]; then envfile=$2; fi
    shift 2
  done
  shift
  (set -a; . "$envfile"; set +a; cd "$IMAGE_APP"; PATH="$IMAGE_BIN:$PATH" "$@")
}
`
      const env = { ...process.env, WORK: work, IMAGE_APP: image.app, IMAGE_BIN: image.bin, VERSION: '1.0.0', DATABASE_URL: `pglite://${join(work, 'data')}`, PUBLIC_URL: 'https://trellis.example' }
      const ran = await bash(prelude + release!, env, 110_000)
      expect(ran, ran.stderr).toMatchObject({ code: 0, timedOut: false })
      // the key is in the env file, as the configuration accepts it, and the migration and the first admin ran with it
      const file = Object.fromEntries(readFileSync(join(work, 'trellis.env'), 'utf8').trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
      expect(loadConfig({ NODE_ENV: 'production', ...file }).database).toMatchObject({ kind: 'pglite' })
      expect(ran.stdout).toMatch(/"email": ?"ops@acme\.example"/)
      const log = readFileSync(join(work, 'docker.log'), 'utf8').trim().split('\n')
      expect(log[0]).toMatch(/^docker build /)
      expect(log[1]).toMatch(/^docker run --rm --env-file trellis\.env trellis:1\.0\.0 trellis migrate$/)
      const instances = log.filter((line) => line.startsWith('docker run -d '))
      expect(instances.length).toBeGreaterThan(1)
      for (const line of instances) expect(line).toContain('-e MIGRATE_ON_START=false')

      // compose's block: .env written once; compose itself is only written down
      const composed = await bash(prelude + compose!, env, 30_000)
      expect(composed, composed.stderr).toMatchObject({ code: 0, timedOut: false })
      expect(readFileSync(join(work, '.env'), 'utf8')).toMatch(/^SECRETS_KEY=/m)
      expect(readFileSync(join(work, 'docker.log'), 'utf8')).toMatch(/^docker compose run --rm migrate trellis users create /m)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }, 150_000)
})

/** compose's `${NAME}` and `${NAME:?message}`, filled from a .env's values. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::\?[^}]*)?\}/g, (_m, name: string) => {
    const found = vars[name]
    if (found === undefined) throw new Error(`${name} is not in .env`)
    return found
  })
}

describe('compose.yaml', () => {
  interface Service {
    image?: string
    build?: string
    command?: string[]
    environment?: Record<string, string>
    depends_on?: Record<string, { condition: string }>
  }
  // compose reads YAML merge keys (`<<:`), as the shared environment uses them
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service>; configs: Record<string, { content: string }> }

  it('runs Trellis with PostgreSQL, Redis and Mosquitto, migrating once before the server starts', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['migrate', 'mosquitto', 'mosquitto-passwd', 'postgres', 'redis', 'trellis'])
    expect(compose.services.trellis?.build).toBe('.')
    expect(compose.services.migrate?.command).toEqual(['trellis', 'migrate'])
    expect(compose.services.trellis?.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' })
    expect(compose.services.trellis?.environment?.MIGRATE_ON_START).toBe('false')
    // the migration runs against what the server runs against
    const server = compose.services.trellis?.environment ?? {}
    for (const [name, value] of Object.entries(compose.services.migrate?.environment ?? {})) expect(server[name], name).toBe(value)
  })

  it('gives its broker no anonymous client: Trellis signs in with the password .env holds', () => {
    const conf = compose.configs.mosquitto?.content ?? ''
    expect(conf).toMatch(/^allow_anonymous false$/m)
    expect(conf).not.toMatch(/^allow_anonymous true$/m)
    expect(conf).toMatch(/^password_file \/mosquitto\/passwd\/passwd$/m)
    expect(compose.services.mosquitto?.depends_on?.['mosquitto-passwd']).toEqual({ condition: 'service_completed_successfully' })
    expect(compose.services['mosquitto-passwd']?.command?.join(' ')).toContain('mosquitto_passwd -c -b /mosquitto/passwd/passwd trellis "$$MQTT_PASSWORD"')
    expect(compose.services.trellis?.environment?.MQTT_URL).toMatch(/^mqtt:\/\/trellis:\$\{MQTT_PASSWORD:\?[^}]+\}@mosquitto:1883$/)
  })

  it("keeps its secrets in a .env written once (never a key made afresh on a start), and gives Trellis only variables it reads, with values it accepts", () => {
    const dir = mkdtempSync(join(tmpdir(), 'trellis-compose-'))
    try {
      const script = join(root, 'scripts', 'compose-env.sh')
      execFileSync('sh', [script, dir], { encoding: 'utf8' })
      const first = readFileSync(join(dir, '.env'), 'utf8')
      // a second run keeps the file as it is: the key that sealed the data stays the key
      expect(execFileSync('sh', [script, dir], { encoding: 'utf8' })).toContain('is kept')
      expect(readFileSync(join(dir, '.env'), 'utf8')).toBe(first)
      const vars = Object.fromEntries(first.split('\n').filter((line) => /^\w+=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
      expect(Object.keys(vars).sort()).toEqual(['MQTT_PASSWORD', 'POSTGRES_PASSWORD', 'SECRETS_KEY'])
      expect(read('.gitignore').split('\n')).toContain('.env')
      expect(read('.dockerignore').split('\n')).toContain('.env')
      // the compose file never makes a secret itself
      expect(read('compose.yaml')).not.toMatch(/openssl|\$\(/)

      const env = Object.fromEntries(Object.entries(compose.services.trellis!.environment ?? {}).map(([name, value]) => [name, interpolate(value, vars)]))
      const source = read('src/config.ts') + read('src/config-values.ts')
      for (const name of Object.keys(env)) expect(source, name).toContain(name)
      const config = loadConfig({ NODE_ENV: 'production', ...env })
      expect(config.database).toMatchObject({ kind: 'postgres' })
      expect(config.redisUrl).toBe('redis://redis:6379')
      expect(config.mqtt.url).toBe(`mqtt://trellis:${vars.MQTT_PASSWORD}@mosquitto:1883`)
      expect(config.metrics.port).toBe(9464)
      expect(config.migrateOnStart).toBe(false)
      expect(interpolate(compose.services.postgres!.environment!.POSTGRES_PASSWORD!, vars)).toBe(vars.POSTGRES_PASSWORD)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
