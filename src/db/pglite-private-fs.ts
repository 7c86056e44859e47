/**
 * PGlite's Node filesystem with every file and directory it creates private to this user
 * (threat and the other half of the measure: ./private-files.ts). Emscripten creates a file
 * with mode 0777, then chmods it to what Postgres asked (0666 for most), so both paths are
 * wrapped: no mode set through them keeps group or other bits. Loaded only with PGlite.
 */
import { NodeFS } from '@electric-sql/pglite/nodefs'

const OTHERS = 0o077

/** The part of Emscripten's FS this file changes: every creation and every mode change pass here. */
interface ModeSettingFs {
  mknod(path: string, mode: number, dev: number): unknown
  doSetAttr(stream: unknown, node: unknown, attr: { mode?: number }): void
}

function isModeSetting(fs: object): fs is ModeSettingFs {
  return 'mknod' in fs && typeof fs.mknod === 'function' && 'doSetAttr' in fs && typeof fs.doSetAttr === 'function'
}

/** Wraps the FS so no mode it sets keeps group or other bits. Fails loudly if PGlite's FS changed shape. */
function keepModesPrivate(fs: object): void {
  if (!isModeSetting(fs)) throw new Error('PGlite filesystem without mknod/doSetAttr: cannot keep the data directory private')
  const mknod = fs.mknod.bind(fs)
  const doSetAttr = fs.doSetAttr.bind(fs)
  fs.mknod = (path, mode, dev) => mknod(path, mode & ~OTHERS, dev)
  fs.doSetAttr = (stream, node, attr) => doSetAttr(stream, node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~OTHERS })
}

/** PGlite's Node filesystem, with every file and directory it creates private to this user. */
export class PrivateNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args)
    const options = result.emscriptenOpts
    // runs first, before NodeFS mounts the directory and before Postgres writes a byte
    options.preRun = [(mod) => keepModesPrivate(mod.FS), ...(options.preRun ?? [])]
    return result
  }
}
