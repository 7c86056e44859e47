import { describe, expect, it } from 'vitest'
import { mechanicalOperationId, operationIdFor, tenantVariant } from './operation-ids.ts'

describe('operationIds', () => {
  it('name a resource operation by verb, nouns and version', () => {
    expect(mechanicalOperationId('get', '/sensors')).toBe('listSensors')
    expect(mechanicalOperationId('post', '/sensors')).toBe('createSensor')
    expect(mechanicalOperationId('get', '/sensors/{sensorId}')).toBe('getSensor')
    expect(mechanicalOperationId('patch', '/sensors/{sensorId}')).toBe('updateSensor')
    expect(mechanicalOperationId('delete', '/tenants/{tenantId}/members/{userId}')).toBe('deleteTenantMember')
    expect(mechanicalOperationId('get', '/tenants/{tenantId}/v4/sensors')).toBe('listTenantSensorsV4')
    expect(mechanicalOperationId('post', '/spaces/{spaceId}/algorithms/key/{keyName}')).toBe('setSpaceAlgorithm')
    expect(mechanicalOperationId('get', '/oauth/clients')).toBe('listOauthClients')
    expect(mechanicalOperationId('get', '/categories/{id}')).toBe('getCategory')
    expect(mechanicalOperationId('get', '/account')).toBe('getAccount')
    expect(mechanicalOperationId('post', '/account/password')).toBe('postAccountPassword')
    expect(mechanicalOperationId('get', '/sensors/{sensorId}/status')).toBe('getSensorStatus')
  })

  it('give the tenant-prefixed twin of a named operation its own name', () => {
    expect(tenantVariant('requestLoginCode')).toBe('requestTenantLoginCode')
    expect(operationIdFor('post', '/tenants/{tenantId}/auth/passwordlessLogin/code')).toBe('requestTenantLoginCode')
    // an id written in a scoped route's schema: both registrations carry it
    expect(operationIdFor('post', '/things/{id}/ping', 'pingThing')).toBe('pingThing')
    expect(operationIdFor('post', '/tenants/{tenantId}/things/{id}/ping', 'pingThing', 'pingThing')).toBe('pingTenantThing')
    // an id written in a route that exists only under /tenants/{tenantId} is kept
    expect(operationIdFor('get', '/tenants/{tenantId}/report', 'getTenantReport')).toBe('getTenantReport')
  })
})
