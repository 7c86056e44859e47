// The redeem rule (src/modules/oauth/redeem.rule.ts) and PKCE's comparison (pkce.ts) are each
// written once; the exchange applies them inside SQL built from them. This runs that SQL on every
// case and checks it says what the TypeScript says, as test/signup-rule.test.ts does for the
// sign-up rule (and test/refresh-rule.test.ts for the refresh rule).
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkSql, redeemableSql, refusalOf, REDEEM_CHECKS, type Presentation, type RedeemableCode, type Refusal } from '../src/modules/oauth/redeem.rule.ts'
import { challengeOf, normalizeMethod, s256, verifyPkce, type ChallengeMethod } from '../src/modules/oauth/pkce.ts'
import { createTestApp, type TestApp } from './helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const NOW = new Date(Date.UTC(2030, 0, 1, 12))
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)
/** RFC 7636 appendix B's pair, and a verifier outside its charset as an existing web client sends it (32 code points U+0000-U+00FF). */
const RFC = { verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' }
const LATIN = Array.from({ length: 32 }, (_, i) => String.fromCharCode((i * 37) % 256)).join('')
const REDIRECT = 'https://app.test/cb'

const product = <T,>(...lists: T[][][]): T[][] => lists.reduce<T[][]>((acc, list) => acc.flatMap((a) => list.map((b) => [...a, ...b])), [[]])

/** Every kind of code: each challenge with each method, expiry, consumption, client, reach and scope. */
const CHALLENGES: [string | null, ChallengeMethod | null][] = [
  [null, null], [RFC.challenge, 'S256'], [s256(LATIN), 'S256'], [RFC.verifier, 'plain'], [RFC.verifier, null], [s256('another verifier'), 'S256'],
]
const CODES: RedeemableCode[] = product<unknown>(
  CHALLENGES.map((c) => [c]),
  [[at(60)], [NOW], [at(-1)]],
  [[null], [at(-5)]],
  [['app'], ['other']],
  [[[null, null]], [['net-a', 'addr-a']], [['net-b', 'addr-b']]],
  [[null], ['a'], ['a b']],
).map(([challenge, expires, consumed, client, where, scope]) => {
  const [code_challenge, code_challenge_method] = challenge as [string | null, ChallengeMethod | null]
  const [network, address] = where as [string | null, string | null]
  return {
    client_id: client as string, redirect_uri: REDIRECT, code_challenge, code_challenge_method, expires_at: expires as Date,
    consumed_at: consumed as Date | null, requested_network: network as string | null, requested_address: address as string | null, scope: scope as string | null,
  }
})

const BASE: Presentation = {
  clientId: 'app', isPublic: true, redirectUri: REDIRECT, codeVerifier: RFC.verifier, reach: 'anywhere',
  network: 'net-a', address: 'addr-a', requestedScope: null, defaultScope: 'a b', now: NOW,
}
/** Every presentation of the binding (verifier, redirect URI, public or not), and of client, reach and scope. */
const PRESENTATIONS: Presentation[] = [
  ...product<unknown>(
    [[undefined], [''], [RFC.verifier], [LATIN], [RFC.challenge], ['wrong'], [`${RFC.verifier}\u0000`]],
    [[undefined], [REDIRECT], ['https://app.test/other'], [`${REDIRECT}\u0000`]],
    [[true], [false]],
  ).map(([codeVerifier, redirectUri, isPublic]) => ({ ...BASE, codeVerifier, redirectUri, isPublic }) as Presentation),
  ...product<unknown>(
    [['app'], ['other']],
    [[['anywhere', 'net-a', 'addr-a']], [['network', 'net-a', 'addr-x']], [['network', 'net-x', 'addr-a']], [['address', 'net-x', 'addr-a']], [['address', 'net-a', 'addr-x']]],
    [[null], [''], ['a'], ['b a'], ['a c']],
  ).map(([clientId, where, requestedScope]) => {
    const [reach, network, address] = where as [Presentation['reach'], string, string]
    return { ...BASE, clientId, reach, network, address, requestedScope } as Presentation
  }),
]

/** Each check's SQL and the whole condition, on every code, for one presentation. */
async function inSql(p: Presentation): Promise<{ checks: boolean[]; redeemable: boolean }[]> {
  const rows = CODES.map((c, i) => sql`(${i}::int, ${c.client_id}::text, ${c.redirect_uri}::text, ${c.code_challenge}::text, ${c.code_challenge_method}::text,
    ${c.expires_at}::timestamptz, ${c.consumed_at}::timestamptz, ${c.requested_network}::text, ${c.requested_address}::text, ${c.scope}::text)`)
  const checks = REDEEM_CHECKS.map((check, i) => sql`${checkSql(check, p)} as ${sql.ref(`k${i}`)}`)
  const { rows: out } = await sql<Record<string, boolean>>`select ${sql.join(checks)}, ${redeemableSql(p)} as redeemable
    from (values ${sql.join(rows)}) as c(i, client_id, redirect_uri, code_challenge, code_challenge_method, expires_at, consumed_at, requested_network, requested_address, scope)
    order by c.i`.execute(t.db)
  return out.map((row) => ({ checks: REDEEM_CHECKS.map((_, i) => row[`k${i}`] === true), redeemable: row.redeemable === true }))
}

describe('the redeem rule in SQL', () => {
  it('every check, and the whole condition, agree with the TypeScript on every code and presentation', async () => {
    const firstRefusals = new Map<Refusal | 'redeemed', number>()
    const disagreements: string[] = []
    for (const p of PRESENTATIONS) {
      const sqlSays = await inSql(p)
      CODES.forEach((code, i) => {
        const said = sqlSays[i]
        const refusal = refusalOf(code, p)
        const agrees = said?.redeemable === (refusal === null) && REDEEM_CHECKS.every((check, k) => said.checks[k] === check.passes(code, p))
        if (!agrees) disagreements.push(JSON.stringify({ code, p, said }))
        firstRefusals.set(refusal ?? 'redeemed', (firstRefusals.get(refusal ?? 'redeemed') ?? 0) + 1)
      })
    }
    expect(disagreements).toEqual([])
    // the cases reach every refusal as the one that decides, and redemption
    expect([...firstRefusals.keys()].sort()).toEqual([...REDEEM_CHECKS.map((check) => check.refusal), 'redeemed'].sort())
  }, 120_000)

  it('what the grant asks of a code: its client, redirect URI and verifier, PKCE for a public client, a scope within the code', () => {
    const code = CODES.find((c) => c.code_challenge === RFC.challenge && c.expires_at > NOW && !c.consumed_at && c.client_id === 'app' && !c.requested_network && !c.scope)
    if (!code) throw new Error('no live S256 code among the cases')
    expect(refusalOf(code, BASE)).toBeNull()
    expect(refusalOf(code, { ...BASE, redirectUri: undefined })).toBeNull()
    expect(refusalOf(code, { ...BASE, codeVerifier: RFC.challenge })).toBe('wrong_verifier')
    expect(refusalOf(code, { ...BASE, codeVerifier: '' })).toBe('wrong_verifier')
    expect(refusalOf(code, { ...BASE, requestedScope: 'a c' })).toBe('wider_scope')
    const without = { ...code, code_challenge: null, code_challenge_method: null }
    expect(refusalOf(without, { ...BASE, codeVerifier: undefined, redirectUri: undefined })).toBe('wrong_redirect')
    expect(refusalOf(without, { ...BASE, codeVerifier: undefined })).toBe('public_without_pkce')
    expect(refusalOf(without, { ...BASE, codeVerifier: undefined, isPublic: false })).toBeNull()
    expect(refusalOf(without, { ...BASE, isPublic: false })).toBe('wrong_verifier')
  })
})

describe("PKCE's one comparison", () => {
  it('S256 is BASE64URL(SHA-256(the UTF-8 bytes of the verifier)); sha256 means S256; plain is the verifier', () => {
    expect(challengeOf('S256', RFC.verifier)).toBe(RFC.challenge)
    expect(challengeOf('plain', RFC.verifier)).toBe(RFC.verifier)
    expect(normalizeMethod('sha256')).toBe('S256')
    expect(normalizeMethod('s256')).toBe('S256')
    expect(normalizeMethod('plain')).toBeNull()
    expect(verifyPkce('S256', RFC.challenge, RFC.verifier)).toBe(true)
    expect(verifyPkce('S256', RFC.challenge, RFC.challenge)).toBe(false)
    expect(verifyPkce('plain', RFC.verifier, RFC.verifier)).toBe(true)
  })

  it("a verifier outside RFC 7636's charset is not refused: its UTF-8 bytes are hashed", () => {
    expect(challengeOf('S256', LATIN)).toBe(s256(LATIN))
    expect(verifyPkce('S256', s256(LATIN), LATIN)).toBe(true)
    const code = CODES.find((c) => c.code_challenge === s256(LATIN) && c.expires_at > NOW && !c.consumed_at && c.client_id === 'app' && !c.requested_network && !c.scope)
    if (!code) throw new Error('no live code for the Latin-1 verifier among the cases')
    expect(refusalOf(code, { ...BASE, codeVerifier: LATIN })).toBeNull()
  })
})
