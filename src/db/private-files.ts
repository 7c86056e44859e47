/**
 * What Trellis keeps on disk is readable by its own user only: directories 0700, files 0600,
 * whatever the umask it was started with.
 *
 * Threat: another local account (a shared host, a service running as `nobody`, a compromised
 * neighbour process) reading the embedded database: live login codes and refresh-token hashes
 * sit in its WAL, and with the server stopped the files could be edited (the audit log's
 * delete guard switched off). PGlite writes its files through Emscripten's virtual filesystem,
 * which creates most of them with an explicit chmod to 0666, past the process umask; so the
 * umask alone protects nothing. Two measures:
 *  - PrivateNodeFS (./pglite-private-fs.ts): the data directory mounted so that every file or
 *    directory PGlite creates or re-modes (WAL segments, new relations) loses its group and
 *    other bits;
 *  - tightenTree (here): at start, what an earlier version (or a copy, a restore) left open is
 *    closed, and the caller logs how many entries it changed.
 * Files Trellis writes itself (the lock, the admin secret, .data/secrets.key) are created with
 * an explicit 0600 and their directories 0700.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const DIR_MODE = 0o700
export const FILE_MODE = 0o600

/** Creates `dir` (and missing parents) 0700 if it does not exist; an existing one is left to tightenTree. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE })
}

/**
 * Sets every directory under `root` (itself included) to 0700 and every file to 0600; symbolic
 * links are not followed. Returns how many entries it changed (0: nothing was open).
 */
export function tightenTree(root: string): number {
  let changed = 0
  const visit = (path: string) => {
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return
    const want = stat.isDirectory() ? DIR_MODE : FILE_MODE
    if ((stat.mode & 0o7777) !== want) {
      chmodSync(path, want)
      changed++
    }
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry))
  }
  visit(resolve(root))
  return changed
}
