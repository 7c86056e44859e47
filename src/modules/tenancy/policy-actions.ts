/** Every action of the policy (policy.ts), with the role it needs and the scope a token must carry. */
import type { TenantRole } from '../../db/database.ts'
import type { Scope } from './actor.ts'
import { PEOPLE_ACTIONS } from './people-actions.ts'

export interface Rule {
  scope: Scope
  /** The least role in the tenant; absent for platform-wide actions. */
  role?: TenantRole
  /** Platform administrators and the operator only. */
  platform?: boolean
  /** Only a person may do it, never a machine token (an app's or a machine client's). */
  people?: boolean
  /** A person or a machine client may do it, never an app's client_credentials token. */
  machines?: boolean
  /** Only in a brand (brands.ts): a tenant lends a look, texts, links or sign-up only if it is one. */
  brand?: boolean
}

/** Every action, with the role it needs and the scope a token must carry. */
export const ACTIONS = {
  'tenants.create': { scope: 'tenants:admin', platform: true, machines: true },
  'tenants.delete': { scope: 'tenants:admin', platform: true, machines: true },
  'tenants.list': { scope: 'tenants:read' },
  'tenants.read': { scope: 'tenants:read', role: 'customer' },
  'tenants.readPrivate': { scope: 'tenants:read', role: 'member' },
  'tenants.update': { scope: 'tenants:admin', role: 'admin', machines: true },
  // the tenant's face: name, logo, sender, email look, texts and links, sign-up
  'tenants.brand': { scope: 'tenants:admin', role: 'admin', machines: true, brand: true },
  // making a tenant a brand, approving domains for its token links
  'tenants.mark': { scope: 'tenants:admin', platform: true, machines: true },
  // the platform's own state: signing keys, the email outbox (the console's platform page)
  'platform.inspect': { scope: 'tenants:admin', platform: true, machines: true },
  // adding and retiring the signing keys every token is verified with
  'keys.manage': { scope: 'tenants:admin', platform: true, machines: true },
  // queuing the outbox's failed mail again
  'outbox.manage': { scope: 'tenants:admin', platform: true, machines: true },
  'members.read': { scope: 'tenants:read', role: 'member' },
  'members.manage': { scope: 'tenants:admin', role: 'admin', machines: true },
  // previews and test emails go to the person's own mailbox: a machine has none
  'emails.manage': { scope: 'tenants:admin', role: 'admin', people: true },
  // reading a tenant's email-settings versions (restoring one is a tenants.update, field by field)
  'settings.versions': { scope: 'tenants:admin', role: 'admin', machines: true },
  // the audit log: a tenant's admins read their tenant's entries, the platform reads all
  'audit.read': { scope: 'tenants:admin', role: 'admin', machines: true },
  'audit.readAll': { scope: 'tenants:admin', platform: true, machines: true },
  'spaces.read': { scope: 'spaces:read', role: 'member' },
  'spaces.write': { scope: 'spaces:write', role: 'admin' },
  'sensors.read': { scope: 'sensors:read', role: 'member' },
  'sensors.write': { scope: 'sensors:write', role: 'admin' },
  // a member may switch the tenant's devices; a customer's own tenant makes them its owner
  'sensors.command': { scope: 'sensors:write', role: 'member' },
  // a brand's admins register the devices the brand makes (the tenant must be a brand: registerIn)
  'devices.register': { scope: 'sensors:write', role: 'admin' },
  'devices.registerAsPlatform': { scope: 'sensors:write', platform: true },
  // claiming a device into a tenant makes it hold the device: its admins (a customer owns their own)
  'devices.claim': { scope: 'sensors:write', role: 'admin' },
  // every client, and clients without a tenant (the platform's own): platform administrators
  'clients.manage': { scope: 'tenants:admin', platform: true, machines: true },
  // the clients of one's own brand (manageClients below; docs/security.md "OAuth clients")
  'clients.manageOwn': { scope: 'tenants:admin', role: 'admin', machines: true, brand: true },
  // making, changing, rotating or deleting a machine client (manageMachines): a person answers
  // for every machine identity, and a leaked machine secret cannot mint itself a successor
  'machines.manage': { scope: 'tenants:admin', people: true },
  'users.create': { scope: 'tenants:admin', platform: true, machines: true },
  // listing every account, deleting one (the CLI's users list and users delete)
  'users.manage': { scope: 'tenants:admin', platform: true, machines: true },
  'algorithms.read': { scope: 'spaces:read' },
  'algorithms.define': { scope: 'spaces:write', platform: true, machines: true },
  'webhooks.manage': { scope: 'tenants:admin', role: 'admin', machines: true, brand: true },
  'webhooks.managePlatform': { scope: 'tenants:admin', platform: true, machines: true },
  // upstream sign-in providers (modules/connections): a brand's own, or the platform's for every brand
  'connections.manage': { scope: 'tenants:admin', role: 'admin', machines: true, brand: true },
  'connections.managePlatform': { scope: 'tenants:admin', platform: true, machines: true },
  'account.read': { scope: 'account', people: true },
  'account.update': { scope: 'account', people: true },
  ...PEOPLE_ACTIONS,
  'account.delete': { scope: 'account', people: true }, 'account.export': { scope: 'account', people: true },
} as const satisfies Record<string, Rule>
export type Action = keyof typeof ACTIONS
