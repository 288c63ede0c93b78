// The message catalogues: where they are, how the build compiles them, and the check a locale
// passes (`npm run i18n:check -- <locale>`; test/unit/i18n/locales.test.ts runs it for every
// locale). The format is described for translators in docs/i18n.md and LOCALE-FORMAT.md.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { parse } from '@messageformat/parser'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The 22 locales Portico ships, in the order the language menu lists them. */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'it', 'nl', 'pl', 'ru', 'uk', 'tr', 'ar', 'he', 'fa', 'hi', 'id', 'vi', 'th', 'ja', 'ko', 'zh-CN', 'zh-TW']

/** A locale file's compiled size may not pass this (gzip): it loads with its view. */
export const MAX_CATALOGUE_GZIP = 3 * 1024

/** Where the glossary of wallet terms is. */
export const GLOSSARY_PATH = 'shell/locales/glossary.json'

/** The file name pattern esbuild compiles as a catalogue: `<area>/locales/<locale>.json` or `shell/locales/<area>/<locale>.json`. */
export const CATALOGUE_FILE = /[\\/]locales[\\/](?:[\w-]+[\\/])?[a-z]{2}(?:-[A-Z]{2})?\.json$/

/** Every catalogue area: its directory (relative to the repo) and its English messages file. */
export function catalogueAreas(root = ROOT) {
  // The first screen's opener texts and the ui kit's (with the kernel's catalogue texts it shows).
  const areas = ['host/locales', 'shell/ui/locales'].filter((area) => existsSync(join(root, area, 'en.json')))
  const shell = join(root, 'shell/locales')
  for (const entry of readdirSync(shell, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(join(shell, entry.name, 'en.json'))) areas.push(`shell/locales/${entry.name}`)
  }
  for (const plugin of readdirSync(join(root, 'plugins'), { withFileTypes: true })) {
    if (plugin.isDirectory() && existsSync(join(root, 'plugins', plugin.name, 'locales/en.json'))) areas.push(`plugins/${plugin.name}/locales`)
  }
  return areas.sort()
}

/** A catalogue file as JSON: its `$meta` header and its messages. */
export function readCatalogue(file) {
  const { $meta, ...messages } = JSON.parse(readFileSync(file, 'utf8'))
  return { meta: $meta, messages }
}

/** The catalogue as the runtime loads it: every message compiled to Lingui's form, the header dropped. */
export function compileCatalogue(messages) {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessage(text)]))
}

/** What the build emits for a catalogue file: JSON of its compiled messages (still JSON, so each bundler's JSON loader takes it). */
export function catalogueModule(json) {
  const { $meta: _meta, ...messages } = JSON.parse(json)
  return JSON.stringify(compileCatalogue(messages))
}

/** The esbuild plugin that compiles catalogue files at build time (the runtime carries no ICU parser). */
export const catalogueLoader = {
  name: 'portico-catalogues',
  setup(build) {
    build.onLoad({ filter: CATALOGUE_FILE }, (args) => ({ contents: catalogueModule(readFileSync(args.path, 'utf8')), loader: 'json' }))
  },
}

/** The same for Vite (vitest): the file is loaded compiled, then Vite's JSON plugin makes it a module. */
export const catalogueVitePlugin = {
  name: 'portico-catalogues',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0]
    return CATALOGUE_FILE.test(file) ? catalogueModule(readFileSync(file, 'utf8')) : null
  },
}

/** The names of a message's arguments and the plural or select cases it has, from its ICU syntax. */
function shape(text) {
  const args = new Set()
  const plurals = []
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') args.add(token.arg)
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        args.add(token.arg)
        plurals.push({ arg: token.arg, type: token.type, keys: token.cases.map((c) => c.key) })
        for (const c of token.cases) walk(c.tokens)
      }
    }
  }
  walk(parse(text))
  return { args, plurals }
}

/**
 * A message's rich-text placeholders (`<0>Terms</0>`, the links the view puts there) in each
 * of its branches (`documents=both/`; '' for the text outside any select or plural): the ones
 * opened and closed, sorted. A translation that drops or breaks one loses a link.
 */
function richTextTags(text) {
  const branches = new Map()
  const walk = (tokens, path) => {
    let shown = ''
    for (const token of tokens) {
      if (token.type === 'content') shown += token.value
      else for (const branch of token.cases ?? []) walk(branch.tokens, `${path}${token.arg}=${branch.key}/`)
    }
    const paired = [...shown.matchAll(/<(\d+)>[^<]*<\/\1>/g)].map((match) => match[1])
    const all = [...shown.matchAll(/<\/?(\d+)>/g)].length
    branches.set(path, paired.sort().join(', ') + (all === paired.length * 2 ? '' : ' (one not closed)'))
  }
  walk(parse(text), '')
  return branches
}

/** The placeholders a translation's branches lose or add against English's (a plural category English lacks compares with its `other`). */
function richTextMisses(english, translated) {
  const theirs = richTextTags(english)
  return [...richTextTags(translated)].flatMap(([path, ours]) => {
    const expected = theirs.get(path) ?? theirs.get(path.replace(/=[^/=]*\/$/, '=other/')) ?? ''
    return ours === expected ? [] : [`${path.slice(0, -1) || 'the text'}: ${expected || 'none'}; here: ${ours || 'none'}`]
  })
}

/** The glossary: each term, the English it matches and the forms each locale uses for it. */
export function readGlossary(root = ROOT) {
  return JSON.parse(readFileSync(join(root, GLOSSARY_PATH), 'utf8'))
}

/**
 * What a message can show: its literal text and every case's text, without argument names or
 * select and plural keys ({wallet}; `{kind, select, send {Sent} ...}` shows "Sent", never "send").
 */
