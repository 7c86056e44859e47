/**
 * docs/configuration.md lists every variable the server reads, and only those: the test reads
 * the configuration through an environment that records each name asked for, and compares the
 * names with the page's tables. The README's short table is a part of the full one.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, REPLACED } from '../src/config.ts'

const root = join(import.meta.dirname, '..')

/** The names in the first column of every table row of a markdown text (`RATE_LIMIT_*` stays a pattern). */
function documented(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_*]+)`/g)].map((m) => m[1] ?? ''))
}

/** Every variable loadConfig reads, over the branches that read more (PostgreSQL reads its pool settings). */
function readByServer(): Set<string> {
  const names = new Set<string>()
  const recording = (values: Record<string, string>) =>
    new Proxy(values, {
      get(target, name) {
        if (typeof name === 'string') names.add(name)
        return typeof name === 'string' ? target[name] : undefined
      },
    })
  loadConfig(recording({}))
  loadConfig(recording({ DATABASE_URL: 'postgres://trellis@127.0.0.1/trellis' }))
  // the names of limits that were replaced are read only to refuse them
  for (const old of Object.keys(REPLACED)) names.delete(old)
  return names
}

const covers = (pattern: string, name: string) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name)

describe('the configuration page', () => {
  const page = documented(readFileSync(join(root, 'docs', 'configuration.md'), 'utf8'))
  const read = readByServer()

  it('documents every variable the server reads', () => {
    expect(read.size).toBeGreaterThan(40)
    expect([...read].filter((name) => !page.some((pattern) => covers(pattern, name)))).toEqual([])
    // the broker's variables, which a developer with a broker of their own needs first
    for (const name of ['MQTT_URL', 'MQTT_PORT', 'MQTT_EMBEDDED', 'MQTT_HOST']) expect(page).toContain(name)
  })

  it('documents nothing the server does not read', () => {
    expect(page.filter((pattern) => ![...read].some((name) => covers(pattern, name)))).toEqual([])
  })

  it("the README's table is a part of it", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1))
    const summary = documented(section)
    expect(summary).toContain('MQTT_PORT')
    expect(summary.filter((name) => !page.includes(name))).toEqual([])
  })
})
