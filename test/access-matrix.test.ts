/**
 * The access matrix: every route of the app, called by every kind of caller, with the
 * status each must get. The route list comes from the app itself, so a route added without
 * a row here (or in PUBLIC, with the reason it is public) fails this test.
 *
 * The tenant under test, T, sits under a brand P, next to a sibling S. Callers:
 *   anon  no token                      cust  customer of T      mem / adm / own  member, admin, owner of T
 *   sib   member of the sibling S       par   member of the parent brand P
 *   plat  platform administrator        cc+   client_credentials token of a client owned by T, all scopes
 *   cc-   the same client's token without the route's scope
 *   own-  the owner of T, through an app granted no scope: a person's token is held to its scopes too
 * And machine clients (docs/api.md "Machine clients"), each with every scope a machine may hold:
 *   mplat the platform's machine client: a platform administrator's cell (plat), but where only a person acts
 *   mpar  the machine client of the parent brand P: as an admin of P, nowhere in T (par's cell), but where only a person acts
 * Their cells differ from plat's and par's only as MACHINE_CELLS says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry, Sensor } from '../src/db/database.ts'
import { OPERATOR, SCOPES } from '../src/modules/tenancy/actor.ts'
import { createActor, createTenant, createTestApp, type TestApp } from './helpers.ts'
import { createClient } from './login-helpers.ts'

const WHO = ['anon', 'cust', 'mem', 'adm', 'own', 'sib', 'par', 'plat', 'cc+', 'cc-', 'own-'] as const
const MACHINES = ['mplat', 'mpar'] as const
type Who = (typeof WHO)[number] | (typeof MACHINES)[number]

// prettier-ignore
const MATRIX: Record<string, number[]> = {
  //                                                          anon cust mem  adm  own  sib  par  plat cc+  cc-  own-
  'POST /tenants':                                           [401, 403, 403, 403, 403, 403, 403, 201, 403, 403, 403],
  'GET /tenants':                                            [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /v4/tenants':                                         [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /tenants/:tenantId':                                  [401, 200, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'PATCH /tenants/:tenantId':                                [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'GET /tenants/:tenantId/members':                          [401, 403, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/v4/members':                       [401, 403, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /tenants/:tenantId/members':                         [401, 403, 403, 201, 201, 404, 404, 201, 403, 403, 403],
  'PATCH /tenants/:tenantId/members/:userId':                [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'DELETE /tenants/:tenantId/members/:userId':               [401, 403, 403, 204, 204, 404, 404, 204, 403, 403, 403],
  'GET /tenants/:tenantId/invitations':                      [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'GET /tenants/:tenantId/v4/invitations':                   [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'DELETE /tenants/:tenantId/invitations/:invitationId':     [401, 403, 403, 204, 204, 404, 404, 204, 403, 403, 403],
  'POST /invitations/accept':                                [401, 400, 400, 400, 400, 400, 400, 400, 403, 403, 403],
  // email-settings versions: admins and owners, people only (policy.ts settings.versions; a restore is a tenants.update)
  'GET /tenants/:tenantId/email-settings/versions':          [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'GET /tenants/:tenantId/v4/email-settings/versions':       [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'GET /tenants/:tenantId/email-settings/versions/:version': [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'POST /tenants/:tenantId/email-settings/versions/:version/restore': [401, 403, 403, 201, 201, 404, 404, 201, 403, 403, 403],
  // the audit log: a tenant's admins read theirs, the platform reads all (policy.ts audit.read, audit.readAll)
  'GET /tenants/:tenantId/audit':                            [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'GET /tenants/:tenantId/v4/audit':                         [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'GET /audit':                                              [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'GET /v4/audit':                                           [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  // the sign-in log: a brand's admins (T is no brand: not_a_brand), the platform for all (policy people-actions.ts)
  'GET /tenants/:tenantId/v4/sign-ins':                      [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'GET /v4/sign-ins':                                        [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  // a brand's people: its admins (T is no brand: not_a_brand), the platform (policy people-actions.ts)
  'GET /tenants/:tenantId/people/:userId':                   [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'POST /tenants/:tenantId/people/:userId/block':            [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'POST /tenants/:tenantId/people/:userId/unblock':          [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'GET /tenants/:tenantId/emails/:emailType/preview':        [401, 403, 403, 200, 200, 404, 404, 200, 403, 403, 403],
  'POST /tenants/:tenantId/emails/:emailType/test':          [401, 403, 403, 202, 202, 404, 404, 202, 403, 403, 403],
  'POST /oauth/clients':                                     [401, 403, 403, 403, 403, 403, 403, 201, 403, 403, 403],
  'GET /oauth/clients':                                      [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'GET /v4/oauth/clients':                                   [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  // T is not a brand: its admins may not hold clients (not_a_brand); a brand's admins list theirs (test/clients.test.ts)
  'GET /tenants/:tenantId/oauth/clients':                    [401, 403, 403, 403, 403, 404, 404, 200, 403, 403, 403],
  // a client of no tenant (the platform's own) is the platform's alone: for anyone else it is not there
  // (policy.ts manageClients; a brand's admins manage their brand's clients: test/clients-brand.test.ts)
  'GET /oauth/clients/:clientId':                            [401, 404, 404, 404, 404, 404, 404, 200, 403, 403, 403],
  'PATCH /oauth/clients/:clientId':                          [401, 404, 404, 404, 404, 404, 404, 200, 403, 403, 403],
  'DELETE /oauth/clients/:clientId':                         [401, 404, 404, 404, 404, 404, 404, 204, 403, 403, 403],
  // the matrix's client is public: it has no secret to rotate (test/clients.test.ts rotates a confidential one)
  'POST /oauth/clients/:clientId/secret':                    [401, 404, 404, 404, 404, 404, 404, 400, 403, 403, 403],
  // the profile needs a person and the account scope (policy.ts: account.read), on every wire format
  'GET /users/current':                                      [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'PATCH /users/current':                                    [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'POST /users/current/password':                            [401, 400, 400, 400, 400, 400, 400, 400, 403, 403, 403],
  // passkeys: a person's own; a registration answer that answers no options is refused, an unknown passkey is not found
  'GET /users/current/passkeys':                             [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'POST /users/current/passkeys/options':                    [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'POST /users/current/passkeys':                            [401, 400, 400, 400, 400, 400, 400, 400, 403, 403, 403],
  'PATCH /users/current/passkeys/:passkeyId':                [401, 404, 404, 404, 404, 404, 404, 404, 403, 403, 403],
  'DELETE /users/current/passkeys/:passkeyId':               [401, 404, 404, 404, 404, 404, 404, 404, 403, 403, 403],
  // a brand's native apps: T is not a brand, so nobody registers one there (policy.ts tenants.brand)
  'GET /tenants/:tenantId/nativeApps':                       [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'POST /tenants/:tenantId/nativeApps':                      [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'DELETE /tenants/:tenantId/nativeApps/:appId':             [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'GET /tenants/:tenantId/passkeyPolicy':                    [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'PUT /tenants/:tenantId/passkeyPolicy':                    [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  // leaving and a copy of one's data: a person with the account scope, about themself (policy.ts account.delete, account.export);
  // a deletion is called by a fresh caller of the same kind each time (SELF_DELETING)
  'DELETE /users/current':                                   [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'DELETE /tenants/:tenantId/users/current':                 [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'GET /users/current/export':                               [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'GET /tenants/:tenantId/users/current/export':             [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'POST /algorithms':                                        [401, 403, 403, 403, 403, 403, 403, 201, 403, 403, 403],
  'GET /algorithms':                                         [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /v4/algorithms':                                      [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /algorithms/:keyName':                                [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'POST /spaces':                                            [401, 403, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'GET /spaces':                                             [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /v4/spaces':                                          [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /spaces/:spaceId':                                    [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'PATCH /spaces/:spaceId':                                  [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /spaces/:spaceId':                                 [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'GET /spaces/:spaceId/algorithms':                         [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /spaces/:spaceId/algorithms/key/:keyName':            [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /spaces/:spaceId/algorithms/key/:keyName':           [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /spaces/:spaceId/algorithms/key/:keyName':         [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'POST /tenants/:tenantId/spaces':                          [401, 403, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'GET /tenants/:tenantId/spaces':                           [401, 200, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/v4/spaces':                        [401, 200, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/spaces/:spaceId':                  [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'PATCH /tenants/:tenantId/spaces/:spaceId':                [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /tenants/:tenantId/spaces/:spaceId':               [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'GET /tenants/:tenantId/spaces/:spaceId/algorithms':       [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/spaces/:spaceId/algorithms/key/:keyName':    [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /tenants/:tenantId/spaces/:spaceId/algorithms/key/:keyName':   [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /tenants/:tenantId/spaces/:spaceId/algorithms/key/:keyName': [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'POST /sensors':                                           [401, 403, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'GET /sensors':                                            [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /v4/sensors':                                         [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /sensors/:sensorId':                                  [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'PATCH /sensors/:sensorId':                                [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /sensors/:sensorId':                               [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'POST /tenants/:tenantId/sensors':                         [401, 403, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'GET /tenants/:tenantId/sensors':                          [401, 200, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/v4/sensors':                       [401, 200, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/sensors/:sensorId':                [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'PATCH /tenants/:tenantId/sensors/:sensorId':              [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /tenants/:tenantId/sensors/:sensorId':             [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'GET /sensors/:sensorId/scheduleGroups':                   [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /sensors/:sensorId/scheduleGroups':                  [401, 404, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'DELETE /sensors/:sensorId/scheduleGroups/:groupId':       [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'GET /tenants/:tenantId/sensors/:sensorId/scheduleGroups':             [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /tenants/:tenantId/sensors/:sensorId/scheduleGroups':            [401, 404, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'DELETE /tenants/:tenantId/sensors/:sensorId/scheduleGroups/:groupId': [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'POST /sensors/:sensorId/credentials':                     [401, 404, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'PUT /sensors/:sensorId/device-access':                    [401, 404, 403, 403, 403, 404, 404, 200, 403, 403, 403],
  // members may command their tenant's devices; this one is offline, so an allowed caller gets 409 device_offline
  'POST /sensors/:sensorId/command':                         [401, 404, 409, 409, 409, 404, 404, 409, 409, 403, 403],
  'GET /sensors/:sensorId/commands/:commandId':              [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /v4/sensors/:sensorId/history':                       [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /tenants/:tenantId/sensors/:sensorId/credentials':   [401, 404, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'PUT /tenants/:tenantId/sensors/:sensorId/device-access':  [401, 404, 403, 403, 403, 404, 404, 200, 403, 403, 403],
  'POST /tenants/:tenantId/sensors/:sensorId/command':       [401, 404, 409, 409, 409, 404, 404, 409, 409, 403, 403],
  'GET /tenants/:tenantId/sensors/:sensorId/commands/:commandId': [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/v4/sensors/:sensorId/history':     [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /userinfo':                                           [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'POST /userinfo':                                          [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'GET /ws/ticket':                                          [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  // the v5 dialect answers refusals as 200 with an errorMessage: counted here by their meaning (see effective())
  'GET /v5/user/me':                                         [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'GET /v5/users/current':                                   [401, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403],
  'GET /v5/tenant/':                                         [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /v5/sensor/':                                         [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'PATCH /v5/sensor/:id':                                    [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /v5/smarthome/sensors':                               [401, 200, 200, 200, 200, 200, 200, 200, 200, 403, 403],
  'GET /v5/data/:mac/status':                                [401, 404, 200, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /v5/sensor/:mac/commands':                           [401, 404, 409, 409, 409, 404, 404, 409, 409, 403, 403],
  'POST /devices':                                           [401, 403, 403, 403, 403, 403, 403, 201, 403, 403, 403],
  'POST /devices/bulk':                                      [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'GET /devices':                                            [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'PATCH /devices/:mac':                                     [401, 404, 404, 404, 404, 404, 404, 200, 404, 403, 403],
  'POST /tenants/:tenantId/devices':                         [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'POST /tenants/:tenantId/devices/bulk':                    [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'GET /tenants/:tenantId/devices':                          [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'PATCH /tenants/:tenantId/devices/:mac':                   [401, 404, 404, 404, 404, 404, 404, 404, 404, 403, 403],
  'POST /devices/claim':                                     [401, 403, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  // webhook endpoints of the platform (T is no brand: its admins get none; test/webhooks.test.ts has a brand's)
  'GET /webhooks':                                           [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'POST /webhooks':                                          [401, 403, 403, 403, 403, 403, 403, 201, 403, 403, 403],
  'GET /webhooks/:endpointId':                               [401, 404, 404, 404, 404, 404, 404, 200, 404, 403, 403],
  'PATCH /webhooks/:endpointId':                             [401, 404, 404, 404, 404, 404, 404, 200, 404, 403, 403],
  'DELETE /webhooks/:endpointId':                            [401, 404, 404, 404, 404, 404, 404, 204, 404, 403, 403],
  'POST /webhooks/:endpointId/rotate':                       [401, 404, 404, 404, 404, 404, 404, 200, 404, 403, 403],
  'POST /webhooks/:endpointId/test':                         [401, 404, 404, 404, 404, 404, 404, 202, 404, 403, 403],
  'GET /webhooks/:endpointId/deliveries':                    [401, 404, 404, 404, 404, 404, 404, 200, 404, 403, 403],
  'POST /webhooks/:endpointId/deliveries/:deliveryId/resend': [401, 404, 404, 404, 404, 404, 404, 202, 404, 403, 403],
  // upstream sign-in providers: the platform's without the prefix; a brand's with it (T is no brand: nobody has one there)
  'GET /v4/connections':                                     [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'POST /v4/connections':                                    [401, 403, 403, 403, 403, 403, 403, 201, 403, 403, 403],
  'GET /v4/connections/:connectionId':                       [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'PATCH /v4/connections/:connectionId':                     [401, 403, 403, 403, 403, 403, 403, 200, 403, 403, 403],
  'DELETE /v4/connections/:connectionId':                    [401, 403, 403, 403, 403, 403, 403, 204, 403, 403, 403],
  'POST /v4/connections/:connectionId/test':                 [401, 403, 403, 403, 403, 403, 403, 404, 403, 403, 403],
  'GET /tenants/:tenantId/v4/connections':                   [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'POST /tenants/:tenantId/v4/connections':                  [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'GET /tenants/:tenantId/v4/connections/:connectionId':     [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'PATCH /tenants/:tenantId/v4/connections/:connectionId':   [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'DELETE /tenants/:tenantId/v4/connections/:connectionId':  [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'POST /tenants/:tenantId/v4/connections/:connectionId/test': [401, 403, 403, 403, 403, 404, 404, 403, 403, 403, 403],
  'POST /tenants/:tenantId/devices/claim':                   [401, 403, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'POST /sensors/:sensorId/release':                         [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'POST /tenants/:tenantId/sensors/:sensorId/release':       [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'POST /sensors/:sensorId/transfer':                        [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /tenants/:tenantId/sensors/:sensorId/transfer':      [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /sensors/:sensorId/credentials':                   [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'DELETE /tenants/:tenantId/sensors/:sensorId/credentials': [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  // every way in to a device, seen and ended by its holder's admins; the transfer code for the next holder (issue 39)
  'GET /sensors/:sensorId/device-access':                    [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'GET /tenants/:tenantId/sensors/:sensorId/device-access':  [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'DELETE /sensors/:sensorId/device-access':                 [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'DELETE /tenants/:tenantId/sensors/:sensorId/device-access': [401, 404, 403, 204, 204, 404, 404, 204, 204, 403, 403],
  'PUT /sensors/:sensorId/factory-password':                 [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'PUT /tenants/:tenantId/sensors/:sensorId/factory-password': [401, 404, 403, 200, 200, 404, 404, 200, 200, 403, 403],
  'POST /sensors/:sensorId/transfer-code':                   [401, 404, 403, 201, 201, 404, 404, 201, 201, 403, 403],
  'POST /tenants/:tenantId/sensors/:sensorId/transfer-code': [401, 404, 403, 201, 201, 404, 404, 201, 201, 403, 403],
}

/** Hosted pages authenticate a browser by its page-session cookie and CSRF token, not a bearer token (tested in test/pages-*.test.ts). */
const PAGE = 'hosted page: page-session cookie and CSRF token'

