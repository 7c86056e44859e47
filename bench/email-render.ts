/**
 * Renders per second for a branded email (tenant texts, logo, colours, placeholders).
 * MJML compiles the layout once; each render is placeholder filling and slot substitution.
 *   npm run bench:email
 */
import { renderEmail } from '../src/modules/email/renderer.ts'
import { layoutCompilations } from '../src/modules/email/layout.ts'
import type { Tenant } from '../src/db/database.ts'

const tenant: Tenant = {
  id: 1,
  name: 'Acme Sensors',
  email_address: 'hello@acme.test',
  address: '12 Sensor Way',
  phone_number: '+49 30 123',
  logo_url: 'https://cdn.acme.test/logo.png',
  zip_code: '10115',
  country_code: 'DE',
  sender_email: 'hello@acme.test',
  time_zone: 'Europe/Berlin',
  default_locale: null,
  email_config: {
    template: { buttonColor: '#ff6600', textColor: '#222222' },
    emailTypeConfig: {
      passwordReset: {
        subject: '{{company.name}}: reset for {{user.email}}',
        title: 'Hello {{user.displayname}}',
        contentBeforeCta: 'Someone asked to reset your password on {{currentDate}} at {{currentTime}}.',
      },
    },
  },
  parent_tenant_id: null,
  signup: 'closed',
  marked_brand: false,
  link_domains: [],
  created_at: new Date(),
  updated_at: new Date(),
}

const ctx = { publicUrl: 'https://trellis.example', loginCodeTtlSeconds: 600 }
const input = {
  type: 'passwordReset' as const,
  tenant,
  customTexts: true,
  user: { email: 'ana@example.test', username: 'ana', displayName: 'Ana <b>' },
  data: { resetToken: 'tok_abc', resetTokenExp: '21st November 2026, 15:00:00 UTC' },
  now: new Date('2026-11-21T14:00:00Z'),
}

const first = performance.now()
await renderEmail(input, ctx)
const firstMs = performance.now() - first

for (let i = 0; i < 500; i++) await renderEmail(input, ctx) // warm-up
const seconds = 3
const end = performance.now() + seconds * 1000
let count = 0
while (performance.now() < end) {
  await renderEmail(input, ctx)
  count++
}
console.log(`first render (MJML compile included): ${firstMs.toFixed(1)} ms`)
console.log(`branded email renders: ${Math.round(count / seconds)} /s (${((seconds * 1e6) / count).toFixed(1)} µs each)`)
console.log(`MJML compilations in this process: ${layoutCompilations()}`)
