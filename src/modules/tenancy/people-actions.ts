/**
 * The policy's rules (policy.ts ACTIONS) for a brand's people and their sign-ins, kept apart as
 * the table is long. A brand's admins read the brand's sign-in log and its people's pages, block,
 * unblock and delete the accounts that belong to the brand; the platform does so everywhere. A
 * customer's own tenant is no brand: it has no people of its own to act on (403 not_a_brand).
 */
export const PEOPLE_ACTIONS = {
  // the sign-in log: a brand's admins read their brand's rows, the platform every row
  'signins.read': { scope: 'tenants:admin', role: 'admin', machines: true, brand: true },
  'signins.readAll': { scope: 'tenants:admin', platform: true, machines: true },
  // a person's page: who they are, where they sign in, their tenants, devices and sessions
  'people.read': { scope: 'tenants:admin', role: 'admin', machines: true, brand: true },
  // blocking, unblocking, resending a confirmation, deleting an account of the brand
  'people.manage': { scope: 'tenants:admin', role: 'admin', machines: true, brand: true },
} as const
