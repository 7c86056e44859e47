/** What a page handler knows of the request it renders for: the kit builds it, views read it. */
import type { Brand } from './brand.ts'
import type { Translator } from './i18n.ts'
import type { CookieNames } from './security.ts'

export interface PageContext {
  brand: Brand
  nonce: string
  browser: string
  csrf: string
  names: CookieNames
  /** The page's language and texts (i18n.ts). */
  t: Translator
  /** The sign-in's own `ui_locales`, cleaned, for its forms to carry on (null: none asked). */
  uiLocales: string | null
}

/** The parts of a context every form needs. */
export type FormContext = Pick<PageContext, 'csrf' | 't' | 'uiLocales'>
