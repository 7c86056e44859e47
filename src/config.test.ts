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
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'pglite://data', SECRETS_KEY: 'a'.repeat(64) }).seedDevData).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'pglite://memory' }).database).toEqual({ kind: 'pglite', dataDir: null })
  })

  it('DATABASE_POOL_SIZE: 10 connections by default, or as set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolSize: 10, preparedStatements: true })
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_PREPARED_STATEMENTS: 'false' }).database).toMatchObject({ preparedStatements: false })
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: '50' }).database).toMatchObject({ poolSize: 50 })
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: '0' })).toThrow(/^DATABASE_POOL_SIZE:/)
    // one connection listens for key changes (oauth/keys.service.ts): one alone would leave none for queries
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_SIZE: '2' })).toThrow(/^DATABASE_POOL_SIZE:/)
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
    ['V5_BASE_PATH', '/'],
    ['V5_BASE_PATH', 'v5'],
    ['V5_BASE_PATH', '/v5/'],
    ['MQTT_URL', 'http://broker'],
    ['MQTT_PORT', '70000'],
    ['MQTT_EMBEDDED', 'maybe'],
    ['MQTT_HOOK_SECRET', 'short'],
    ['MQTT_SHARE_GROUP', 'a/b'],
    ['DEVICE_HISTORY_RETENTION_DAYS', '0'],
    ['DEVICE_COMMAND_TIMEOUT_SECONDS', 'soon'],
    ['SECRETS_KEY', 'too-short'],
    ['SECRETS_KEY_PREVIOUS', 'f'.repeat(63)],
    ['ALLOWED_SENDER_DOMAINS', 'example.com,not a domain'],
    ['NODE_ENV', 'prod'],
    ['NODE_ENV', 'Production'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'garbage'],
    ['TRUST_PROXY', '10.0.0.1, 10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.0/8,proxy.example'],
    ['TRUST_PROXY', '::1/129'],
    ['SCRYPT_N', '3000'],
    ['SCRYPT_N', '1048576'], // a power of two, but 128 * N * 8 is 1 GiB per hash
    ['HOST', 'not a host'],
    ['HOST', 'under_score.example'],
    ['DATABASE_CONNECT_ATTEMPTS', '0'],
  ])('a bad %s stops start-up naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}:`))
  })

  it('the v5 dialect: /v5 and the imported iOS client by default', () => {
    expect(loadConfig({}).v5).toEqual({ basePath: '/v5', clientId: '83f34a5fa5faca9023c78980a57a87b41f6972fc4ee45e9c' })
    expect(loadConfig({ V5_BASE_PATH: '/api/v5', V5_CLIENT_ID: 'other-client' }).v5).toEqual({ basePath: '/api/v5', clientId: 'other-client' })
  })

  it('MQTT: the embedded broker on 1883 by default; TLS needs both files', () => {
    expect(loadConfig({}).mqtt).toMatchObject({ url: null, embedded: true, port: 1883, host: '127.0.0.1', tlsCert: null, hookSecret: null })
    expect(loadConfig({ MQTT_URL: 'mqtts://u:p@broker:8883' }).mqtt.url).toBe('mqtts://u:p@broker:8883')
    expect(() => loadConfig({ MQTT_TLS_CERT: 'cert.pem' })).toThrow(/^MQTT_TLS_KEY:/)
    expect(() => loadConfig({ MQTT_TLS_KEY: 'key.pem' })).toThrow(/^MQTT_TLS_CERT:/)
  })

  it('EMAIL_LEASE_SECONDS: 60 s by default; the SMTP deadline stays at most half of it', () => {
    expect(loadConfig({}).email).toMatchObject({ leaseSeconds: 60, smtpTimeoutMs: 15_000 })
    // a short lease lowers the default deadline with it
    expect(loadConfig({ EMAIL_LEASE_SECONDS: '4' }).email).toMatchObject({ leaseSeconds: 4, smtpTimeoutMs: 2000 })
    expect(loadConfig({ EMAIL_LEASE_SECONDS: '4', EMAIL_SMTP_TIMEOUT_MS: '1000' }).email.smtpTimeoutMs).toBe(1000)
    expect(() => loadConfig({ EMAIL_LEASE_SECONDS: '4', EMAIL_SMTP_TIMEOUT_MS: '2001' })).toThrow(/^EMAIL_SMTP_TIMEOUT_MS: must be at most half of EMAIL_LEASE_SECONDS/)
    expect(() => loadConfig({ EMAIL_LEASE_SECONDS: '1' })).toThrow(/^EMAIL_LEASE_SECONDS:/)
  })

  it('production without SECRETS_KEY refuses to start, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'pglite://data' })).toThrow(/^SECRETS_KEY: is required in production/)
  })

  it('SECRETS_KEY as hex, base64 or base64url gives the same 32 bytes', () => {
    const key = Buffer.alloc(32, 7)
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) {
      expect(loadConfig({ SECRETS_KEY: text }).secretsKey).toEqual(key)
    }
    expect(loadConfig({ ALLOWED_SENDER_DOMAINS: ' Acme.example , mail.acme.example' }).allowedSenderDomains).toEqual([
      'acme.example',
      'mail.acme.example',
    ])
  })

  it('TRUST_PROXY: off by default, true (= one proxy), a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8')
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 2001:db8::/32,loopback' }).trustProxy).toBe('10.0.0.1,2001:db8::/32,loopback')
  })

  it('NODE_ENV is one of three names; production needs an explicit DATABASE_URL', () => {
    for (const env of ['development', 'test']) expect(loadConfig({ NODE_ENV: env }).env).toBe(env)
    expect(loadConfig({}).env).toBe('development')
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrow('NODE_ENV: must be one of development, test, production, got "prod"')
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^DATABASE_URL: is required in production/)
    const prod = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', SECRETS_KEY: 'a'.repeat(64) })
    expect(prod.seedDevData).toBe(false)
  })

  it('SCRYPT_N: a power of two whose memory (128 * N * r) stays bounded', () => {
    expect(loadConfig({ SCRYPT_N: '65536' }).scrypt).toEqual({ N: 65536, r: 8, p: 1 })
    expect(() => loadConfig({ SCRYPT_N: '3000' })).toThrow(/^SCRYPT_N: must be a power of two/)
    expect(() => loadConfig({ SCRYPT_N: '524288', SCRYPT_R: '8' })).toThrow(/^SCRYPT_N: with SCRYPT_R=8 needs 512 MiB/)
  })

  it('HOST: an address or a host name; an IPv6 host is bracketed in the public URL', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost')
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080')
  })

  it('RATE_LIMIT_*: token buckets written N/P', () => {
    expect(loadConfig({}).rateLimits.mailPerIp).toEqual({ burst: 300, periodSeconds: 600 })
    expect(loadConfig({}).rateLimits.invitationsPerInviter).toEqual({ burst: 10, periodSeconds: 3600 })
    expect(loadConfig({ RATE_LIMIT_FAILED_TOKEN_PER_IP: '7/d' }).rateLimits.failedTokenPerIp).toEqual({ burst: 7, periodSeconds: 86_400 })
    expect(() => loadConfig({ RATE_LIMIT_MAIL_PER_IP: '300' })).toThrow(/RATE_LIMIT_MAIL_PER_IP/)
    expect(() => loadConfig({ RATE_LIMIT_MAIL_PER_IP: '0/1h' })).toThrow(/RATE_LIMIT_MAIL_PER_IP/)
    expect(() => loadConfig({ RATE_LIMIT_CODE_PER_IP: '30' })).toThrow(/RATE_LIMIT_CODE_PER_IP: is no longer read; use RATE_LIMIT_MAIL_PER_IP/)
  })
})
