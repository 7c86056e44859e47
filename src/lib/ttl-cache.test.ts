import { describe, expect, it } from 'vitest'
import { ManualClock } from './clock.ts'
import { TtlCache } from './ttl-cache.ts'

describe('TtlCache', () => {
  it('keeps a value (an absent one too) for its ttl on the clock, then loads again', async () => {
    const clock = new ManualClock()
    const cache = new TtlCache<string | undefined>(clock, 5_000, 10)
    let loads = 0
    const load = async () => (++loads === 1 ? undefined : `v${loads}`)
    expect(await cache.get('a', load)).toBeUndefined()
    clock.advance(4.9)
    expect(await cache.get('a', load)).toBeUndefined()
    expect(loads).toBe(1)
    clock.advance(0.1)
    expect(await cache.get('a', load)).toBe('v2')
    expect(await cache.get('a', load, true)).toBe('v3')
    cache.clear()
    expect(await cache.get('a', load)).toBe('v4')
  })

  it('drops the oldest written when full', async () => {
    const cache = new TtlCache<string>(new ManualClock(), 60_000, 2)
    let loads = 0
    const load = async () => `v${++loads}`
    await cache.get('a', load)
    await cache.get('b', load)
    await cache.get('c', load)
    expect(await cache.get('b', load)).toBe('v2')
    expect(await cache.get('a', load)).toBe('v4')
  })
})
