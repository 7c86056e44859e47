import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../db/executor.ts'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Space } from '../../db/database.ts'
import { appErrors } from '../../lib/errors.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import type { Actor } from '../tenancy/index.ts'
import type { Policy } from '../tenancy/index.ts'
import { idKeyset } from '../../db/query-kit.ts'
import { accessResource, listScope, scopeKey, type TenantFilter, type TenantStore } from '../tenancy/index.ts'

export interface SpaceInput {
  name?: string
  description?: string | null
  parentId?: number | null
}

export function spaceView(s: Space) {
  return {
    id: s.id,
    tenantId: s.tenant_id,
    parentId: s.parent_id,
    name: s.name,
    description: s.description,
    createdAt: s.created_at.toISOString(),
    updatedAt: s.updated_at.toISOString(),
  }
}

const PLAIN_LIST_MAX = 100

/**
 * What a space holds that other modules own: its sensors (the sensors module, above this one,
 * passes these in through the wiring: spaceHasSensors, SensorsService.removeInSpaces).
 */
export interface SpaceContents {
  hasSensors(db: Executor, spaceId: number): Promise<boolean>
  /** Deletes the sensors of the spaces the SQL names (it selects their ids), releasing the devices they presented, for the actor. */
  deleteSensorsIn(db: Executor, spaceIds: RawBuilder<unknown>, actor: Actor): Promise<void>
}

/** The tenant of a space, or undefined when there is none. */
export function spaceTenant(db: Executor, spaceId: number): Promise<{ tenant_id: number } | undefined> {
  return db.selectFrom('spaces').select('tenant_id').where('id', '=', spaceId).executeTakeFirst()
}

export class SpacesService {
  constructor(
    private readonly db: DB,
    private readonly cursors: CursorCodec,
    private readonly policy: Policy,
    private readonly clock: Clock,
    private readonly contents: SpaceContents,
    /** A list's tenant filter and total (tenancy's store). */
    private readonly tenancy: TenantStore,
  ) {}

  private async load(spaceId: number): Promise<Space | undefined> {
    return this.db.selectFrom('spaces').selectAll().where('id', '=', spaceId).executeTakeFirst()
  }

  /** The space, if the caller may see (or, with 'admin', change) it. */
  async access(actor: Actor, spaceId: number, scope: number | undefined, action: 'spaces.read' | 'spaces.write' = 'spaces.read'): Promise<Space> {
    const space = await this.load(spaceId)
    return accessResource(this.policy, actor, action, 'Space', space, scope)
  }

  private async checkParent(tenantId: number, parentId: number | null | undefined, self?: number): Promise<void> {
    if (parentId === null || parentId === undefined) return
    const invalid = (message: string) => appErrors.invalid_parent(`parentId: ${message}`, [{ field: 'body.parentId', message }])
    const parent = await this.load(parentId)
    if (!parent || parent.tenant_id !== tenantId) throw invalid('must be a space of the same tenant')
    if (self === undefined) return
    // no cycles: the new parent may not be the space itself or one of its descendants
    const cycle = await sql<{ id: number }>`
      with recursive up as (
        select id, parent_id from spaces where id = ${parentId}
        union all select s.id, s.parent_id from spaces s join up on s.id = up.parent_id)
      select id from up where id = ${self}`.execute(this.db)
    if (cycle.rows.length) throw invalid('would make the space its own ancestor')
  }

  async create(actor: Actor, tenantId: number | undefined, input: SpaceInput & { name: string }): Promise<Space> {
    if (tenantId === undefined) {
      throw appErrors.validation_failed('tenantId is required without the /tenants/{tenantId} prefix.', [
        { field: 'body.tenantId', message: 'is required' },
      ])
    }
    await this.policy.authorize(actor, 'spaces.write', tenantId)
    await this.checkParent(tenantId, input.parentId)
    return this.db
      .insertInto('spaces')
      .values({ tenant_id: tenantId, name: input.name, description: input.description ?? null, parent_id: input.parentId ?? null })
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  async update(actor: Actor, spaceId: number, scope: number | undefined, input: SpaceInput): Promise<Space> {
    const space = await this.access(actor, spaceId, scope, 'spaces.write')
    await this.checkParent(space.tenant_id, input.parentId, space.id)
    return this.db
      .updateTable('spaces')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.parentId !== undefined ? { parent_id: input.parentId } : {}),
        updated_at: this.clock.now(),
      })
      .where('id', '=', space.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  /** Deletes a space; with `cascade`, its descendants and their sensors too, else 409 when not empty. */
  async remove(actor: Actor, spaceId: number, scope: number | undefined, cascade: boolean): Promise<void> {
    const space = await this.access(actor, spaceId, scope, 'spaces.write')
    await this.db.transaction().execute(async (trx) => {
      const tree = sql`with recursive tree as (
          select id from spaces where id = ${space.id}
          union all select s.id from spaces s join tree on s.parent_id = tree.id)
        select id from tree`
      if (!cascade) {
        const child = await trx.selectFrom('spaces').select('id').where('parent_id', '=', space.id).limit(1).executeTakeFirst()
        if (child || (await this.contents.hasSensors(trx, space.id))) {
          throw appErrors.space_not_empty()
        }
      }
      await this.contents.deleteSensorsIn(trx, tree, actor)
      await trx.deleteFrom('spaces').where(sql<boolean>`id in (${tree})`).execute()
    })
  }

  private listQuery(filter: TenantFilter, parentId: number | undefined) {
    let q = this.tenancy.whereTenant(this.db.selectFrom('spaces').selectAll(), filter)
    if (parentId !== undefined) q = q.where('parent_id', '=', parentId)
    return q
  }

  async list(actor: Actor, scope: number | undefined, parentId?: number): Promise<Space[]> {
    const filter = await listScope(this.policy, actor, 'spaces.read', scope)
    return this.listQuery(filter, parentId).orderBy('id').limit(PLAIN_LIST_MAX).execute()
  }

  async page(actor: Actor, scope: number | undefined, query: PageQuery & { parentId?: number }) {
    const filter = await listScope(this.policy, actor, 'spaces.read', scope)
    const ctx = `${scopeKey(filter)}|p${query.parentId ?? ''}`
    const req = this.cursors.request('spaces', ctx, query)
    const source = idKeyset(
      () => this.listQuery(filter, query.parentId),
      async () => {
        if (query.parentId === undefined) return this.tenancy.counted(this.db, filter, 'spaces')
        // children of one space: counted over the parent index, bounded by that space's children
        const row = await this.listQuery(filter, query.parentId).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()
        return Number(row?.n ?? 0)
      },
    )
    return paginate(this.cursors, 'spaces', ctx, req, source, spaceView)
  }
}
