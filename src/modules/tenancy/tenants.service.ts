/**
 * Tenants and their members. Brands are tenants with no parent; a customer's own tenant
 * sits under its brand (`parentTenantId`). Joining a tenant needs the person's consent, so
 * members are added only through invitations (invitations.service.ts) or sign-up; here an
 * admin changes roles and removes members.
 */
import type { DB } from '../../db/connect.ts'
import { NO_EVENTS, type EventSink } from '../../lib/events.ts'
import type { Clock } from '../../lib/clock.ts'
import type { SettingsVersion, Tenant, TenantRole } from '../../db/database.ts'
import { appErrors, forbidden, notFound, validationError } from '../../lib/errors.ts'
import { paginate, type CursorCodec, type PageQuery } from '../../lib/pagination.ts'
import { keyset } from '../../db/query-kit.ts'
import type { Executor } from '../../db/executor.ts'
import type { Actor } from './actor.ts'
import { mergeEmailConfig, type TextCheck } from './email-config.ts'
import { lookOf, PLATFORM_FIELDS } from './brands.ts'
import { checkDomains, checkTimeZone, columns, faceFields, memberView, setFields, tenantView } from './tenant-fields.ts'
import { linkProblems, linksIn, tokensOutsideLinks, verifiedOrigins, withNormalisedLinks, type LinkRules } from './link-origins.ts'
import { notABrand, roleAtLeast, type Policy } from './policy.ts'
import type { CreateTenantInput, UpdateTenantInput } from './tenants.schemas.ts'
import type { SettingsHistory } from './settings-history.service.ts'
import { addMembership, countOwners, deleteTenant, findTenant, insertTenant, insertTenantWithId, membershipRole, platformCount, removeMembership, tenantCount, tenantsWithMemberCounts, type MembersQuery } from './tenants.repository.ts'

export { memberView, tenantView } from './tenant-fields.ts'

const PLAIN_LIST_MAX = 100

/** Which tenants a tenant list shows: all, those a user has a role in (customer included), one, or none. */
type TenantList = { all: true } | { memberId: number } | { tenantId: number } | { none: true }

/** Told when a tenant's senderEmail is saved (email/sender-verification.service.ts mails a confirmation). */
export interface SenderEmailHook {
  senderEmailSet(trx: Executor, tenant: Tenant): Promise<void>
}

export class TenantsService {
  constructor(
    private readonly db: DB,
    private readonly checkText: TextCheck,
    private readonly policy: Policy,
    private readonly cursors: CursorCodec,
    private readonly linkRules: LinkRules,
    private readonly clock: Clock,
    private readonly membersOf: MembersQuery,
    private readonly senderHook: SenderEmailHook | undefined,
    /** Versions of the settings and the audit entries of tenancy's actions. */
    private readonly history: SettingsHistory,
    private readonly events: EventSink = NO_EVENTS,
  ) {}

  /**
   * Refuses a ctaLink (or other token link) in the patch that is not on an origin verified for
   * the tenant, and gives back the patch's email settings with each link as it is stored (its
   * normalised form: link-origins.ts).
   */
  private async checkLinks(trx: Executor, tenant: Pick<Tenant, 'id' | 'link_domains'>, input: UpdateTenantInput): Promise<UpdateTenantInput['emailConfig']> {
    const config = input.emailConfig
    const tokens = tokensOutsideLinks(config?.emailTypeConfig)
    if (tokens.length) throw validationError(tokens)
    const links = linksIn(config?.emailTypeConfig)
    if (links.length === 0 || !config?.emailTypeConfig) return config
    const details = linkProblems(links, await verifiedOrigins(trx, tenant, this.linkRules), this.linkRules)
    if (details.length) throw validationError(details)
    return { ...config, emailTypeConfig: withNormalisedLinks(config.emailTypeConfig) }
  }

  /** Platform-only fields need the platform; a brand's face needs a brand (or a tenant being made one now). */
  private async authorizeFields(actor: Actor, tenantId: number, input: UpdateTenantInput): Promise<void> {
    const platform = setFields(input, PLATFORM_FIELDS)
    if (platform.length) await this.policy.authorize(actor, 'tenants.mark', tenantId, platform)
    const face = faceFields(input)
    if (face.length && input.brand !== true) await this.policy.authorize(actor, 'tenants.brand', tenantId, face)
  }

