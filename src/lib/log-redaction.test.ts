import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redaction.ts'

describe('redactUrl', () => {
  it('keeps harmless parameters and redacts every other value, and addresses anywhere', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]')
    expect(redactUrl('/auth/oauth2/authorize?client_id=app&login_hint=ana%40x.test&state=s&code_challenge_method=S256')).toBe(
      '/auth/oauth2/authorize?client_id=app&login_hint=[redacted]&state=[redacted]&code_challenge_method=S256',
    )
    expect(redactUrl('/v4/sensors?limit=10&after=c1')).toBe('/v4/sensors?limit=10&after=c1')
    expect(redactUrl('/x?client_id=ana@x.test&newParam=v')).toBe('/x?client_id=[redacted]&newParam=[redacted]')
    expect(redactUrl('/users/ana%40x.test/profile')).toBe('/users/[redacted]/profile')
    expect(redactUrl('/health')).toBe('/health')
  })
})
