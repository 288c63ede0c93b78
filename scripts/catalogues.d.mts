export declare const LOCALES: readonly string[]
export declare const MAX_CATALOGUE_GZIP: number
export declare const GLOSSARY_PATH: string
export declare const CATALOGUE_FILE: RegExp
export interface Catalogue {
  meta: { locale: string; glossaryChecked: 'yes' | 'no'; checkedBy?: string } | undefined
  messages: Record<string, string>
}
export interface Glossary {
  locales: string[]
  terms: Record<string, { match: string; forms: Record<string, string[]> }>
}
export declare function catalogueAreas(root?: string): string[]
export declare function readCatalogue(file: string): Catalogue
export declare function compileCatalogue(messages: Record<string, string>): Record<string, unknown>
export declare function catalogueModule(json: string): string
export declare const catalogueLoader: import('esbuild').Plugin
export declare const catalogueVitePlugin: import('vite').Plugin
export declare function readGlossary(root?: string): Glossary
export declare function glossaryMisses(glossary: Glossary, locale: string, english: string, translated: string): { term: string; forms: string[] }[]
export declare function checkLocale(locale: string, root?: string): { problems: string[]; sizes: Record<string, number> }
