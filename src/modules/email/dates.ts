/** Dates as the email placeholders show them: "21st November 2026", "HH:mm:ss". */

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

function formatter(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone)
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, fmt)
  }
  return fmt
}

function parts(date: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(formatter(timeZone).formatToParts(date).map((p) => [p.type, p.value]))
}

export function formatDate(date: Date, timeZone = 'UTC'): string {
  const p = parts(date, timeZone)
  return `${ordinal(Number(p.day))} ${p.month} ${p.year}`
}

export function formatTime(date: Date, timeZone = 'UTC'): string {
  const p = parts(date, timeZone)
  return `${p.hour}:${p.minute}:${p.second}`
}

/** "21st November 2026, 14:05:00 UTC": a readable expiry for reset links. */
export function formatDateTime(date: Date, timeZone = 'UTC'): string {
  return `${formatDate(date, timeZone)}, ${formatTime(date, timeZone)} ${timeZone === 'UTC' ? 'UTC' : `(${timeZone})`}`
}