const CONSOLE = `${PAGE}; the console acts with the signed-in person's Actor through the same services`

/** Routes anyone may call, and why. */
const PUBLIC: Record<string, string> = {
  'GET /health': 'liveness', 'GET /ready': 'readiness', 'GET /metrics': 'its own bearer token (METRICS_TOKEN); absent unless configured', 'GET /openapi.json': 'the API document',
  'GET /docs': 'docs UI', 'GET /docs/json': 'docs UI', 'GET /docs/yaml': 'docs UI', 'GET /docs/static/*': 'docs UI',
  'GET /docs/static/index.html': 'docs UI', 'GET /docs/static/swagger-initializer.js': 'docs UI',
  'GET /.well-known/jwks.json': 'public keys', 'GET /.well-known/oauth-authorization-server': 'RFC 8414 metadata',
  'POST /auth/oauth2/token': 'client authentication is its own', 'POST /auth/oauth2/revoke': 'client authentication is its own',
  'POST /auth/oauth2/introspect': 'client authentication is its own',
  'POST /auth/oauth2/device_authorization': 'client authentication is its own (RFC 8628)',
  'POST /tenants/:tenantId/auth/oauth2/device_authorization': 'client authentication is its own (RFC 8628)',
  'POST /auth/passwordlessLogin/code': 'starts a login', 'POST /tenants/:tenantId/auth/passwordlessLogin/code': 'starts a login',
  'POST /auth/passkeys/options': 'starts a passkey login', 'POST /tenants/:tenantId/auth/passkeys/options': 'starts a passkey login',
  'GET /.well-known/apple-app-site-association': "the brands' apps, fetched by Apple", 'GET /.well-known/assetlinks.json': "the brands' apps, fetched by Android",
  'POST /auth/passkeys/signIn': 'the passkey is the proof', 'POST /tenants/:tenantId/auth/passkeys/signIn': 'the passkey is the proof',
  'POST /users/register': 'sign-up', 'POST /tenants/:tenantId/users/register': 'sign-up',
  'POST /users/confirmEmail': 'the token is the proof', 'POST /tenants/:tenantId/users/confirmEmail': 'the token is the proof',
  'POST /users/forgotPassword': 'answers the same for every address', 'POST /tenants/:tenantId/users/forgotPassword': 'answers the same for every address',
  'POST /users/resetPassword': 'the token is the proof', 'POST /tenants/:tenantId/users/resetPassword': 'the token is the proof',
  'GET /invitations/preview': 'the token is the proof',
  'GET /email/sender-verification': 'the token is the proof', 'POST /email/sender-verification': 'the token is the proof',
  'POST /email/sender-verification/confirm': 'the token is the proof (the page of the link, with its CSRF token)',
  'POST /v5/auth/passwordlessLogin/code': 'starts a login (v5)', 'POST /v5/auth/token': 'client authentication is its own (v5)',
  'POST /v5/auth/v4/login': 'a password login (v5)',
  'GET /dev/mailbox': 'development only', 'GET /dev/mailbox/messages': 'development only', 'GET /dev/mailbox/:id': 'development only',
  'GET /dev/mailbox/:id/text': 'development only', 'GET /dev/callback': 'development only',
  'OPTIONS *': 'CORS preflight (plugins/cors.ts)',
  'GET /.well-known/openid-configuration': 'OpenID Connect discovery',
  'GET /tenants/:tenantId/.well-known/openid-configuration': "OpenID Connect discovery of the tenant's issuer",
  'GET /tenants/:tenantId/.well-known/oauth-authorization-server': "RFC 8414 metadata of the tenant's issuer",
  'GET /.well-known/oauth-authorization-server/tenants/:tenantId': "RFC 8414 metadata of the tenant's issuer (its 3.1 address)",
  'GET /pages/pages.css': PAGE, 'GET /pages/passkey.js': PAGE, 'GET /pages/favicon.svg': PAGE, 'GET /favicon.ico': PAGE,
  'POST /auth/oauth2/authorize/passkey/options': PAGE, 'POST /tenants/:tenantId/auth/oauth2/authorize/passkey/options': PAGE,
  'POST /auth/oauth2/authorize/passkey': PAGE, 'POST /tenants/:tenantId/auth/oauth2/authorize/passkey': PAGE,
  'POST /account/passkeys/options': PAGE, 'POST /tenants/:tenantId/account/passkeys/options': PAGE,
  'POST /account/passkeys': PAGE, 'POST /tenants/:tenantId/account/passkeys': PAGE,
  'POST /account/passkeys/:passkeyId/rename': PAGE, 'POST /tenants/:tenantId/account/passkeys/:passkeyId/rename': PAGE,
  'POST /account/passkeys/:passkeyId/delete': PAGE, 'POST /tenants/:tenantId/account/passkeys/:passkeyId/delete': PAGE,
  'GET /dev/login.js': PAGE,
  'GET /dev/callback.js': PAGE,
  'GET /dev/login': PAGE,
  'GET /auth/oauth2/authorize': PAGE,
  'GET /tenants/:tenantId/auth/oauth2/authorize': PAGE,
  'POST /auth/oauth2/authorize/email': PAGE,
  'POST /tenants/:tenantId/auth/oauth2/authorize/email': PAGE,
  'POST /auth/oauth2/authorize/code': PAGE,
  'POST /tenants/:tenantId/auth/oauth2/authorize/code': PAGE,
  'GET /auth/oauth2/authorize/link': PAGE,
  'GET /tenants/:tenantId/auth/oauth2/authorize/link': PAGE,
  'GET /confirm-email': PAGE,
  'GET /tenants/:tenantId/confirm-email': PAGE,
  'POST /auth/oauth2/authorize/upstream': PAGE, 'POST /tenants/:tenantId/auth/oauth2/authorize/upstream': PAGE,
  'GET /auth/oauth2/authorize/upstream/code': PAGE, 'GET /tenants/:tenantId/auth/oauth2/authorize/upstream/code': PAGE,
  'GET /account/providers': PAGE, 'GET /tenants/:tenantId/account/providers': PAGE,
  'POST /account/providers/unlink': PAGE, 'POST /tenants/:tenantId/account/providers/unlink': PAGE,
  'GET /auth/upstream/callback': "the providers' redirect URI: the state bound to the browser is the proof",
  'POST /auth/upstream/nonce': 'a nonce for a native sign-in, handed to any app (single-use, per client, rate-limited)',
  'POST /auth/upstream/callback': "Apple's form_post: only redirects to the GET, which checks the state",
  'POST /confirm-email': PAGE,
  'POST /tenants/:tenantId/confirm-email': PAGE,
  'GET /reset-password': PAGE,
  'GET /tenants/:tenantId/reset-password': PAGE,
  'POST /reset-password': PAGE,
  'POST /tenants/:tenantId/reset-password': PAGE,
  'GET /forgot-password': PAGE,
  'GET /tenants/:tenantId/forgot-password': PAGE,
  'POST /forgot-password': PAGE,
  'POST /tenants/:tenantId/forgot-password': PAGE,
  'GET /device': PAGE, 'GET /tenants/:tenantId/device': PAGE,
  'POST /device': PAGE, 'POST /tenants/:tenantId/device': PAGE,
  'POST /device/decision': PAGE, 'POST /tenants/:tenantId/device/decision': PAGE,
  'GET /account': PAGE,
  'GET /tenants/:tenantId/account': PAGE,
  'POST /account/profile': PAGE,
  'POST /tenants/:tenantId/account/profile': PAGE,
  'POST /account/locale': PAGE,
  'POST /tenants/:tenantId/account/locale': PAGE,
  'POST /account/password': PAGE,
  'POST /tenants/:tenantId/account/password': PAGE,
  'POST /account/signout': PAGE,
  'POST /tenants/:tenantId/account/signout': PAGE,
  'GET /account/export': PAGE,
  'GET /tenants/:tenantId/account/export': PAGE,
  'GET /account/delete': PAGE,
  'GET /tenants/:tenantId/account/delete': PAGE,
  'POST /account/delete': PAGE,
  'POST /tenants/:tenantId/account/delete': PAGE,
  'POST /account/delete/reauth': PAGE,
  'POST /tenants/:tenantId/account/delete/reauth': PAGE,
  'GET /auth/oauth2/logout': PAGE,
  'GET /tenants/:tenantId/auth/oauth2/logout': PAGE,
  'POST /auth/oauth2/logout': PAGE,
  'POST /tenants/:tenantId/auth/oauth2/logout': PAGE,
  'GET /invitations/accept': PAGE,
  'GET /tenants/:tenantId/invitations/accept': PAGE,
  'POST /invitations/accept/signin': PAGE,
  'POST /tenants/:tenantId/invitations/accept/signin': PAGE,
  'POST /invitations/accept/confirm': PAGE,
  'POST /tenants/:tenantId/invitations/accept/confirm': PAGE,
  // the console: a hosted page like the others; its access, CSRF and 404s are tested in test/console-http.test.ts
  'GET /console/console.css': CONSOLE,
  'GET /console/console.js': CONSOLE,
  'GET /console': CONSOLE,
  'GET /tenants/:tenantId/console': CONSOLE,
  'GET /console/tenants/:tenantId': CONSOLE,
  'GET /console/platform': CONSOLE,
  'GET /console/platform/providers': CONSOLE,
  'POST /console/platform/providers': CONSOLE,
  'POST /console/platform/providers/:connectionId/test': CONSOLE,
  'POST /console/platform/providers/:connectionId/enabled': CONSOLE,
  'GET /console/platform/providers/:connectionId/delete': CONSOLE,
  'POST /console/platform/providers/:connectionId/delete': CONSOLE,
  'GET /console/tenants/:tenantId/audit': CONSOLE,
  'GET /console/tenants/:tenantId/brand': CONSOLE,
  'POST /console/tenants/:tenantId/brand': CONSOLE,
  'GET /console/tenants/:tenantId/brand/preview': CONSOLE,
  'POST /console/tenants/:tenantId/brand/preview': CONSOLE,
  'GET /console/tenants/:tenantId/emails': CONSOLE,
  'GET /console/tenants/:tenantId/emails/:emailType': CONSOLE,
  'POST /console/tenants/:tenantId/emails/:emailType': CONSOLE,
  'POST /console/tenants/:tenantId/emails/:emailType/test': CONSOLE,
  'GET /console/tenants/:tenantId/emails/:emailType/preview': CONSOLE,
  'POST /console/tenants/:tenantId/emails/:emailType/preview': CONSOLE,
  'POST /console/tenants/:tenantId/emails/:emailType/draft': CONSOLE,
  'POST /console/tenants/:tenantId/emails/:emailType/versions/:version/restore': CONSOLE,
  'GET /console/tenants/:tenantId/people': CONSOLE,
  'GET /console/tenants/:tenantId/customers': CONSOLE,
  'POST /console/tenants/:tenantId/people/invitations': CONSOLE,
  'POST /console/tenants/:tenantId/people/invitations/:invitationId/revoke': CONSOLE,
  'POST /console/tenants/:tenantId/people/invitations/:invitationId/resend': CONSOLE,
  'POST /console/tenants/:tenantId/people/members/:userId/role': CONSOLE,
  'GET /console/tenants/:tenantId/people/members/:userId/remove': CONSOLE,
  'POST /console/tenants/:tenantId/people/members/:userId/remove': CONSOLE,
  'GET /console/tenants/:tenantId/people/members/:userId/sessions': CONSOLE,
  'POST /console/tenants/:tenantId/people/members/:userId/sessions/:sessionId/revoke': CONSOLE,
  'GET /console/tenants/:tenantId/person/:userId': CONSOLE,
  'POST /console/tenants/:tenantId/person/:userId/block': CONSOLE,
  'POST /console/tenants/:tenantId/person/:userId/unblock': CONSOLE,
  'POST /console/tenants/:tenantId/person/:userId/confirmation': CONSOLE,
  'POST /console/tenants/:tenantId/person/:userId/sessions/:sessionId/end': CONSOLE,
  'POST /console/tenants/:tenantId/person/:userId/sessions/end-all': CONSOLE,
  'GET /console/tenants/:tenantId/person/:userId/delete': CONSOLE,
  'POST /console/tenants/:tenantId/person/:userId/delete': CONSOLE,
  'GET /console/tenants/:tenantId/sign-ins': CONSOLE,
  'GET /console/tenants/:tenantId/apps': CONSOLE,
  'POST /console/tenants/:tenantId/apps': CONSOLE,
  'GET /console/tenants/:tenantId/apps/secret': CONSOLE,
  'GET /console/tenants/:tenantId/apps/:clientId': CONSOLE,
  'POST /console/tenants/:tenantId/apps/:clientId/edit': CONSOLE,
  'POST /console/tenants/:tenantId/apps/:clientId/rotate': CONSOLE,
  'GET /console/tenants/:tenantId/apps/:clientId/delete': CONSOLE,
  'POST /console/tenants/:tenantId/apps/:clientId/delete': CONSOLE,
  'GET /console/tenants/:tenantId/devices': CONSOLE,
  'POST /console/tenants/:tenantId/devices/register': CONSOLE,
  'POST /console/tenants/:tenantId/devices/import': CONSOLE,
  'GET /console/tenants/:tenantId/devices/credentials': CONSOLE,
  'POST /console/tenants/:tenantId/devices/:sensorId/command': CONSOLE,
  'POST /console/tenants/:tenantId/devices/:sensorId/credentials': CONSOLE,
  'GET /console/tenants/:tenantId/devices/:sensorId/delete': CONSOLE,
  'POST /console/tenants/:tenantId/devices/:sensorId/delete': CONSOLE,
  // the webhooks page: its access (admins of a brand only) is tested in test/console-webhooks.test.ts
  'GET /console/tenants/:tenantId/webhooks': CONSOLE,
  'GET /console/tenants/:tenantId/passkeys': CONSOLE,
  'GET /console/tenants/:tenantId/providers': CONSOLE,
  'POST /console/tenants/:tenantId/providers': CONSOLE,
  'POST /console/tenants/:tenantId/providers/:connectionId/test': CONSOLE,
  'POST /console/tenants/:tenantId/providers/:connectionId/enabled': CONSOLE,
  'GET /console/tenants/:tenantId/providers/:connectionId/delete': CONSOLE,
  'POST /console/tenants/:tenantId/providers/:connectionId/delete': CONSOLE,
  'POST /console/tenants/:tenantId/passkeys/mode': CONSOLE,
  'POST /console/tenants/:tenantId/passkeys/apps': CONSOLE,
  'POST /console/tenants/:tenantId/passkeys/apps/:appId/delete': CONSOLE,
  'GET /console/tenants/:tenantId/webhooks/secret': CONSOLE,
  'POST /console/tenants/:tenantId/webhooks': CONSOLE,
  'POST /console/tenants/:tenantId/webhooks/:endpointId/enabled': CONSOLE,
  'POST /console/tenants/:tenantId/webhooks/:endpointId/rotate': CONSOLE,
  'GET /console/tenants/:tenantId/webhooks/:endpointId/delete': CONSOLE,
  'POST /console/tenants/:tenantId/webhooks/:endpointId/delete': CONSOLE,
  'GET /console/tenants/:tenantId/webhooks/:endpointId': CONSOLE,
  'POST /console/tenants/:tenantId/webhooks/:endpointId/test': CONSOLE,
  'POST /console/tenants/:tenantId/webhooks/:endpointId/deliveries/:deliveryId/resend': CONSOLE,
  // a console URL that names no page: a 404 page for anyone (test/console-forms.test.ts)
  'GET /console/*': CONSOLE,
  'POST /console/*': CONSOLE,
  'GET /tenants/:tenantId/console/*': CONSOLE,
  'POST /tenants/:tenantId/console/*': CONSOLE,
  'GET /ws': 'the single-use ticket from GET /ws/ticket is the proof (tested in devices-isolation)',
}

