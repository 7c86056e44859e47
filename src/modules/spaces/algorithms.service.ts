/**
 * Algorithm definitions (platform-wide, by keyName, with a JSON Schema for their options)
 * and the algorithms added to spaces. Options are validated against the definition's
 * schema with defaults filled in; every violation is listed.
 */
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'
import type { DB } from '../../db/connect.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Algorithm, SpaceAlgorithm } from '../../db/database.ts'
import { appErrors, notFound, validationError } from '../../lib/errors.ts'
import { auditActor, type Actor } from '../tenancy/index.ts'
import { summarize, type AuditSink } from '../../lib/audit.ts'
import type { Policy } from '../tenancy/index.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { idKeyset } from '../../db/query-kit.ts'
import type { TenantStore } from '../tenancy/index.ts'
import type { SpacesService } from './spaces.service.ts'

export interface AlgorithmInput {
  keyName: string
  name: string
  description?: string
  optionsSchema: Record<string, unknown>
}

export function algorithmView(a: Algorithm) {
  return {
    keyName: a.key_name,
    name: a.name,
    description: a.description,
    optionsSchema: a.options_schema,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
  }
}

export function spaceAlgorithmView(a: SpaceAlgorithm) {
  return {
    keyName: a.key_name,
    spaceId: a.space_id,
    tenantId: a.tenant_id,
    options: a.options,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
  }
}

function violations(prefix: string, errors: ErrorObject[] | null | undefined) {
  return (errors ?? []).map((e) => {
    const path = e.instancePath.split('/').filter(Boolean)
    if (e.keyword === 'required') path.push(String(e.params.missingProperty))
    if (e.keyword === 'additionalProperties') path.push(String(e.params.additionalProperty))
    const message = e.keyword === 'additionalProperties' ? 'is not an option of this algorithm' : (e.message ?? 'is invalid')
    return { field: [prefix, ...path].join('.'), message }
  })
}

export class AlgorithmsService {
  private readonly ajv = addFormats.default(new Ajv({ allErrors: true, useDefaults: true, strict: false }))
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(
    private readonly db: DB,
    private readonly spaces: SpacesService,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    private readonly clock: Clock,
    private readonly audit: AuditSink,
    private readonly tenancy: TenantStore,
  ) {}

  private compile(schema: Record<string, unknown>): ValidateFunction {
    if (!this.ajv.validateSchema(schema)) {
      throw validationError(violations('body.optionsSchema', this.ajv.errors))
    }
    if (schema.type !== 'object') {
      throw appErrors.validation_failed('optionsSchema must describe an object (type: "object").', [
        { field: 'body.optionsSchema.type', message: 'must be "object"' },
      ])
    }
    try {
      return this.ajv.compile(schema)
    } catch (error) {
      throw appErrors.validation_failed(`optionsSchema does not compile: ${(error as Error).message}`, [
        { field: 'body.optionsSchema', message: (error as Error).message },
      ])
    }
  }

