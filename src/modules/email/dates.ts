/**
 * Dates as the email placeholders show them, in the email's locale and the tenant's zone.
 * English keeps its ordinal ("21st November 2026"); other locales take Intl's long date
 * ("21 november 2026", "21. November 2026"). Times are `HH:mm:ss` in every locale.
 */
import { catalogText } from './locales/catalog.ts'
import type { SupportedLocale } from '../../lib/locale.ts'

export function ordinal(day: number): string {
  const mod100 = day % 100
  if (mod100 >= 11 && mod100 <= 13) return `${day}th`
  switch (day % 10) {
    case 1:
      return `${day}st`
    case 2:
      return `${day}nd`
    case 3:
      return `${day}rd`
    default:
      return `${day}th`
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let fmt = formatters.get(key)
  if (!fmt) {
    fmt = make()
    formatters.set(key, fmt)
  }
  return fmt
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const fmt = cached(`parts ${timeZone}`, () =>
    new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
  )
  return Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value]))
}

export function formatDate(date: Date, timeZone = 'UTC', locale: SupportedLocale = 'en'): string {
  if (locale !== 'en') {
    return cached(`date ${locale} ${timeZone}`, () => new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'long', year: 'numeric' })).format(date)
  }
  const p = parts(date, timeZone)
  return `${ordinal(Number(p.day))} ${p.month} ${p.year}`
}

export function formatTime(date: Date, timeZone = 'UTC'): string {
  const p = parts(date, timeZone)
  return `${p.hour}:${p.minute}:${p.second}`
}

/** "21st November 2026, 14:05:00 UTC": a readable expiry for reset links. */
export function formatDateTime(date: Date, timeZone = 'UTC', locale: SupportedLocale = 'en'): string {
  const zone = timeZone === 'UTC' ? 'UTC' : `(${timeZone})`
  return `${formatDate(date, timeZone, locale)}${catalogText(locale, 'layout', 'dateTimeSeparator')}${formatTime(date, timeZone)} ${zone}`
}
