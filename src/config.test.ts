import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('config', () => {
  it('defaults: embedded database, port 3000, issuer from host and port', () => {
    const c = loadConfig({})
    expect(c.database).toEqual({ kind: 'pglite', dataDir: '.data/pglite' })
    expect(c.publicUrl).toBe('http://127.0.0.1:3000')
    expect(c.seedDevData).toBe(true)
    expect(c.trustProxy).toBe(false)
    expect(Object.isFrozen(c)).toBe(true)
  })

  it('PostgreSQL and production never get the dev seed', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDevData).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production' }).seedDevData).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'pglite://memory' }).database).toEqual({ kind: 'pglite', dataDir: null })
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['SMTP_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://x'],
    ['LOG_LEVEL', 'loud'],
    ['ALLOW_UNCONFIRMED_PASSWORD_LOGIN', 'maybe'],
  ])('a bad %s stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}:`))
  })

  it('TRUST_PROXY: off by default, true, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8')
  })
})