  private async saved(trx: Executor, input: UpdateTenantInput, tenant: Tenant): Promise<Tenant> {
    if (input.senderEmail) await this.senderHook?.senderEmailSet(trx, tenant)
    return tenant
  }

  /**
   * Creates a brand, or a tenant under one (platform administrators, the CLI, the dev seed);
   * with a chosen `id` when importing a tenant that apps have built in.
   */
  async create(actor: Actor, input: CreateTenantInput): Promise<Tenant> {
    this.policy.authorizeAction(actor, 'tenants.create')
    checkTimeZone(input.timeZone)
    checkDomains(input.linkDomains)
    const parent = input.parentTenantId ?? null
    if (parent !== null && !(await findTenant(this.db, parent))) {
      throw appErrors.invalid_parent('parentTenantId: no such tenant', [{ field: 'body.parentTenantId', message: 'is not a tenant' }])
    }
    // a tenant under another is named by the platform, but wears its brand's face unless made a brand
    const face = faceFields(input).filter((field) => field !== 'name')
    if (parent !== null && input.brand !== true && face.length) throw notABrand(face)
    const links = await this.checkLinks(this.db, { id: 0, link_domains: input.linkDomains ?? [] }, input)
    const emailConfig = mergeEmailConfig({}, links, this.checkText)
    const values = { ...columns(input), name: input.name, parent_tenant_id: parent, email_config: JSON.stringify(emailConfig) }
    // the tenant and its audit entry (and the sender's confirmation) commit together or not at all
    return this.db.transaction().execute(async (trx) => {
      const tenant = input.id === undefined ? await insertTenant(trx, values) : await insertTenantWithId(trx, input.id, values)
      if (!tenant) throw appErrors.tenant_id_taken(input.id)
      // A chosen id that a deleted tenant had: its audit trail (kept, append-only, for the
      // retention period, and the platform's record of the deletion) is filed under that id,
      // and the new tenant's admins would read it. Refused rather than hidden: scoping reads
      // by time would hang on clocks and on the purge, and a trail is never rewritten. Generated
      // ids never repeat. Checked after the insert, in its transaction: the refusal rolls it back.
      if (input.id !== undefined && (await this.history.audit.hasTrail(trx, input.id))) throw appErrors.tenant_id_retired(input.id)
      await this.history.created(trx, actor, tenant, input)
      return this.saved(trx, input, tenant)
    })
  }

  /** Deletes a tenant with its spaces, sensors and memberships (its users stay): platform only. */
  async delete(actor: Actor, tenantId: number): Promise<void> {
    this.policy.authorizeAction(actor, 'tenants.delete')
    await this.db.transaction().execute(async (trx) => {
      if (!(await deleteTenant(trx, tenantId))) throw notFound('Tenant')
      await this.history.record(trx, actor, { tenantId, action: 'tenant.delete', target: { type: 'tenant', id: tenantId } })
    })
  }

  /** Every tenant with its member count, for the platform's overview (the CLI's `tenants list`). */
  async withMemberCounts(actor: Actor) {
    this.policy.authorizeAction(actor, 'platform.inspect')
    return tenantsWithMemberCounts(this.db)
  }

  /** The tenant and the caller's role in it (customers get the public face; see tenantView). */
  /** A tenant by id, for the public pages a prefix brands (no actor: the pages show only its look). */
  find(tenantId: number): Promise<Tenant | undefined> {
    return findTenant(this.db, tenantId)
  }

  /** The tenant whose look a tenant wears: itself when a brand, else its nearest brand (brands.ts). */
  lookOf(tenant: Tenant): Promise<Tenant> {
    return lookOf(this.db, tenant)
  }

  async get(actor: Actor, tenantId: number): Promise<{ tenant: Tenant; role: TenantRole }> {
    const role = await this.policy.authorize(actor, 'tenants.read', tenantId)
    const tenant = await findTenant(this.db, tenantId)
    if (!tenant) throw notFound('Tenant')
    return { tenant, role }
  }

