/** The shape of a locale's catalog, read off the English reference (en.ts). */
import type { PartialCatalog } from '../../../lib/i18n.ts'
import type { en } from './en.ts'

export type Catalog = typeof en
export type CatalogSection = keyof Catalog
/** A locale's catalog: the keys of English; completeness is the test's to check, not the compiler's. */
export type LocaleCatalog = PartialCatalog<Catalog>
