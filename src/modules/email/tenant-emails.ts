/** A tenant admin's look at the tenant's emails: a preview with sample data, and a test send to themselves. */
import type { DB } from '../../db/connect.ts'
import type { EmailService, SendEmailInput } from './email.service.ts'
import type { EmailUser } from './renderer.ts'
import { checkEmailText, CUSTOMISABLE_TYPES, type CustomisableType, type EmailType } from './placeholders.ts'
import type { EmailTypeTexts, LocalizedText } from '../../db/database.ts'
import type { ErrorDetail } from '../../lib/errors.ts'
import type { Actor } from '../tenancy/index.ts'
import type { Policy } from '../tenancy/index.ts'
import type { TenantStore } from '../tenancy/index.ts'
import { notFound } from '../../lib/errors.ts'

/** A sample reset link's expiry: written in the preview's locale and the tenant's zone. */
const SAMPLE_EXPIRY = new Date('2026-11-21T15:00:00Z')

/** Sample values, so a preview shows every placeholder filled (the dates are sampleDates'). */
export function sampleData(type: EmailType, publicUrl: string, to: EmailUser): Record<string, string> {
  switch (type) {
    case 'passwordReset':
      return { resetToken: 'sample-reset-token' }
    case 'emailConfirmation':
      return { emailConfirmationToken: 'sample-confirmation-token' }
    case 'passwordlessLogin':
      return { loginCode: 'ABCDE-12345', loginLink: `${publicUrl}/callback?code=ABCDE-12345` }
    case 'invitation':
      // the admin previewing stands in for the person who invites, as invitations.service.ts names them
      return { invitationLink: `${publicUrl}/invitations/accept?token=sample-invitation-token`, invitedRole: 'member', inviter: to.displayName ? `${to.displayName} (${to.email})` : to.email }
    case 'passkeyAdded':
    case 'passkeyRemoved':
      return { passkeyName: 'iCloud Keychain' }
    case 'passwordResetSuccess':
    case 'accountExists':
    case 'accountDeleted':
      return {}
  }
}

/** Sample moments of a type's date placeholders, written in the preview's locale like a real one. */
export function sampleDates(type: EmailType): Record<string, Date> | undefined {
  return type === 'passwordReset' ? { resetTokenExp: SAMPLE_EXPIRY } : undefined
}

export class TenantEmailsService {
  constructor(
    private readonly db: DB,
    private readonly email: EmailService,
    private readonly policy: Policy,
    private readonly publicUrl: string,
    private readonly tenancy: TenantStore,
  ) {}

  private async prepare(actor: Actor, tenantId: number) {
    await this.policy.authorize(actor, 'emails.manage', tenantId)
    const user = await this.policy.user(actor)
    const tenant = await this.tenancy.findTenant(this.db, tenantId)
    if (!tenant) throw notFound('Tenant')
    return { tenant, to: { email: user.email, username: user.username, displayName: user.display_name } }
  }

  /**
   * The email as a recipient whose locale is `locale` gets it (null: one with none; the brand's
   * default applies). Saved and unsaved previews and the test send all start here, so none of
   * them leaves a placeholder blank that a real email fills.
   */
  private sample(type: EmailType, tenantId: number, to: EmailUser, locale: string | null): SendEmailInput {
    return { type, to, tenantId, customTexts: true, data: sampleData(type, this.publicUrl, to), dates: sampleDates(type), locale }
  }

  /** Renders an email with the tenant's settings and sample data (tenant admins). */
  async preview(actor: Actor, tenantId: number, type: EmailType, locale: string | null = null) {
    const { tenant, to } = await this.prepare(actor, tenantId)
    const { rendered } = await this.email.renderAs(this.db, this.sample(type, tenant.id, to, locale))
    return rendered
  }

  /**
   * Renders unsaved texts (the console's form as it is typed) without storing anything, and
   * names what saving them would refuse: an unknown placeholder, one of another email type,
   * stray braces. An empty field means the default, as it does when saved. A field may hold
   * one text per locale, as saved; `locale` is the recipient's the preview is rendered for.
   */
  async previewDraft(actor: Actor, tenantId: number, type: EmailType, draft: EmailTypeTexts, locale: string | null = null) {
    const { tenant, to } = await this.prepare(actor, tenantId)
    const problems: ErrorDetail[] = []
    const texts: EmailTypeTexts = {}
    if ((CUSTOMISABLE_TYPES as readonly string[]).includes(type)) {
      for (const [field, value] of Object.entries(draft) as [keyof EmailTypeTexts, LocalizedText | undefined][]) {
        if (!value) continue
        const problem = (typeof value === 'string' ? [value] : Object.values(value)).map((text) => checkEmailText(type as CustomisableType, field, text)).find(Boolean)
        if (problem) problems.push({ field, message: problem })
        texts[field] = value
      }
    }
    const { rendered } = await this.email.renderAs(this.db, { ...this.sample(type, tenant.id, to, locale), draftTexts: texts })
    return { rendered, problems }
  }

  /** Sends the preview to the admin's own address; returns that address. */
  async sendTest(actor: Actor, tenantId: number, type: EmailType, locale: string | null = null): Promise<string> {
    const { tenant, to } = await this.prepare(actor, tenantId)
    await this.email.send(this.db, this.sample(type, tenant.id, to, locale))
    this.email.wake()
    return to.email
  }
}
