import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatTime, ordinal } from './dates.ts'
import { checkEmailText, escapeHtml, fill } from './placeholders.ts'
import { retryDelayMs } from './outbox.repository.ts'

describe('currentDate ordinals', () => {
  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'],
    [21, '21st'], [22, '22nd'], [23, '23rd'], [31, '31st'], [111, '111th'], [101, '101st'],
  ])('%i -> %s', (day, expected) => {
    expect(ordinal(day)).toBe(expected)
  })

  it('formats dates and times in UTC or the tenant zone', () => {
    const date = new Date('2026-11-21T23:30:05Z')
    expect(formatDate(date)).toBe('21st November 2026')
    expect(formatTime(date)).toBe('23:30:05')
    expect(formatDate(date, 'Europe/Berlin')).toBe('22nd November 2026')
    expect(formatTime(date, 'Europe/Berlin')).toBe('00:30:05')
    expect(formatDate(new Date('2026-03-03T10:00:00Z'))).toBe('3rd March 2026')
  })

  it('writes dates in the locale, in the tenant zone; English keeps its ordinals', () => {
    const date = new Date('2026-11-21T23:30:05Z')
    expect(formatDate(date, 'Europe/Berlin', 'nl')).toBe('22 november 2026')
    expect(formatDate(date, 'UTC', 'de')).toBe('21. November 2026')
    expect(formatDateTime(date, 'Europe/Paris', 'fr')).toBe('22 novembre 2026 à 00:30:05 (Europe/Paris)')
    expect(formatDateTime(date)).toBe('21st November 2026, 23:30:05 UTC')
  })
})

describe('placeholders', () => {
  it('fills names with and without inner whitespace; missing values are empty', () => {
    expect(fill('Hi {{ user.email }}, {{company.name}}{{nothing}}!', { 'user.email': 'a@b.c', 'company.name': 'Acme' })).toBe('Hi a@b.c, Acme!')
  })

  it('refuses unknown placeholders and those of another email type', () => {
    expect(checkEmailText('passwordReset', 'subject', 'Token {{resetToken}} until {{ resetTokenExp }}')).toBeNull()
    expect(checkEmailText('passwordReset', 'subject', 'Hi {{user.age}}')).toBe('unknown placeholder {{user.age}}')
    expect(checkEmailText('emailConfirmation', 'title', '{{resetToken}}')).toContain('belongs to the passwordReset email')
    expect(checkEmailText('passwordResetSuccess', 'title', '{{loginCode}}')).toContain('belongs to the passwordlessLogin email')
    expect(checkEmailText('passwordReset', 'title', 'broken {{ user.email')).toContain('braces')
  })

  it('escapes HTML', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;')
  })
})

describe('retry backoff', () => {
  it('doubles per attempt, jitters within the upper half, and caps at an hour', () => {
    expect(retryDelayMs(1, 1000, () => 0)).toBe(500)
    expect(retryDelayMs(1, 1000, () => 1)).toBe(1000)
    expect(retryDelayMs(4, 1000, () => 1)).toBe(8000)
    expect(retryDelayMs(40, 1000, () => 1)).toBe(3_600_000)
  })
})