function visibleText(message) {
  const shown = []
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'content') shown.push(token.value)
      else for (const branch of token.cases ?? []) walk(branch.tokens)
      shown.push(' ')
    }
  }
  walk(parse(message))
  return shown.join('')
}

/** The glossary terms a message breaks: the English uses the term, the translation none of the locale's forms. */
export function glossaryMisses(glossary, locale, english, translated) {
  english = visibleText(english)
  translated = visibleText(translated)
  const misses = []
  for (const [term, { match, forms }] of Object.entries(glossary.terms)) {
    const localeForms = forms[locale]
    if (!localeForms || !new RegExp(match, 'i').test(english)) continue
    const lower = translated.toLocaleLowerCase(locale)
    if (!localeForms.some((form) => lower.includes(form.toLocaleLowerCase(locale)))) misses.push({ term, forms: localeForms })
  }
  return misses
}

/**
 * Checks one locale across every area. Returns the problems (an empty list passes) and, per area,
 * the compiled size in gzip bytes. A missing file or key is a problem: the visitor would see English.
 */
export function checkLocale(locale, root = ROOT) {
  const problems = []
  const sizes = {}
  const glossary = readGlossary(root)
  if (!LOCALES.includes(locale)) problems.push(`${locale} is not one of Portico's locales (${LOCALES.join(', ')})`)
  for (const area of catalogueAreas(root)) {
    const english = readCatalogue(join(root, area, 'en.json')).messages
    const file = join(root, area, `${locale}.json`)
    const where = relative(root, file)
    if (!existsSync(file)) {
      problems.push(`${where}: missing (the visitor sees this area in English)`)
      continue
    }
    let catalogue
    try {
      catalogue = readCatalogue(file)
    } catch (error) {
      problems.push(`${where}: not JSON (${error.message})`)
      continue
    }
    const { meta, messages } = catalogue
    if (!meta || meta.locale !== locale) problems.push(`${where}: the header "$meta".locale must be "${locale}"`)
    if (!meta || !['yes', 'no'].includes(meta.glossaryChecked)) problems.push(`${where}: the header "$meta".glossaryChecked must be "yes" or "no"`)
    if (meta?.glossaryChecked === 'yes' && typeof meta.checkedBy !== 'string') problems.push(`${where}: the header "$meta".checkedBy must name the test that checked it`)
    for (const key of Object.keys(english)) if (!(key in messages)) problems.push(`${where}: "${key}" is missing`)
    for (const [key, text] of Object.entries(messages)) {
      if (!(key in english)) {
        problems.push(`${where}: "${key}" is not in en.json (a typo, or a key that was removed)`)
        continue
      }
      if (typeof text !== 'string' || text.trim() === '') {
        problems.push(`${where}: "${key}" is empty`)
        continue
      }
      let ours
      try {
        ours = shape(text)
      } catch (error) {
        problems.push(`${where}: "${key}" is not valid ICU MessageFormat (${error.message.split('\n')[0]})`)
        continue
      }
      const theirs = shape(english[key])
      const missingArgs = [...theirs.args].filter((arg) => !ours.args.has(arg))
      const extraArgs = [...ours.args].filter((arg) => !theirs.args.has(arg))
      if (missingArgs.length || extraArgs.length) {
        problems.push(`${where}: "${key}" must use the same {arguments} as English (missing: ${missingArgs.join(', ') || 'none'}; unknown: ${extraArgs.join(', ') || 'none'})`)
      }
      for (const miss of richTextMisses(english[key], text)) {
        problems.push(`${where}: "${key}" must keep the rich-text placeholders of English, each opened and closed (${miss})`)
      }
      if (area === 'host/locales' && ours.plurals.length)
        problems.push(`${where}: "${key}" is an opener text: arguments only, no plural or select (the first screen formats it without @lingui/core)`)
      for (const plural of ours.plurals) {
        if (!plural.keys.includes('other')) problems.push(`${where}: "${key}" ${plural.type} {${plural.arg}} needs an "other" case`)
        if (plural.type === 'plural') {
          const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
          for (const category of categories) {
            if (!plural.keys.includes(category)) problems.push(`${where}: "${key}" plural {${plural.arg}} lacks the "${category}" case ${locale} needs`)
          }
        }
      }
      if (meta?.glossaryChecked === 'yes') {
        for (const miss of glossaryMisses(glossary, locale, english[key], text)) {
          problems.push(`${where}: "${key}" translates "${miss.term}" without the glossary's term (${miss.forms.join(' / ')})`)
        }
      }
    }
    const compiled = JSON.stringify(compileCatalogue(messages))
    sizes[area] = gzipSync(compiled, { level: 9 }).length
    if (sizes[area] > MAX_CATALOGUE_GZIP) problems.push(`${where}: ${sizes[area]} B gzip compiled, over the ${MAX_CATALOGUE_GZIP} B a locale file may weigh`)
  }
  return { problems, sizes }
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (runDirectly) {
  const locales = process.argv.slice(2)
  if (locales.length === 0) {
    console.error('usage: npm run i18n:check -- <locale> [<locale> ...]   (e.g. npm run i18n:check -- ja)')
    process.exit(2)
  }
  let failed = false
  for (const locale of locales) {
    const { problems, sizes } = checkLocale(locale)
    const total = Object.values(sizes).reduce((sum, size) => sum + size, 0)
    console.log(`${locale}: ${Object.keys(sizes).length} area files, ${total} B gzip in all (largest ${Math.max(0, ...Object.values(sizes))} B)`)
    for (const problem of problems) console.log(`  ✗ ${problem}`)
    if (problems.length === 0) console.log('  ✓ complete, valid ICU, same arguments as English, glossary terms used, every file within 3 KB gzip')
    failed ||= problems.length > 0
  }
  process.exitCode = failed ? 1 : 0
}