/** Where a machine client's cell is not plat's (mplat) or par's (mpar): [mplat, mpar]. */
// prettier-ignore
const MACHINE_CELLS: Record<string, [number, number]> = {
  //                                                          mplat mpar
  // a person's own account: a machine holds no account scope (policy.ts account.read, .update, .delete, .export)
  'POST /invitations/accept':                                [403, 403],
  'GET /users/current':                                      [403, 403],
  'PATCH /users/current':                                    [403, 403],
  'POST /users/current/password':                            [403, 403],
  'GET /userinfo':                                           [403, 403],
  'POST /userinfo':                                          [403, 403],
  'GET /v5/user/me':                                         [403, 403],
  'GET /v5/users/current':                                   [403, 403],
  'DELETE /users/current':                                   [403, 403],
  'DELETE /tenants/:tenantId/users/current':                 [403, 403],
  'GET /users/current/export':                               [403, 403],
  'GET /tenants/:tenantId/users/current/export':             [403, 403],
  // a person's own passkeys: account scope, people only (policy.ts passkeys.manage)
  'GET /users/current/passkeys':                             [403, 403],
  'POST /users/current/passkeys/options':                    [403, 403],
  'POST /users/current/passkeys':                            [403, 403],
  'PATCH /users/current/passkeys/:passkeyId':                [403, 403],
  'DELETE /users/current/passkeys/:passkeyId':               [403, 403],
  // previews and test emails go to the person's own mailbox (policy.ts emails.manage, people only)
  'GET /tenants/:tenantId/emails/:emailType/preview':        [403, 403],
  'POST /tenants/:tenantId/emails/:emailType/test':          [403, 403],
}

