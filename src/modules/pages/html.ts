/**
 * A tagged template that escapes every interpolated value unless it is already markup.
 * Written here rather than taken from a template library because the pages need only
 * escaping and composition (about twenty lines), and a tag makes forgetting to escape
 * impossible: plain strings are always escaped.
 */
import { escapeHtml } from '../email/index.ts'

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

export type Part = SafeHtml | string | number | boolean | null | undefined | Part[]

export function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return ''
  if (part instanceof SafeHtml) return part.value
  if (Array.isArray(part)) return part.map(render).join('')
  return escapeHtml(String(part))
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new SafeHtml(out)
}
