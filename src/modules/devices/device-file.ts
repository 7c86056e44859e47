/**
 * A brand's devices from a file, as `trellis devices import` and the console's import read it:
 * a JSON array of objects, or CSV with a header row. The CSV reader is a few lines written here
 * because the files are small, flat and RFC 4180, which no dependency would make simpler.
 */
import { appErrors } from '../../lib/errors.ts'
import type { DeviceInput } from './registration.ts'

/** A file that cannot be read as devices: the sentence names the row. */
const unreadable = (message: string) => appErrors.validation_failed(message, [{ field: 'file', message }])

/** Rows of RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  const endRow = () => {
    endField()
    rows.push(row)
    row = []
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted) field += c
    else if (c === ',') endField()
    else if (c === '\n') endRow()
    else if (c !== '\r') field += c
  }
  if (field !== '' || row.length > 0) endRow()
  return rows.filter((r) => r.some((f) => f.trim() !== ''))
}

/** Column names as people write them: claimCode, claim_code, claim secret, ... */
const COLUMNS: Record<string, keyof DeviceInput> = {
  mac: 'mac',
  model: 'model',
  claimcode: 'claimCode',
  claimsecret: 'claimCode',
  factorypassword: 'factoryPassword',
}

function toInput(record: Record<string, unknown>, line: number): DeviceInput {
  const input: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) {
    const name = COLUMNS[key.toLowerCase().replace(/[^a-z]/g, '')]
    if (name && typeof value === 'string' && value !== '') input[name] = value
  }
  if (!input.mac || !input.model) throw unreadable(`row ${line}: mac and model are required`)
  if (!input.claimCode && !input.factoryPassword) throw unreadable(`row ${line}: a claim code or a factory password is required`)
  return { mac: input.mac, model: input.model, claimCode: input.claimCode, factoryPassword: input.factoryPassword }
}

/** A JSON array of objects, or CSV with a header row; a row it cannot read is a 400 naming it. */
export function readDevices(text: string): DeviceInput[] {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) {
    let rows: unknown
    try {
      rows = JSON.parse(trimmed)
    } catch {
      throw unreadable('the file starts like JSON but is not')
    }
    if (!Array.isArray(rows)) throw unreadable('a JSON file holds an array of devices')
    return rows.map((r: unknown, i) => toInput(typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {}, i + 1))
  }
  const [header, ...rows] = parseCsv(trimmed)
  if (!header) return []
  return rows.map((r, i) => toInput(Object.fromEntries(header.map((h, j) => [h.trim(), (r[j] ?? '').trim()])), i + 2))
}