/** The expected statuses of a row: its eleven cells, then the machine clients'. */
function cells(route: string): number[] {
  const row = MATRIX[route]!
  const machine = MACHINE_CELLS[route] ?? [row[WHO.indexOf('plat')]!, row[WHO.indexOf('par')]!]
  return [...row, ...machine]
}

let t: TestApp
let T: number
let spaceId: number
let sensorId: number
let clientId: string
let sensorRow: Sensor
let sibling: number
let parent: number
let endpointId: number | undefined
const MAC = 'e0:5a:1b:00:aa:01'
const CLAIM = 'code on the box'
const headers: Partial<Record<Who, Record<string, string>>> = {}
let counter = 0

async function ccToken(scopes: string[]): Promise<string> {
  const client = await createClient(t.app, { public: false, grantTypes: ['client_credentials'], scopes, tenantId: T })
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/oauth2/token',
    payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret },
  })
  return res.json().access_token
}

/** A machine client's token (every machine scope), of the platform (null) or of a brand. */
async function machineToken(tenantId: number | null): Promise<string> {
  const { client, secret } = await t.app.services.clients.create(OPERATOR, { name: 'Automation', redirectUris: [], machine: true, tenantId })
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth2/token', payload: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: secret } })
  return res.json().access_token
}

beforeAll(async () => {
  t = await createTestApp()
  const P = await createTenant(t, 'Brand P', { signup: 'customers' })
  T = await createTenant(t, 'Tenant T', { parentTenantId: P })
  const S = await createTenant(t, 'Sibling S', { parentTenantId: P })
  sibling = S
  parent = P
  const roles: [Who, number, 'customer' | 'member' | 'admin' | 'owner'][] = [
    ['cust', T, 'customer'], ['mem', T, 'member'], ['adm', T, 'admin'], ['own', T, 'owner'], ['sib', S, 'member'], ['par', P, 'member'],
  ]
  for (const [who, tenantId, role] of roles) headers[who] = (await createActor(t, { tenantId, role })).headers
  headers.plat = (await createActor(t, { platformAdmin: true })).headers
  headers['cc+'] = { authorization: `Bearer ${await ccToken([...SCOPES])}` }
  headers['cc-'] = { authorization: `Bearer ${await ccToken(['none'])}` }
  headers['own-'] = (await createActor(t, { tenantId: T, role: 'owner', scopes: ['none'] })).headers
  headers.mplat = { authorization: `Bearer ${await machineToken(null)}` }
  headers.mpar = { authorization: `Bearer ${await machineToken(P)}` }
  await t.app.services.algorithms.register(OPERATOR, { keyName: 'co2Alert', name: 'CO2', optionsSchema: { type: 'object' } })
  spaceId = (await t.app.services.spaces.create(OPERATOR, T, { name: 'Room' })).id
  await t.app.services.algorithms.put(OPERATOR, spaceId, undefined, 'co2Alert', {})
  // a device the platform registered and T claimed
  await t.app.services.devices.registry.register(OPERATOR, null, { mac: MAC, model: '58', claimCode: CLAIM })
  sensorRow = await t.app.services.devices.registry.claim(OPERATOR, T, { mac: MAC, code: CLAIM, name: 'Fan' })
  sensorId = sensorRow.id
  clientId = (await createClient(t.app)).clientId
})
afterAll(() => t.close())