  /** A tenant's full settings, for those who may read them (members and above). */
  async load(actor: Actor, tenantId: number): Promise<Tenant> {
    await this.policy.authorize(actor, 'tenants.readPrivate', tenantId)
    const tenant = await findTenant(this.db, tenantId)
    if (!tenant) throw notFound('Tenant')
    return tenant
  }

  /** Saves a PATCH; `restoredFrom` names the version a restore brings back (see restore). */
  async update(actor: Actor, tenantId: number, input: UpdateTenantInput, restoredFrom?: number): Promise<Tenant> {
    await this.policy.authorize(actor, 'tenants.update', tenantId)
    await this.authorizeFields(actor, tenantId, input)
    checkTimeZone(input.timeZone)
    checkDomains(input.linkDomains)
    return this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('tenants').selectAll().where('id', '=', tenantId).forUpdate().executeTakeFirst()
      if (!current) throw notFound('Tenant')
      const links = await this.checkLinks(trx, { id: tenantId, link_domains: input.linkDomains ?? current.link_domains }, input)
      const emailConfig = mergeEmailConfig(current.email_config, links, this.checkText)
      const tenant = await trx
        .updateTable('tenants')
        .set({ ...columns(input), email_config: JSON.stringify(emailConfig), updated_at: this.clock.now() })
        .where('id', '=', tenantId)
        .returningAll()
        .executeTakeFirstOrThrow()
      await this.history.updated(trx, actor, current, tenant, input, restoredFrom)
      return this.saved(trx, input, tenant)
    })
  }

  /** Makes a new version equal to `version` and applies it, with the checks and permissions of a PATCH. */
  async restore(actor: Actor, tenantId: number, version: number): Promise<SettingsVersion> {
    const patch = await this.history.restorePatch(actor, tenantId, version)
    await this.update(actor, tenantId, patch, version)
    return this.history.latest(tenantId)
  }

  private listQuery(filter: TenantList) {
    const base = this.db
      .selectFrom('tenants')
      .leftJoin('memberships', (j) =>
        j.onRef('memberships.tenant_id', '=', 'tenants.id').on('memberships.user_id', '=', 'memberId' in filter ? filter.memberId : 0),
      )
      .selectAll('tenants')
      .select('memberships.role')
    if ('memberId' in filter) return base.where('memberships.user_id', '=', filter.memberId)
    if ('tenantId' in filter) return base.where('tenants.id', '=', filter.tenantId)
    return 'all' in filter ? base : base.where(({ lit }) => lit(false))
  }

  private filterFor(actor: Actor): TenantList {
    const filter = this.policy.listFilter(actor, 'tenants.list')
    return 'memberOf' in filter ? { memberId: filter.memberOf } : filter
  }

  /** Every tenant for platform administrators, else those the caller has a role in: 100 by id, after `after`, named like `q` (any part, any case). */
  async list(actor: Actor, opts: { q?: string; after?: number } = {}): Promise<{ tenant: Tenant; role: TenantRole | null }[]> {
    let query = this.listQuery(this.filterFor(actor))
    if (opts.q) query = query.where('tenants.name', 'ilike', `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    if (opts.after) query = query.where('tenants.id', '>', opts.after)
    const rows = await query.orderBy('tenants.id').limit(PLAIN_LIST_MAX).execute()
    return rows.map(({ role, ...tenant }) => ({ tenant, role }))
  }

  async page(actor: Actor, query: PageQuery) {
    const filter = this.filterFor(actor)
    const ctx = 'memberId' in filter ? `u${filter.memberId}` : 'tenantId' in filter ? `t${filter.tenantId}` : 'all' in filter ? 'all' : 'none'
    const req = this.cursors.request('tenants', ctx, query)
    const count = async () => {
      if ('all' in filter) return platformCount(this.db, 'tenants')
      if ('memberId' in filter) {
        // bounded by the caller's own memberships
        const row = await this.db.selectFrom('memberships').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', filter.memberId).executeTakeFirst()
        return Number(row?.n ?? 0)
      }
      return 'tenantId' in filter ? 1 : 0
    }
    const source = keyset(() => this.listQuery(filter), count, 'tenants.id')
    return paginate(this.cursors, 'tenants', ctx, req, source, ({ role, ...tenant }) => tenantView(tenant, role))
  }

  private membersQuery(tenantId: number) {
    return this.membersOf(this.db, tenantId)
  }

  async members(actor: Actor, tenantId: number) {
    await this.policy.authorize(actor, 'members.read', tenantId)
    return this.membersQuery(tenantId).orderBy('users.id').limit(PLAIN_LIST_MAX).execute()
  }

  async membersPage(actor: Actor, tenantId: number, query: PageQuery) {
    await this.policy.authorize(actor, 'members.read', tenantId)
    const ctx = `t${tenantId}`
    const req = this.cursors.request('members', ctx, query)
    const source = keyset(() => this.membersQuery(tenantId), () => tenantCount(this.db, tenantId, 'members'), 'users.id')
    return paginate(this.cursors, 'members', ctx, req, source, memberView)
  }

  /**
   * A brand's customers, oldest first, whose address starts with `email` (any, when empty):
   * one page at a time, the cursor bound to the search. Members and above may read it.
   */
  async customersPage(actor: Actor, tenantId: number, query: PageQuery, email = '') {
    await this.policy.authorize(actor, 'members.read', tenantId)
    const prefix = email.trim().toLowerCase().slice(0, 320)
    const ctx = `t${tenantId}:${prefix}`
    const req = this.cursors.request('customers', ctx, query)
    // LIKE's own wildcards in what was typed are literal characters
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const base = () => this.membersQuery(tenantId).where('memberships.role', '=', 'customer').where('users.email', 'like', pattern)
    const count = async () => {
      const row = await base().clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst()
      return Number(row?.n ?? 0)
    }
    return paginate(this.cursors, 'customers', ctx, req, keyset(base, count, 'users.id'), memberView)
  }

  /** Changes an existing member's role (admins; owners for anything touching owners). */
  async changeRole(actor: Actor, tenantId: number, userId: number, role: Exclude<TenantRole, 'customer'>) {
    const actorRole = await this.policy.authorize(actor, 'members.manage', tenantId)
    if (role === 'owner' && !roleAtLeast(actorRole, 'owner')) throw forbidden('Only owners may make owners.')
    await this.db.transaction().execute(async (trx) => {
      const current = await membershipRole(trx, tenantId, userId, true)
      if (!current) throw notFound('Member')
      if (current === 'owner' && role !== 'owner') await this.keepAnOwner(trx, tenantId, userId, actorRole)
      await addMembership(trx, tenantId, userId, role)
      const summary = { fields: ['role'], values: { role, previousRole: current } }
      await this.history.record(trx, actor, { tenantId, action: 'member.role.change', target: { type: 'user', id: userId }, summary })
    })
    const member = await this.membersQuery(tenantId).where('users.id', '=', userId).executeTakeFirstOrThrow()
    return memberView(member)
  }

  async removeMember(actor: Actor, tenantId: number, userId: number): Promise<void> {
    const actorRole = await this.policy.authorize(actor, 'members.manage', tenantId)
    await this.db.transaction().execute(async (trx) => {
      const role = await membershipRole(trx, tenantId, userId, true)
      if (!role) throw notFound('Member')
      if (role === 'owner') await this.keepAnOwner(trx, tenantId, userId, actorRole)
      await removeMembership(trx, tenantId, userId)
      await this.history.record(trx, actor, { tenantId, action: 'member.remove', target: { type: 'user', id: userId }, summary: { values: { role } } })
      await this.events.record(trx, { type: 'member.removed', tenantId, data: { userId, role } })
    })
  }

  /** An owner can only be demoted or removed by an owner, and never the last one. */
  private async keepAnOwner(trx: Executor, tenantId: number, userId: number, actorRole: TenantRole) {
    if (actorRole !== 'owner') throw forbidden('Only owners may remove or demote an owner.')
    if ((await countOwners(trx, tenantId, userId)) === 0) throw appErrors.last_owner()
  }
}
