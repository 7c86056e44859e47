/**
 * One process owns an embedded (PGlite) data directory. PGlite is Postgres in WASM with no
 * cross-process locking: a second process writing the same directory loses writes or
 * aborts. So the owner writes `trellis.lock` (its pid and, once it listens, its admin URL)
 * into the directory, created exclusively; a lock whose pid is dead is taken over.
 *
 * Threats: another local user reading the admin secret or the lock (both 0600, in a directory
 * created 0700, see ./private-files.ts; the secret is new at each start); a stale lock after a crash (dead pids are detected with signal 0);
 * two processes taking over one stale lock at once (each re-reads the lock after writing
 * and backs off unless it holds it).
 */
import { randomBytes } from 'node:crypto'
import { openSync, readFileSync, renameSync, rmSync, writeFileSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { systemClock } from '../lib/clock.ts'
import { ensurePrivateDir, FILE_MODE } from './private-files.ts'

export const LOCK_FILE = 'trellis.lock'
export const SECRET_FILE = 'trellis-admin.secret'

export interface LockOwner {
  pid: number
  /** What holds it: "server" or "cli". */
  role: string
  /** Loopback base URL of the owner's admin endpoint, once it listens. */
  adminUrl?: string
  startedAt: string
}

/** The directory is held by another live process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(`the embedded database ${dataDir} is in use by process ${owner.pid} (${owner.role})`)
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function readLock(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as LockOwner
    return Number.isInteger(owner.pid) ? owner : null
  } catch {
    return null
  }
}

/** The live owner of the directory other than this process, if any. */
export function liveOwner(dataDir: string): LockOwner | null {
  const owner = readLock(dataDir)
  return owner && owner.pid !== process.pid && alive(owner.pid) ? owner : null
}

export interface DataDirLock {
  /** The admin endpoint's secret, new for this process; written to the directory by publishAdmin. */
  secret: Buffer
  /** Records the admin URL in the lock and writes the secret file (0600). */
  publishAdmin(adminUrl: string): void
  release(): void
}

/** Takes the directory for this process, or throws DataDirLockedError. */
export function lockDataDir(dataDir: string, role: string): DataDirLock {
  ensurePrivateDir(dataDir)
  const path = join(dataDir, LOCK_FILE)
  // startedAt is for a person reading the lock, it decides nothing: the wall clock, named
  const owner: LockOwner = { pid: process.pid, role, startedAt: systemClock.now().toISOString() }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', FILE_MODE)
      writeFileSync(fd, JSON.stringify(owner))
      closeSync(fd)
      if (readLock(dataDir)?.pid === process.pid) return handle(dataDir, owner)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const current = readLock(dataDir)
    if (current && current.pid !== process.pid && alive(current.pid)) throw new DataDirLockedError(dataDir, current)
    if (current?.pid === process.pid) throw new DataDirLockedError(dataDir, current)
    // stale (dead owner or unreadable): move it aside atomically, then try again
    try {
      renameSync(path, `${path}.stale-${process.pid}`)
      rmSync(`${path}.stale-${process.pid}`, { force: true })
    } catch {
      // another process moved it first; retry
    }
  }
  throw new Error(`could not lock ${dataDir}`)
}

function handle(dataDir: string, owner: LockOwner): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  const secretPath = join(dataDir, SECRET_FILE)
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    if (readLock(dataDir)?.pid !== process.pid) return
    rmSync(secretPath, { force: true })
    rmSync(path, { force: true })
  }
  process.on('exit', release)
  const secret = randomBytes(32)
  return {
    secret,
    publishAdmin(adminUrl) {
      rmSync(secretPath, { force: true })
      // 'wx' with 0600: created fresh by us, readable only by this user
      writeFileSync(secretPath, secret.toString('base64url'), { mode: FILE_MODE, flag: 'wx' })
      writeFileSync(path, JSON.stringify({ ...owner, adminUrl }))
    },
    release,
  }
}

/** The admin secret of the directory's owner, as the CLI reads it. */
export function readAdminSecret(dataDir: string): string {
  return readFileSync(join(dataDir, SECRET_FILE), 'utf8').trim()
}