/** Path parameters: the shared resources of T, or fresh ones where the route destroys what it names. */
async function fill(route: string): Promise<string> {
  const [method, url] = route.split(' ') as [string, string]
  const fresh = method === 'DELETE' || url.endsWith('/release')
  const n = ++counter
  let space = spaceId
  let target = sensorRow
  if (fresh && url.includes(':spaceId')) {
    space = (await t.app.services.spaces.create(OPERATOR, T, { name: `Doomed ${n}` })).id
    await t.app.services.algorithms.put(OPERATOR, space, undefined, 'co2Alert', {})
  }
  const values: Record<string, (() => Promise<string | number>) | string | number> = {
    tenantId: T,
    spaceId: space,
    keyName: 'co2Alert',
    emailType: 'passwordReset',
    sensorId: async () => {
      if (fresh) {
        const mac = `e0:5a:1b:01:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`
        await t.app.services.devices.registry.register(OPERATOR, null, { mac, model: '58', claimCode: CLAIM })
        target = await t.app.services.devices.registry.claim(OPERATOR, T, { mac, code: CLAIM, name: 'D' })
      }
      return target.id
    },
    id: sensorId,
    mac: MAC,
    passkeyId: 2147483000,
    appId: 2147483000,
    commandId: async () => (await t.db.insertInto('device_commands').values({ sensor_id: target.id, tenant_id: T, command: 'tune set power 1', key: 'power', value: 1, created_at: t.clock.now(), expires_at: new Date(t.clock.now().getTime() + 60_000) }).returning('id').executeTakeFirstOrThrow()).id,
    groupId: async () => (await t.app.services.schedules.create(target, [{ cron: '0 6 * * *', type: 'tune', value: { power: 1 } }], OPERATOR)).id,
    userId: async () => (await createActor(t, { tenantId: T, role: 'member' })).user.id,
    // a platform connection (the test action gets an unknown one: testing would fetch from the internet)
    connectionId: async () => {
      if (url.endsWith('/test')) return 2147483000
      const now = t.clock.now()
      const row = { tenant_id: null, kind: 'oidc' as const, name: 'P', issuer: 'https://93.184.216.34', client_id: `c${n}`, scopes: 'openid', created_at: now, updated_at: now }
      return (await t.db.insertInto('upstream_connections').values(row).returning('id').executeTakeFirstOrThrow()).id
    },
    invitationId: async () => (await t.app.services.invitations.invite(OPERATOR, T, { email: `invitee${n}@example.test`, role: 'member' })).id,
    clientId: async () => (fresh ? (await createClient(t.app)).clientId : clientId),
    // a version of T's settings to read or restore: T's address as it was before this call
    endpointId: async () => {
      const made = async () => (await t.app.services.webhooks.create(OPERATOR, null, { url: 'https://93.184.216.34/hook', eventTypes: ['device.state'] })).endpoint.id
      if (fresh) return made()
      endpointId ??= await made()
      return endpointId
    },
    deliveryId: async () => (await t.app.services.webhooks.sendTest(OPERATOR, endpointId ?? 0)).deliveryId,
    version: async () => (await t.app.services.tenants.update(OPERATOR, T, { address: `Old ${n} St` }), (await t.app.services.settingsHistory.latest(T)).version),
  }
  let path = url
  for (const [name, value] of Object.entries(values)) {
    if (path.includes(`:${name}`)) path = path.replace(`:${name}`, String(typeof value === 'function' ? await value() : value))
  }
  return path
}

