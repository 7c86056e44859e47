/**
 * Keyset pagination, one implementation for every /v4/ list.
 *
 * Order: by `id` ascending, a stable total order (ids only grow), so a page costs an index
 * range scan of `limit + 1` rows whether it starts at row 10 or row 10 million, and rows
 * inserted or deleted between requests never cause a duplicate or a skipped row: a page
 * starts strictly after (or before) the key in the cursor, whether or not that row still
 * exists.
 *
 * Cursors: the key (base 36) + "." + a 128-bit tag: AES-128 of the key as one block, under
 * a subkey derived per list and context (HMAC-SHA256 of the server key over [list, ctx]).
 * Opaque to clients, tamper-evident, and bound to the list and to its scope and filters
 * (`ctx`): a cursor from another list, another tenant's list or another filter, or an
 * edited one, is a 400. Why AES and not an HMAC per cursor: a page of 250 rows carries 250
 * cursors, and one AES-ECB call tags them all (each 16-byte block is enciphered on its
 * own, and a block cipher is a pseudorandom function on one block, so this is a MAC for
 * these fixed-length messages), where 250 HMACs took longer than the page's SQL.
 *
 * pageInfo is exact both ways: the page fetches `limit + 1` rows in its direction, and the
 * other direction is one indexed existence probe on the far side of the cursor.
 */
import { createCipheriv, timingSafeEqual } from 'node:crypto'
import { appErrors } from './errors.ts'
import { hmac } from './crypto.ts'

export const DEFAULT_LIMIT = 10
export const MAX_LIMIT = 250

export interface PageQuery {
  limit?: number
  after?: string
  before?: string
}

export interface PageRequest {
  limit: number
  direction: 'forward' | 'backward'
  /** The key to start strictly after (forward) or before (backward); null for the first page. */
  key: number | null
}

export interface Page<T> {
  edges: { node: T; cursor: string }[]
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null }
  totalCount: number
}

/** The second half of every tagged block: which scheme, so a block means nothing elsewhere. */
const DOMAIN = Buffer.from('trcursor')
const KEY = /^[0-9a-z]{1,11}$/

export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  /** 128-bit tags of keys under the list's and context's subkey, in one cipher call. */
  private tags(list: string, ctx: string, keys: readonly number[]): Buffer {
    const subkey = hmac(this.key, JSON.stringify(['cursor', list, ctx])).subarray(0, 16)
    const blocks = Buffer.alloc(16 * keys.length)
    keys.forEach((key, i) => {
      blocks.writeUInt32BE(Math.floor(key / 2 ** 32), i * 16)
      blocks.writeUInt32BE(key >>> 0, i * 16 + 4)
      DOMAIN.copy(blocks, i * 16 + 8)
    })
    const cipher = createCipheriv('aes-128-ecb', subkey, null).setAutoPadding(false)
    return Buffer.concat([cipher.update(blocks), cipher.final()])
  }

  /** Cursors for keys (non-negative safe integers) of one list and context. */
  encodeAll(list: string, ctx: string, keys: readonly number[]): string[] {
    if (!keys.length) return []
    const tags = this.tags(list, ctx, keys)
    // toString with bounds: no Buffer view per cursor (250 of them a page)
    return keys.map((key, i) => `${key.toString(36)}.${tags.toString('base64url', i * 16, i * 16 + 16)}`)
  }

  encode(list: string, ctx: string, key: number): string {
    return this.encodeAll(list, ctx, [key])[0] ?? ''
  }

  decode(list: string, ctx: string, cursor: string, field: 'after' | 'before'): number {
    const invalid = () =>
      appErrors.invalid_cursor(field)
    const [payload, signature, extra] = cursor.split('.')
    if (!payload || !signature || extra !== undefined || !KEY.test(payload)) throw invalid()
    const key = parseInt(payload, 36)
    if (!Number.isSafeInteger(key)) throw invalid()
    const expected = this.tags(list, ctx, [key])
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(expected, given)) throw invalid()
    return key
  }

  /** Reads limit/after/before into a request; `ctx` names the scope and filters. */
  request(list: string, ctx: string, q: PageQuery): PageRequest {
    const limit = q.limit ?? DEFAULT_LIMIT
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw appErrors.invalid_limit(MAX_LIMIT)
    }
    if (q.after && q.before) {
      throw appErrors.invalid_pagination()
    }
    if (q.before) return { limit, direction: 'backward', key: this.decode(list, ctx, q.before, 'before') }
    return { limit, direction: 'forward', key: q.after ? this.decode(list, ctx, q.after, 'after') : null }
  }
}

/** What a list supplies: how to fetch a keyset window, probe beyond a key, and count. */
export interface KeysetSource<Row extends { id: number }> {
  /** Rows with id > key (asc) or id < key (desc), at most `take`. */
  window(direction: 'forward' | 'backward', key: number | null, take: number): Promise<Row[]>
  /** Whether any row lies at or beyond `key` in the given direction. */
  exists(direction: 'forward' | 'backward', key: number): Promise<boolean>
  count(): Promise<number>
}

export async function paginate<Row extends { id: number }, Node>(
  codec: CursorCodec,
  list: string,
  ctx: string,
  req: PageRequest,
  source: KeysetSource<Row>,
  view: (row: Row) => Node,
): Promise<Page<Node>> {
  const [fetched, totalCount] = await Promise.all([source.window(req.direction, req.key, req.limit + 1), source.count()])
  const more = fetched.length > req.limit
  const rows = fetched.slice(0, req.limit)
  if (req.direction === 'backward') rows.reverse()
  // the other side of the cursor: rows at or before an `after` key, at or after a `before` key
  const otherSide =
    req.key === null ? false : await source.exists(req.direction === 'forward' ? 'backward' : 'forward', req.key)
  const cursors = codec.encodeAll(list, ctx, rows.map((row) => row.id))
  const edges = rows.map((row, i) => ({ node: view(row), cursor: cursors[i] ?? '' }))
  return {
    edges,
    pageInfo: {
      hasNextPage: req.direction === 'forward' ? more : otherSide,
      hasPreviousPage: req.direction === 'forward' ? otherSide : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount,
  }
}
