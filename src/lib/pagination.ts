/**
 * Keyset pagination, one implementation for every /v4/ list.
 *
 * Order: by `id` ascending, a stable total order (ids only grow), so a page costs an index
 * range scan of `limit + 1` rows whether it starts at row 10 or row 10 million, and rows
 * inserted or deleted between requests never cause a duplicate or a skipped row: a page
 * starts strictly after (or before) the key in the cursor, whether or not that row still
 * exists.
 *
 * Cursors: base64url(JSON {list, ctx, key}) + "." + HMAC-SHA256 (truncated to 128 bits)
 * under a server key. Opaque to clients, tamper-evident, and bound to the list and to its
 * scope and filters (`ctx`): a cursor from another list, another tenant's list or another
 * filter, or an edited one, is a 400.
 *
 * pageInfo is exact both ways: the page fetches `limit + 1` rows in its direction, and the
 * other direction is one indexed existence probe on the far side of the cursor.
 */
import { timingSafeEqual } from 'node:crypto'
import { badRequest } from './errors.ts'
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

export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  private sign(payload: string): string {
    return hmac(this.key, payload).subarray(0, 16).toString('base64url')
  }

  encode(list: string, ctx: string, key: number): string {
    const payload = Buffer.from(JSON.stringify({ l: list, c: ctx, k: key })).toString('base64url')
    return `${payload}.${this.sign(payload)}`
  }

  decode(list: string, ctx: string, cursor: string, field: 'after' | 'before'): number {
    const invalid = () =>
      badRequest('invalid_cursor', `${field} is not a cursor of this list.`, [
        { field: `querystring.${field}`, message: 'is not a cursor issued for this list, or was altered' },
      ])
    const [payload, signature, extra] = cursor.split('.')
    if (!payload || !signature || extra !== undefined) throw invalid()
    const expected = Buffer.from(this.sign(payload))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid()
    let parsed: unknown
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    } catch {
      throw invalid()
    }
    const p = parsed as { l?: unknown; c?: unknown; k?: unknown }
    if (p.l !== list || p.c !== ctx || typeof p.k !== 'number' || !Number.isSafeInteger(p.k)) throw invalid()
    return p.k
  }

  /** Reads limit/after/before into a request; `ctx` names the scope and filters. */
  request(list: string, ctx: string, q: PageQuery): PageRequest {
    const limit = q.limit ?? DEFAULT_LIMIT
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw badRequest('invalid_limit', `limit must be between 1 and ${MAX_LIMIT}.`, [
        { field: 'querystring.limit', message: `must be an integer from 1 to ${MAX_LIMIT}` },
      ])
    }
    if (q.after && q.before) {
      throw badRequest('invalid_pagination', 'Use after or before, not both.', [
        { field: 'querystring.before', message: 'cannot be combined with after' },
      ])
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
  const edges = rows.map((row) => ({ node: view(row), cursor: codec.encode(list, ctx, row.id) }))
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
