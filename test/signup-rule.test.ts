// The sign-up rule is written once (src/modules/tenancy/signup.ts); the login exchange applies
// it inside one SQL statement built from it. This runs that SQL on every case and checks it
// says what the TypeScript says.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignupPolicy } from '../src/db/database.ts'
import { effectiveSignup, SIGNUP, signupRule, signupSql } from '../src/modules/tenancy/index.ts'
import { createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const POLICIES: SignupPolicy[] = ['closed', 'customers', 'members']

describe('the sign-up rule in SQL', () => {
  it('the policy in force agrees with effectiveSignup on every tenant', async () => {
    for (const parent of [null, 1]) {
      for (const marked of [false, true]) {
        for (const signup of POLICIES) {
          const tenant = { parent_tenant_id: parent, marked_brand: marked, signup }
          const { rows } = await sql<{ s: string }>`select ${sql.raw(signupSql.effective('t'))} as s
            from (select ${parent}::int as parent_tenant_id, ${marked}::boolean as marked_brand, ${signup}::text as signup) t`.execute(t.db)
          expect(rows[0]?.s, JSON.stringify(tenant)).toBe(effectiveSignup(tenant))
        }
      }
    }
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
