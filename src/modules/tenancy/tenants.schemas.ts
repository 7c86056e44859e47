import Type, { type Static } from 'typebox'
import { component, LocaleTag, Nullable } from '../../lib/schemas.ts'

const Color = Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: '#RGB or #RRGGBB', examples: ['#1a73e8'] })
/**
 * A brand's text: one string (in the brand's default locale: `defaultLocale`), or one per
 * locale keyed by BCP 47 tag; null removes it (the platform's default applies again). An
 * object replaces the field's texts as a whole. Tags and placeholders are checked per locale.
 */
const Text = (max: number) =>
  Type.Union([
    Type.String({ maxLength: max }),
    Type.Record(Type.String(), Type.String({ maxLength: max }), {
      minProperties: 1,
      maxProperties: 40,
      description: 'one text per locale, keyed by BCP 47 tag, e.g. {"en": "...", "nl": "..."}',
    }),
    Type.Null(),
  ])

export const EmailTypeTextsSchema = Type.Object({
  subject: Type.Optional(Text(200)),
  title: Type.Optional(Text(200)),
  contentBeforeCta: Type.Optional(Text(5000)),
  ctaLabel: Type.Optional(Text(100)),
  ctaLink: Type.Optional(Text(2000)),
  contentAfterCta: Type.Optional(Text(5000)),
  footerTitle: Type.Optional(Text(200)),
}, { ...component('EmailTypeTexts'), additionalProperties: false })

export const EmailConfigSchema = Type.Object({
  template: Type.Optional(
    Type.Union([
      // an unknown field is a 400 naming it, never stored nor silently dropped
      Type.Object({
        buttonColor: Type.Optional(Type.Union([Color, Type.Null()])),
        textColor: Type.Optional(Type.Union([Color, Type.Null()])),
      }, { additionalProperties: false }),
      Type.Null(),
    ]),
  ),
  // Keys are checked in the service, so that `passwordlessLogin` gets its own message.
  emailTypeConfig: Type.Optional(
    Type.Union([Type.Record(Type.String(), Type.Union([EmailTypeTextsSchema, Type.Null()])), Type.Null()]),
  ),
}, component('EmailConfig'))
export type EmailConfigInput = Static<typeof EmailConfigSchema>

const HttpUrl = Type.String({ maxLength: 2000, pattern: '^https?://[^\\s]+$', description: 'an http or https URL', examples: ['https://example.com/logo.png'] })
const Email = Type.String({ format: 'email', maxLength: 320 })
const Opt = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Optional(Nullable(t))

export const SignupSchema = Type.Union([Type.Literal('closed'), Type.Literal('customers'), Type.Literal('members')], {
  description:
    'Who may sign up under this tenant: closed (nobody; the default), customers (a new user belongs to it as a customer and gets a personal child tenant), members (joins as a member)',
})

const tenantFields = {
  emailAddress: Opt(Email),
  address: Opt(Type.String({ maxLength: 500 })),
  phoneNumber: Opt(Type.String({ maxLength: 50 })),
  logoUrl: Opt(HttpUrl),
  zipCode: Opt(Type.String({ maxLength: 20 })),
  countryCode: Opt(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2', examples: ['DE'] })),
  senderEmail: Opt(Email),
  timeZone: Opt(Type.String({ maxLength: 64, description: 'IANA time zone for dates in emails, e.g. Europe/Berlin' })),
  defaultLocale: Opt(
    LocaleTag(
      "A brand's default locale (BCP 47): the language its plain-string email texts are written in, and the one its customers are spoken to in when their account has no locale of its own (its customers' tenants inherit it); null: English",
    ),
  ),
  signup: Type.Optional(SignupSchema),
  emailConfig: Type.Optional(EmailConfigSchema),
  brand: Type.Optional(
    Type.Boolean({ description: 'platform administrators only: mark a tenant under another as a brand (its own look, texts, links and sign-up); a tenant with no parent is always one' }),
  ),
  linkDomains: Type.Optional(
    Type.Array(Type.String({ maxLength: 253 }), {
      maxItems: 20,
      description: "platform administrators only: domains (exact host names) this tenant's email links may send a token to, besides its apps' redirect origins",
    }),
  ),
}

export const CreateTenantBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  parentTenantId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the brand this tenant is under; null or absent for a brand' }))),
  id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: 'a chosen id (importing a tenant that apps have built in); 409 when taken' }),
  ),
  ...tenantFields,
}, component('CreateTenant'))
export type CreateTenantInput = Static<typeof CreateTenantBody>
export const UpdateTenantBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), ...tenantFields }, component('UpdateTenant'))
export type UpdateTenantInput = Static<typeof UpdateTenantBody>

const O = Type.Optional
/** A tenant. A customer of a brand sees only its public face: id, name, logoUrl, parentTenantId. */
export const TenantSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logoUrl: Nullable(Type.String()),
  parentTenantId: Nullable(Type.Integer()),
  emailAddress: O(Nullable(Type.String())),
  address: O(Nullable(Type.String())),
  phoneNumber: O(Nullable(Type.String())),
  zipCode: O(Nullable(Type.String())),
  countryCode: O(Nullable(Type.String())),
  senderEmail: O(Nullable(Type.String())),
  timeZone: O(Nullable(Type.String())),
  defaultLocale: O(Nullable(Type.String({ description: "the brand's default locale (BCP 47); null: English" }))),
  signup: O(SignupSchema),
  brand: O(Type.Boolean({ description: 'whether the tenant is a brand: it lends its own look, texts, links and sign-up; any other tenant wears its brand\'s' })),
  linkDomains: O(Type.Array(Type.String())),
  emailConfig: O(
    Type.Object({
      template: Type.Optional(Type.Object({ buttonColor: Type.Optional(Type.String()), textColor: Type.Optional(Type.String()) })),
      emailTypeConfig: Type.Optional(
        Type.Record(Type.String(), Type.Record(Type.String(), Type.Union([Type.String(), Type.Record(Type.String(), Type.String())]))),
      ),
    }),
  ),
  createdAt: O(Type.String({ format: 'date-time' })),
  updatedAt: O(Type.String({ format: 'date-time' })),
}, component('Tenant'))
export type TenantView = Static<typeof TenantSchema>

/** Roles that can be granted by invitation. */
export const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')])
export const AnyRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member'), Type.Literal('customer')])

export const MemberSchema = Type.Object({
  userId: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  role: AnyRoleSchema,
  joinedAt: Type.String({ format: 'date-time' }),
}, component('Member'))

export const InviteBody = Type.Object({ email: Email, role: RoleSchema })
export const ChangeRoleBody = Type.Object({ role: RoleSchema })

export const InvitationSchema = Type.Object({
  id: Type.Integer(),
  tenantId: Type.Integer(),
  email: Type.String(),
  role: RoleSchema,
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('revoked'), Type.Literal('expired')]),
  expiresAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
})
