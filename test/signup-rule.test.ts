// The sign-up rule is written once (src/modules/tenancy/signup.rule.ts); the login exchange applies
// it inside one SQL statement built from it. This runs that SQL on every case and checks it
// says what the TypeScript says.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignupPolicy } from '../src/db/database.ts'
import { effectiveSignup, HOME, SIGNUP, signupOpen, signupRule, signupSql } from '../src/modules/tenancy/index.ts'
import { createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const POLICIES: SignupPolicy[] = ['closed', 'customers', 'members']

describe('the sign-up rule in SQL', () => {
  it('the policy in force and whether it is open agree with effectiveSignup and signupOpen on every tenant', async () => {
    let opened = 0
    for (const parent of [null, 1]) {
      for (const marked of [false, true]) {
        for (const signup of POLICIES) {
          const tenant = { parent_tenant_id: parent, marked_brand: marked, signup }
          const { rows } = await sql<{ s: string; open: boolean }>`select ${sql.raw(signupSql.effective('t'))} as s, ${sql.raw(signupSql.open('t'))} as open
            from (select ${parent}::int as parent_tenant_id, ${marked}::boolean as marked_brand, ${signup}::text as signup) t`.execute(t.db)
          expect(rows[0]?.s, JSON.stringify(tenant)).toBe(effectiveSignup(tenant))
          expect(rows[0]?.open, JSON.stringify(tenant)).toBe(signupOpen(tenant))
          expect(signupOpen(tenant), JSON.stringify(tenant)).toBe(signupRule(tenant) !== null)
          if (signupOpen(tenant)) opened++
        }
      }
    }
    // open exactly where a brand (root, or a marked tenant) has an open policy: 3 brands x 2 open policies
    expect(opened).toBe(6)
  })

  it("a newcomer's home tenant is the same in SQL as joinOnSignup makes it", async () => {
    const { rows } = await sql<{ name: string; parent: number; config: unknown; role: string }>`select h.*, ${sql.raw(signupSql.homeRole)} as role
      from (select ${sql.raw(signupSql.homeTenant('c.email', 'p.id'))}
            from (select 'new@example.test'::text as email) c, (select 7::int as id) p) as h(name, parent, config)`.execute(t.db)
    expect(rows[0]).toEqual({ name: 'new@example.test', parent: 7, config: JSON.parse(HOME.emailConfig), role: HOME.role })
  })

  it('the role and the home tenant agree with SIGNUP for every open policy', async () => {
    for (const policy of ['customers', 'members'] as const) {
      const { rows } = await sql<{ role: string; home: boolean }>`select ${sql.raw(signupSql.role('p.signup'))} as role, ${sql.raw(signupSql.home('p.signup'))} as home
        from (select ${policy}::text as signup) p`.execute(t.db)
      expect(rows[0], policy).toEqual(SIGNUP[policy])
    }
    // a closed tenant signs nobody up, in either language
    expect(signupRule({ parent_tenant_id: null, marked_brand: false, signup: 'closed' })).toBeNull()
    expect(signupRule({ parent_tenant_id: 1, marked_brand: false, signup: 'members' })).toBeNull()
  })
})
