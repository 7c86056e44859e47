import type { FastifyRequest } from 'fastify'
import type { DB } from '../../db/connect.ts'
import type { Tenant, TenantRole } from '../../db/database.ts'
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts'
import { requirePlatformAdmin, requireTenantRole, requireUser, roleAtLeast } from '../../plugins/auth.ts'
import { addMembership, findOrCreateUser, membershipRole, type Executor } from '../users/users.repository.ts'
import { mergeEmailConfig, type TextCheck } from './email-config.ts'
import type { CreateTenantInput, TenantView, UpdateTenantInput } from './tenants.schemas.ts'

export function tenantView(t: Tenant): TenantView {
  return {
    id: t.id,
    name: t.name,
    emailAddress: t.email_address,
    address: t.address,
    phoneNumber: t.phone_number,
    logoUrl: t.logo_url,
    zipCode: t.zip_code,
    countryCode: t.country_code,
    senderEmail: t.sender_email,
    timeZone: t.time_zone,
    allowSignup: t.allow_signup,
    emailConfig: t.email_config as TenantView['emailConfig'],
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
  }
}

function checkTimeZone(zone: string | null | undefined): void {
  if (!zone) return
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
  } catch {
    throw badRequest('validation_failed', `timeZone: "${zone}" is not an IANA time zone`, [
      { field: 'body.timeZone', message: 'is not an IANA time zone (e.g. Europe/Berlin)' },
    ])
  }
}

type Columns = Partial<Omit<Tenant, 'id' | 'created_at' | 'updated_at' | 'email_config'>>

function columns(input: UpdateTenantInput): Columns {
  const map: Record<string, keyof Columns> = {
    name: 'name',
    emailAddress: 'email_address',
    address: 'address',
    phoneNumber: 'phone_number',
    logoUrl: 'logo_url',
    zipCode: 'zip_code',
    countryCode: 'country_code',
    senderEmail: 'sender_email',
    timeZone: 'time_zone',
    allowSignup: 'allow_signup',
  }
  const out: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(map)) {
    const value = (input as Record<string, unknown>)[field]
    if (value !== undefined) out[column] = field === 'countryCode' && typeof value === 'string' ? value.toUpperCase() : value
  }
  return out as Columns
}

export class TenantsService {
  constructor(
    private readonly db: DB,
    private readonly checkText: TextCheck,
  ) {}

  async create(request: FastifyRequest, input: CreateTenantInput): Promise<Tenant> {
    await requirePlatformAdmin(this.db, request)
    return this.insert(input)
  }

  /** Also used by the CLI and the dev seed, which act as the platform operator. */
  async insert(input: CreateTenantInput): Promise<Tenant> {
    checkTimeZone(input.timeZone)
    const emailConfig = mergeEmailConfig({}, input.emailConfig, this.checkText)
    return this.db
      .insertInto('tenants')
      .values({ ...columns(input), name: input.name, email_config: JSON.stringify(emailConfig) })
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  async get(request: FastifyRequest, tenantId: number): Promise<Tenant> {
    await requireTenantRole(this.db, request, tenantId, 'member')
    return this.load(tenantId)
  }

  async load(tenantId: number): Promise<Tenant> {
    const tenant = await this.db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst()
    if (!tenant) throw notFound('Tenant')
    return tenant
  }

  async update(request: FastifyRequest, tenantId: number, input: UpdateTenantInput): Promise<Tenant> {
    await requireTenantRole(this.db, request, tenantId, 'admin')
    checkTimeZone(input.timeZone)
    return this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('tenants').selectAll().where('id', '=', tenantId).forUpdate().executeTakeFirst()
      if (!current) throw notFound('Tenant')
      const emailConfig = mergeEmailConfig(current.email_config, input.emailConfig, this.checkText)
      return trx
        .updateTable('tenants')
        .set({ ...columns(input), email_config: JSON.stringify(emailConfig), updated_at: new Date() })
        .where('id', '=', tenantId)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  }

  async list(request: FastifyRequest): Promise<Tenant[]> {
    const user = await requireUser(this.db, request)
    let query = this.db.selectFrom('tenants').selectAll('tenants').orderBy('tenants.id').limit(1000)
    if (user.platform_role !== 'admin') {
      query = query
        .innerJoin('memberships', 'memberships.tenant_id', 'tenants.id')
        .where('memberships.user_id', '=', user.id)
    }
    return query.execute()
  }

  async members(request: FastifyRequest, tenantId: number) {
    await requireTenantRole(this.db, request, tenantId, 'member')
    return this.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.email', 'users.username', 'users.display_name', 'memberships.role', 'memberships.created_at'])
      .where('memberships.tenant_id', '=', tenantId)
      .orderBy('users.id')
      .execute()
  }

  /**
   * Adds (or changes the role of) a member by email. An address with no account gets one,
   * without a password: the person signs in with a login code.
   */
  async addMember(request: FastifyRequest, tenantId: number, email: string, role: TenantRole) {
    const access = await requireTenantRole(this.db, request, tenantId, 'admin')
    if (role === 'owner' && !roleAtLeast(access.role, 'owner')) throw forbidden('Only owners may add owners.')
    return this.db.transaction().execute(async (trx) => {
      const { user } = await findOrCreateUser(trx, { email })
      const existing = await membershipRole(trx, tenantId, user.id)
      if (existing === 'owner' && role !== 'owner') await this.keepAnOwner(trx, tenantId, user.id, access.role)
      await addMembership(trx, tenantId, user.id, role)
      return { user, role }
    })
  }

  async removeMember(request: FastifyRequest, tenantId: number, userId: number): Promise<void> {
    const access = await requireTenantRole(this.db, request, tenantId, 'admin')
    await this.db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('memberships')
        .select('role')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      if (!member) throw notFound('Member')
      if (member.role === 'owner') await this.keepAnOwner(trx, tenantId, userId, access.role)
      await trx.deleteFrom('memberships').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute()
    })
  }

  /** An owner can only be demoted or removed by an owner, and never the last one. */
  private async keepAnOwner(trx: Executor, tenantId: number, userId: number, actorRole: TenantRole) {
    if (actorRole !== 'owner') throw forbidden('Only owners may remove or demote an owner.')
    const others = await trx
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('role', '=', 'owner')
      .where('user_id', '!=', userId)
      .executeTakeFirstOrThrow()
    if (Number(others.n) === 0) throw conflict('last_owner', 'A tenant must keep at least one owner.')
  }
}