  /** Registers a definition (platform administrators, the CLI and the dev seed). */
  async register(actor: Actor, input: AlgorithmInput): Promise<Algorithm> {
    this.policy.authorizeAction(actor, 'algorithms.define')
    this.compile(input.optionsSchema)
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('algorithms')
        .values({
          key_name: input.keyName,
          name: input.name,
          description: input.description ?? '',
          options_schema: JSON.stringify(input.optionsSchema),
        })
        .onConflict((oc) => oc.column('key_name').doNothing())
        .returningAll()
        .executeTakeFirst()
      if (!row) throw appErrors.algorithm_exists(input.keyName)
      // a platform-wide definition: no tenant; the schema itself is named, not shown
      const summary = summarize({ keyName: input.keyName, name: input.name, description: input.description, optionsSchema: input.optionsSchema }, ['keyName', 'name'])
      await this.audit.record(trx, { actor: auditActor(actor), tenantId: null, action: 'algorithm.register', target: { type: 'algorithm', id: row.key_name }, summary })
      return row
    })
  }

  /** The definitions as a plain array, at most 100, by keyName. */
  async list(actor: Actor): Promise<Algorithm[]> {
    this.policy.authorizeAction(actor, 'algorithms.read')
    return this.db.selectFrom('algorithms').selectAll().orderBy('key_name').limit(100).execute()
  }

  /** The definitions, a cursor page (keyset on the definition's id: registration order). */
  async page(actor: Actor, query: PageQuery) {
    this.policy.authorizeAction(actor, 'algorithms.read')
    const req = this.cursors.request('algorithms', 'all', query)
    const source = idKeyset(() => this.db.selectFrom('algorithms').selectAll(), () => this.tenancy.platformCount(this.db, 'algorithms'))
    return paginate(this.cursors, 'algorithms', 'all', req, source, algorithmView)
  }

  async get(actor: Actor, keyName: string): Promise<Algorithm> {
    this.policy.authorizeAction(actor, 'algorithms.read')
    return this.definition(keyName)
  }

  private async definition(keyName: string): Promise<Algorithm> {
    const row = await this.db.selectFrom('algorithms').selectAll().where('key_name', '=', keyName).executeTakeFirst()
    if (!row) throw notFound(`Algorithm ${keyName}`)
    return row
  }

  private validator(def: Algorithm): ValidateFunction {
    const cacheKey = `${def.key_name}@${def.updated_at.getTime()}`
    let validate = this.validators.get(cacheKey)
    if (!validate) {
      validate = this.ajv.compile(def.options_schema)
      this.validators.set(cacheKey, validate)
    }
    return validate
  }

  /** Adds the algorithm to the space, or replaces its options; `created` tells which. */
  async put(actor: Actor, spaceId: number, scope: number | undefined, keyName: string, options: unknown) {
    const space = await this.spaces.access(actor, spaceId, scope, 'spaces.write')
    const def = await this.definition(keyName)
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw appErrors.validation_failed('The body must be the options object.', [{ field: 'body', message: 'must be an object' }])
    }
    const filled = structuredClone(options) as Record<string, unknown>
    const validate = this.validator(def)
    if (!validate(filled)) throw validationError(violations('body', validate.errors))
    const row = await this.db
      .insertInto('space_algorithms')
      .values({ space_id: space.id, key_name: keyName, tenant_id: space.tenant_id, options: JSON.stringify(filled) })
      .onConflict((oc) => oc.columns(['space_id', 'key_name']).doUpdateSet({ options: JSON.stringify(filled), updated_at: this.clock.now() }))
      .returningAll()
      .executeTakeFirstOrThrow()
    return { algorithm: row, created: row.created_at.getTime() === row.updated_at.getTime() }
  }

  async getForSpace(actor: Actor, spaceId: number, scope: number | undefined, keyName: string): Promise<SpaceAlgorithm> {
    const space = await this.spaces.access(actor, spaceId, scope)
    const row = await this.db
      .selectFrom('space_algorithms')
      .selectAll()
      .where('space_id', '=', space.id)
      .where('key_name', '=', keyName)
      .executeTakeFirst()
    if (!row) throw notFound(`Algorithm ${keyName} on space ${space.id}`)
    return row
  }

  async listForSpace(actor: Actor, spaceId: number, scope: number | undefined): Promise<SpaceAlgorithm[]> {
    const space = await this.spaces.access(actor, spaceId, scope)
    return this.db.selectFrom('space_algorithms').selectAll().where('space_id', '=', space.id).orderBy('key_name').execute()
  }

  async removeFromSpace(actor: Actor, spaceId: number, scope: number | undefined, keyName: string): Promise<void> {
    const space = await this.spaces.access(actor, spaceId, scope, 'spaces.write')
    const result = await this.db
      .deleteFrom('space_algorithms')
      .where('space_id', '=', space.id)
      .where('key_name', '=', keyName)
      .executeTakeFirst()
    if (!result.numDeletedRows) throw notFound(`Algorithm ${keyName} on space ${space.id}`)
  }
}
