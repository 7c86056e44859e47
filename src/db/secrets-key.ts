/**
 * Where the secrets key comes from: SECRETS_KEY (required in production, see config.ts);
 * in development and tests without it, a key generated once into .data/secrets.key (mode
 * 0600, in a directory made 0700), so a local database stays readable across restarts; an in-memory database gets a
 * key that lives as long as the process, like the database itself.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Config } from '../config.ts'
import { parseSecretsKey, SecretBox } from '../lib/secret-box.ts'
import { DIR_MODE, ensurePrivateDir, FILE_MODE } from './private-files.ts'

export const DEV_KEY_FILE = '.data/secrets.key'

let processKey: Buffer | null = null

function devKeyFromFile(file: string): Buffer {
  try {
    ensurePrivateDir(dirname(file))
    // 'wx': two processes starting at once never overwrite each other's key
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: FILE_MODE })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  // a key (or its directory) left readable by an earlier version or a copy is closed
  chmodSync(dirname(file), DIR_MODE)
  chmodSync(file, FILE_MODE)
  const key = parseSecretsKey(readFileSync(file, 'utf8'))
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or hex)`)
  return key
}

export function secretsKeyFor(config: Readonly<Config>, file = DEV_KEY_FILE): Buffer {
  if (config.secretsKey) return config.secretsKey
  if (config.env === 'production') throw new Error('SECRETS_KEY is required in production')
  if (config.database.kind === 'pglite' && config.database.dataDir === null) {
    processKey ??= randomBytes(32)
    return processKey
  }
  return devKeyFromFile(file)
}

export function openSecretBox(config: Readonly<Config>): SecretBox {
  return new SecretBox(secretsKeyFor(config), config.secretsKeyPrevious ? [config.secretsKeyPrevious] : [])
}
