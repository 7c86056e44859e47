/**
 * A form refused for its fields, as a person reads it: which fields, each with a sentence
 * from the console's catalog naming the field and what it takes ("Button colour: use #RGB
 * or #RRGGBB"), and the values as they were typed, so the form comes back as it was sent.
 * The API's own schema still decides (the same check as the API route); only the words are
 * the console's, never the schema's.
 */
import type { TSchema } from 'typebox'
import Value from 'typebox/value'
import type { ConsoleMessageKey } from './locales/en.ts'
import type { ConsoleText } from './i18n.ts'

/** The form's fields with a problem, each with its sentence; empty: none. */
export type Problems = Partial<Record<string, string>>

/** The typed values of a refused form, and the sentence beside each field refused. */
export interface Draft {
  typed: Record<string, string>
  problems: Problems
}

/**
 * The fields whose values `schema` refuses: `fieldOf` names the form field of a value's path
 * in the checked object (the schema reports a value once per rule it breaks, a field is named once).
 */
export function problemsOf(t: ConsoleText, schema: TSchema, value: unknown, fieldOf: (path: string) => string | undefined, sentence: (field: string) => ConsoleMessageKey): Problems {
  const problems: Problems = {}
  for (const error of Value.Errors(schema, value)) {
    const field = fieldOf(error.instancePath)
    if (field && !problems[field]) problems[field] = t.text(sentence(field))
  }
  return problems
}

export const hasProblems = (problems: Problems) => Object.keys(problems).length > 0