function body(route: string): object | undefined {
  const n = counter
  const bodies: Record<string, object> = {
    'POST /tenants': { name: `New ${n}` },
    'PATCH /tenants/:tenantId': { address: `${n} Main St` },
    'POST /tenants/:tenantId/members': { email: `member${n}@example.test`, role: 'member' },
    'PATCH /tenants/:tenantId/members/:userId': { role: 'admin' },
    'POST /invitations/accept': { token: 'not-a-token' },
    'POST /oauth/clients': { name: 'App', redirectUris: ['https://app.test/cb'] },
    'PATCH /oauth/clients/:clientId': { redirectUris: [`https://app.test/cb${n}`] },
    'PATCH /users/current': { displayName: 'Someone' },
    'POST /users/current/password': { currentPassword: 'irrelevant one', newPassword: 'another long one' },
    'POST /users/current/passkeys': { response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', attestationObject: 'oA' } } },
    'PATCH /users/current/passkeys/:passkeyId': { name: 'Phone' },
    'POST /tenants/:tenantId/nativeApps': { platform: 'apple', teamId: 'ABCDE12345', bundleId: `com.example.app${n}` },
    'PUT /tenants/:tenantId/passkeyPolicy': { mode: 'offered' },
    'POST /algorithms': { keyName: `algo${n}`, name: 'A', optionsSchema: { type: 'object' } },
    'POST /spaces': { tenantId: T, name: 'Room' },
    'POST /tenants/:tenantId/spaces': { name: 'Room' },
    'PATCH /spaces/:spaceId': { description: `d${n}` },
    'PATCH /tenants/:tenantId/spaces/:spaceId': { description: `d${n}` },
    'POST /spaces/:spaceId/algorithms/key/:keyName': {},
    'POST /tenants/:tenantId/spaces/:spaceId/algorithms/key/:keyName': {},
    'POST /sensors': { tenantId: T, deviceId: `dev-${n}`, name: 'S', type: 'co2' },
    'POST /tenants/:tenantId/sensors': { deviceId: `dev-${n}`, name: 'S', type: 'co2' },
    'PATCH /sensors/:sensorId': { displayName: `s${n}` },
    'PATCH /tenants/:tenantId/sensors/:sensorId': { displayName: `s${n}` },
    'POST /sensors/:sensorId/scheduleGroups': { SensorSchedules: [{ cron: '0 6 * * *', type: 'tune', value: { power: 1 } }] },
    'POST /tenants/:tenantId/sensors/:sensorId/scheduleGroups': { SensorSchedules: [{ cron: '0 6 * * *', type: 'tune', value: { power: 1 } }] },
    'PATCH /v5/sensor/:id': { displayName: `v5-${n}` },
    'PUT /sensors/:sensorId/device-access': { allowAnonymous: false },
    'PUT /tenants/:tenantId/sensors/:sensorId/device-access': { allowAnonymous: false },
    'PUT /sensors/:sensorId/factory-password': { enabled: false },
    'PUT /tenants/:tenantId/sensors/:sensorId/factory-password': { enabled: false },
    'POST /sensors/:sensorId/command': { command: 'tune set power 1' },
    'POST /tenants/:tenantId/sensors/:sensorId/command': { command: 'tune set power 1' },
    'POST /v5/sensor/:mac/commands': { command: 'tune set power 1' },
    'POST /devices': { mac: `e0:5a:1b:02:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`, model: '58', claimCode: CLAIM },
    'POST /tenants/:tenantId/devices': { mac: `e0:5a:1b:02:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`, model: '58', claimCode: CLAIM },
    'POST /devices/bulk': { devices: [{ mac: `e0:5a:1b:03:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`, model: '58', claimCode: CLAIM }] },
    'POST /tenants/:tenantId/devices/bulk': { devices: [{ mac: `e0:5a:1b:03:${(n >> 8).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`, model: '58', claimCode: CLAIM }] },
    'PATCH /devices/:mac': { allowAnonymous: false },
    'PATCH /tenants/:tenantId/devices/:mac': { allowAnonymous: false },
    'POST /devices/claim': { tenantId: T, mac: MAC, code: CLAIM },
    'POST /tenants/:tenantId/devices/claim': { mac: MAC, code: CLAIM },
    'POST /sensors/:sensorId/transfer': { toTenantId: T },
    'POST /tenants/:tenantId/sensors/:sensorId/transfer': { toTenantId: T },
    'POST /webhooks': { url: 'https://93.184.216.34/hook', eventTypes: ['device.state'] },
    'PATCH /webhooks/:endpointId': { enabled: true },
    'POST /v4/connections': { kind: 'oidc', issuer: 'https://93.184.216.34', clientId: `c${n}`, clientSecret: 'a client secret' },
    'PATCH /v4/connections/:connectionId': { enabled: false },
    'POST /tenants/:tenantId/v4/connections': { kind: 'oidc', issuer: 'https://93.184.216.34', clientId: `c${n}`, clientSecret: 'a client secret' },
    'PATCH /tenants/:tenantId/v4/connections/:connectionId': { enabled: false },
  }
  return bodies[route]
}

/** The admin actions of the matrix (state-changing), with the audit action each records (modules/audit). */
const AUDITED: Record<string, string> = {
  'DELETE /users/current': 'account.delete',
  'DELETE /tenants/:tenantId/users/current': 'account.delete',
  'GET /users/current/export': 'account.export',
  'GET /tenants/:tenantId/users/current/export': 'account.export',
  'POST /tenants': 'tenant.create',
  'PATCH /tenants/:tenantId': 'tenant.update',
  'POST /tenants/:tenantId/members': 'invitation.create',
  'PATCH /tenants/:tenantId/members/:userId': 'member.role.change',
  'DELETE /tenants/:tenantId/members/:userId': 'member.remove',
  'DELETE /tenants/:tenantId/invitations/:invitationId': 'invitation.revoke',
  'POST /tenants/:tenantId/email-settings/versions/:version/restore': 'email_settings.restore',
  'POST /oauth/clients': 'client.create',
  'POST /algorithms': 'algorithm.register',
  'PATCH /oauth/clients/:clientId': 'client.update',
  'DELETE /oauth/clients/:clientId': 'client.delete',
  'POST /sensors/:sensorId/command': 'sensor.command',
  'POST /tenants/:tenantId/sensors/:sensorId/command': 'sensor.command',
  'POST /v5/sensor/:mac/commands': 'sensor.command',
  'POST /sensors/:sensorId/credentials': 'device.credentials.issue',
  'POST /tenants/:tenantId/sensors/:sensorId/credentials': 'device.credentials.issue',
  'DELETE /sensors/:sensorId/credentials': 'device.credentials.revoke',
  'DELETE /tenants/:tenantId/sensors/:sensorId/credentials': 'device.credentials.revoke',
  'PUT /sensors/:sensorId/device-access': 'device.access.change',
  'PUT /tenants/:tenantId/sensors/:sensorId/device-access': 'device.access.change',
  'DELETE /sensors/:sensorId/device-access': 'device.access.end',
  'DELETE /tenants/:tenantId/sensors/:sensorId/device-access': 'device.access.end',
  'PUT /sensors/:sensorId/factory-password': 'device.factory_password.switch',
  'PUT /tenants/:tenantId/sensors/:sensorId/factory-password': 'device.factory_password.switch',
  'POST /sensors/:sensorId/transfer-code': 'device.transfer_code.create',
  'POST /tenants/:tenantId/sensors/:sensorId/transfer-code': 'device.transfer_code.create',
  'PATCH /devices/:mac': 'device.access.change',
  'PATCH /tenants/:tenantId/devices/:mac': 'device.access.change',
  'POST /devices': 'device.register',
  'POST /tenants/:tenantId/devices': 'device.register',
  'POST /devices/bulk': 'device.register.bulk',
  'POST /tenants/:tenantId/devices/bulk': 'device.register.bulk',
  'POST /devices/claim': 'device.claim',
  'POST /tenants/:tenantId/devices/claim': 'device.claim',
  // the matrix deletes a fresh sensor that presents a claimed device: deleting it frees the device
  'DELETE /sensors/:sensorId': 'device.release',
  'DELETE /tenants/:tenantId/sensors/:sensorId': 'device.release',
  'POST /sensors/:sensorId/release': 'device.release',
  'POST /tenants/:tenantId/sensors/:sensorId/release': 'device.release',
  'POST /sensors/:sensorId/transfer': 'device.transfer',
  'POST /tenants/:tenantId/sensors/:sensorId/transfer': 'device.transfer',
  'POST /webhooks': 'webhook.create',
  'PATCH /webhooks/:endpointId': 'webhook.update',
  'DELETE /webhooks/:endpointId': 'webhook.delete',
  'POST /webhooks/:endpointId/rotate': 'webhook.secret.rotate',
  'POST /v4/connections': 'connection.create',
  'PATCH /v4/connections/:connectionId': 'connection.update',
  'DELETE /v4/connections/:connectionId': 'connection.delete',
}

/** Every call the matrix made, with its answer and the audit entries it left (checked after the matrix). */
const calls: { route: string; who: Who; status: number; body: string; entries: AuditEntry[] }[] = []

async function lastAuditId(): Promise<number> {
  const row = await t.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst()
  return Number(row?.id ?? 0)
}

/** Every entry of an audit list, page by page. */
async function auditIds(url: string, who: Record<string, string>): Promise<Set<number>> {
  const ids = new Set<number>()
  let after: string | null = null
  do {
    const res = await t.app.inject({ method: 'GET', url: `${url}?limit=250${after ? `&after=${after}` : ''}`, headers: who })
    expect(res.statusCode, url).toBe(200)
    const page = res.json() as { edges: { node: { id: number } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
    for (const edge of page.edges) ids.add(edge.node.id)
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null
  } while (after)
  return ids
}

/** The v5 dialect refuses with HTTP 200 and an errorMessage; the matrix counts a refusal by its meaning. */
/** Routes that delete their caller's account: each call is made by a new caller of the same kind (the people; machines and strangers stay). */
const SELF_DELETING = new Set(['DELETE /users/current', 'DELETE /tenants/:tenantId/users/current'])
async function freshCaller(who: Who): Promise<{ authorization?: string }> {
  const kinds: Partial<Record<Who, Parameters<typeof createActor>[1]>> = {
    cust: { tenantId: T, role: 'customer' }, mem: { tenantId: T, role: 'member' }, adm: { tenantId: T, role: 'admin' }, own: { tenantId: T, role: 'owner' },
    sib: { tenantId: sibling, role: 'member' }, par: { tenantId: parent, role: 'member' }, plat: { platformAdmin: true }, 'own-': { tenantId: T, role: 'owner', scopes: ['none'] },
  }
  const kind = kinds[who]
  return kind ? (await createActor(t, kind)).headers : (headers[who] ?? {})
}

const V5_REFUSALS: Record<string, number> = { Unauthorized: 401, Not_Allowed: 403, Not_Exist: 404, Invalid_Request: 400, Command_Failed: 409 }
function effective(route: string, res: { statusCode: number; json(): unknown }): number {
  if (!route.includes(' /v5/') || res.statusCode !== 200) return res.statusCode
  const message = (res.json() as { errorMessage?: string | null }).errorMessage
  return message ? (V5_REFUSALS[message] ?? 200) : 200
}

describe('access matrix', () => {
  it('every route is in the matrix or public, and nothing else', () => {
    const routes = new Set(t.app.routeList.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))
    const listed = new Set([...Object.keys(MATRIX), ...Object.keys(PUBLIC)])
    expect([...routes].filter((r) => !listed.has(r)), 'routes missing from the matrix').toEqual([])
    expect([...listed].filter((r) => !routes.has(r)), 'rows for routes that do not exist').toEqual([])
  })

  it('each caller gets exactly the status in its cell', async () => {
    const wrong: string[] = []
    for (const route of Object.keys(MATRIX)) {
      const expected = cells(route)
      const method = route.split(' ')[0] as 'GET'
      for (const [i, who] of [...WHO, ...MACHINES].entries()) {
        const url = await fill(route)
        const payload = body(route)
        const mark = await lastAuditId()
        const caller = SELF_DELETING.has(route) ? await freshCaller(who) : (headers[who] ?? {})
        const res = await t.app.inject({ method, url, headers: caller, ...(payload ? { payload } : {}) })
        const status = effective(route, res)
        calls.push({ route, who, status, body: res.body, entries: await t.db.selectFrom('audit_log').selectAll().where('id', '>', mark).execute() })
        if (status !== expected[i]) wrong.push(`${route} as ${who}: ${status} (expected ${expected[i]}) ${res.body.slice(0, 120)}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)

  it('a customer sees only the public face of the tenant, and empty lists of its resources', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/tenants/${T}`, headers: headers.cust })
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'logoUrl', 'name', 'parentTenantId'])
    for (const url of [`/tenants/${T}/sensors`, `/tenants/${T}/spaces`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: headers.cust })).json(), url).toEqual([])
    }
    const page = await t.app.inject({ method: 'GET', url: `/tenants/${T}/v4/sensors`, headers: headers.cust })
    expect(page.json()).toMatchObject({ edges: [], totalCount: 0 })
  })

  it('unprefixed lists show a caller only the tenants it has a member role in', async () => {
    for (const who of ['cust', 'sib', 'par'] as const) {
      const sensors = await t.app.inject({ method: 'GET', url: '/sensors', headers: headers[who] })
      expect(sensors.json().filter((s: { tenantId: number }) => s.tenantId === T), who).toEqual([])
    }
    const own = await t.app.inject({ method: 'GET', url: '/sensors', headers: headers['cc+'] })
    expect(own.json().map((s: { tenantId: number }) => s.tenantId)).toContain(T)
  })

  it('tenant capabilities by kind: T is not a brand, so nobody sets its face there; its own resources stay its own', async () => {
    // policy.ts: tenants.brand (brand-only) and tenants.mark (platform-only); brands.ts lists the fields
    const face: Record<string, unknown> = {
      name: 'Renamed', logoUrl: 'https://t.test/logo.png', senderEmail: 'hi@t.test', signup: 'customers',
      emailConfig: { template: { buttonColor: '#123456' } },
    }
    const expected: Partial<Record<Who, number>> = { adm: 403, own: 403, plat: 403, mem: 403, cust: 403, sib: 404, par: 404, 'cc+': 403 }
    const wrong: string[] = []
    for (const [field, value] of Object.entries(face)) {
      for (const [who, status] of Object.entries(expected) as [Who, number][]) {
        const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${T}`, headers: headers[who] ?? {}, payload: { [field]: value } })
        if (res.statusCode !== status) wrong.push(`${field} as ${who}: ${res.statusCode} (expected ${status})`)
        if (['adm', 'own', 'plat'].includes(who) && res.json().code !== 'not_a_brand') wrong.push(`${field} as ${who}: ${res.json().code}`)
      }
    }
    for (const [field, value] of Object.entries({ brand: true, linkDomains: ['t.test'] })) {
      const res = await t.app.inject({ method: 'PATCH', url: `/tenants/${T}`, headers: headers.own ?? {}, payload: { [field]: value } })
      if (res.statusCode !== 403) wrong.push(`${field} as own: ${res.statusCode} (expected 403)`)
    }
    expect(wrong).toEqual([])
  })

  it('every admin action that succeeded left exactly one audit entry, seen by its tenant\'s admins and the platform only', async () => {
    expect(calls.length, 'the matrix ran first').toBeGreaterThan(0)
    const wrong: string[] = []
    for (const call of calls) {
      const action = AUDITED[call.route]
      const expected = action !== undefined && call.status >= 200 && call.status < 300 ? 1 : 0
      const actions = call.entries.map((e) => e.action)
      if (actions.length !== expected || (expected && actions[0] !== action)) wrong.push(`${call.route} as ${call.who} (${call.status}): [${actions.join(', ')}]`)
    }
    expect(wrong).toEqual([])
    const recorded = calls.flatMap((c) => c.entries)
    const ofT = await auditIds(`/tenants/${T}/v4/audit`, headers.adm ?? {})
    const all = await auditIds('/v4/audit', headers.plat ?? {})
    const siblingAdmin = (await createActor(t, { tenantId: sibling, role: 'admin' })).headers
    const ofSibling = await auditIds(`/tenants/${sibling}/v4/audit`, siblingAdmin)
    for (const entry of recorded) {
      expect(all.has(entry.id), `platform sees ${entry.action}`).toBe(true)
      expect(ofT.has(entry.id), `T's admin sees ${entry.action} of tenant ${entry.tenant_id}`).toBe(entry.tenant_id === T)
      expect(ofSibling.has(entry.id), `another tenant's admin sees ${entry.action}`).toBe(false)
    }
    expect(recorded.filter((e) => e.tenant_id === T).length).toBeGreaterThan(20)
    expect((await t.app.inject({ method: 'GET', url: `/tenants/${T}/audit`, headers: siblingAdmin })).statusCode).toBe(404)
  })

  it('no audit entry holds a secret the matrix issued (client secrets, tokens, device passwords, claim codes)', async () => {
    const secrets = new Set<string>([CLAIM])
    for (const h of Object.values(headers)) secrets.add((h?.authorization ?? '').replace(/^Bearer /, ''))
    for (const call of calls) {
      for (const match of call.body.matchAll(/"(secret|clientSecret|password|access_token|refresh_token|token|code)":"([^"]{8,})"/g)) secrets.add(match[2] ?? '')
    }
    secrets.delete('')
    expect([...secrets].some((s) => s.length > 30), 'the matrix issued device passwords and tokens').toBe(true)
    const rows = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute())
    expect([...secrets].filter((secret) => rows.includes(secret))).toEqual([])
  })
})
