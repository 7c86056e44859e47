import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, createTenant, createTestApp, type TestApp } from './helpers.ts'

describe('dev mailbox (no SMTP_URL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('keeps mail in the outbox and shows it newest first, as HTML and text', async () => {
    const tenantId = await createTenant(t, 'Mailbox Co')
    const admin = await createActor(t, { tenantId, role: 'owner' })
    for (const type of ['emailConfirmation', 'passwordReset']) {
      const res = await t.app.inject({ method: 'POST', url: `/tenants/${tenantId}/emails/${type}/test`, headers: admin.headers })
      expect(res.statusCode).toBe(202)
    }
    const list = (await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).json()
    expect(list.map((m: { type: string }) => m.type)).toEqual(['passwordReset', 'emailConfirmation'])
    expect(list[0]).toMatchObject({ to: admin.user.email, subject: 'Reset your Mailbox Co password' })

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('Reset your Mailbox Co password')
    const html = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${list[0].id}` })
    expect(html.body).toContain('<!doctype html>')
    const text = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${list[0].id}/text` })
    expect(text.body).toContain('Subject: Reset your Mailbox Co password')
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/999999' })).statusCode).toBe(404)
  })
})

describe('dev mailbox in production', () => {
  it('is off', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', SECRETS_KEY: 'a'.repeat(64) })
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})

describe('dev callback', () => {
  it("shows the code of a login link for the dev client's redirect URI", async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.inject({ method: 'GET', url: '/dev/callback?code=ABCDE-12345' })
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<code>ABCDE-12345</code>')
      const hostile = await t.app.inject({ method: 'GET', url: '/dev/callback?code=%3Cscript%3E' })
      expect(hostile.body).not.toContain('<script>')
    } finally {
      await t.close()
    }
  })
})
