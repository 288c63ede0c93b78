// What a built app ships, read from its output directory alone (whichever bundler made
// it): the first screen is the JS its index.html loads (module scripts and modulepreload
// links) with everything those import statically; the rest is what import() reaches from
// there. Bytes are gzip -9 per file, as the bench counts them.
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import ts from 'typescript'

export interface Sizes {
  /** Files (relative to the output directory) and their gzip bytes. */
  readonly files: readonly string[]
  readonly gzip: number
}

export interface AppSizes {
  /** What loads before the visitor does anything. */
  readonly firstScreen: Sizes
  /** Everything the page can ever load: the first screen and all it reaches through import(). */
  readonly total: Sizes
  /** The packages the first screen's files import by name (those a build left external). */
  readonly firstScreenPackages: readonly string[]
}

interface ModuleImports {
  readonly static: string[]
  readonly dynamic: string[]
  /** Bare specifiers of static imports: packages the build left external. */
  readonly packages: string[]
}

/**
 * The relative specifiers of a module's top-level import/export statements (static) and
 * of its import() calls (dynamic), read from TypeScript's syntax tree, so a string in the
 * minified code that looks like an import is not taken for one. Bare specifiers (a
 * package left external) are not files of the build: static ones are listed apart.
 */
export function importsOf(code: string): ModuleImports {
  const source = ts.createSourceFile('module.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const found: ModuleImports = { static: [], dynamic: [], packages: [] }
  const local = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined
    if (specifier) (local(specifier) ? found.static : found.packages).push(specifier)
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument) && local(argument.text)) found.dynamic.push(argument.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The JS files index.html loads at once: module scripts and modulepreload links, as paths in `outdir`. */
export function htmlEntries(outdir: string): string[] {
  const html = readFileSync(join(outdir, 'index.html'), 'utf8')
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
  const urls = tags.flatMap((tag) => {
    const attribute = (name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]
    if (tag.startsWith('<script') && attribute('type') === 'module') return attribute('src') ?? []
    if (tag.startsWith('<link') && attribute('rel') === 'modulepreload') return attribute('href') ?? []
    return []
  })
  return urls.map((url) => resolve(outdir, `.${new URL(url, 'http://app/').pathname}`))
}

/** Measures the app built in `outdir` (an index.html and its JS). */
export function measureApp(outdir: string): AppSizes {
  const entries = htmlEntries(outdir)
  if (entries.length === 0) throw new Error(`${outdir}/index.html loads no module script`)
  return measure(outdir, entries)
}

/** Measures what loading `roots` (absolute paths of built modules in `outdir`) ships. */
export function measure(outdir: string, roots: readonly string[]): AppSizes {
  const imports = new Map<string, ModuleImports>()
  const read = (file: string) => {
    if (!imports.has(file)) imports.set(file, importsOf(readFileSync(file, 'utf8')))
    return imports.get(file)!
  }
  const closure = (roots: readonly string[], kinds: readonly (keyof ModuleImports)[]) => {
    const seen = new Set<string>()
    const queue = [...roots]
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      const found = read(file)
      for (const kind of kinds) queue.push(...found[kind].map((specifier) => resolveSpecifier(outdir, file, specifier)))
    }
    return [...seen]
  }
  const first = closure(roots, ['static'])
  return {
    firstScreen: sizesOf(outdir, first),
    total: sizesOf(outdir, closure(roots, ['static', 'dynamic'])),
    firstScreenPackages: [...new Set(first.flatMap((file) => read(file).packages))].sort(),
  }
}

/**
 * The gzip bytes of `sizes` that are not the app's own code, as sizeBuild.mjs's
 * inputs.json tells them apart: each file's gzip size less the app's share of its
 * rendered bytes (an estimate, as gzip does not compress every module alike).
 */
export function withoutAppCode(outdir: string, sizes: Sizes): number {
  const inputs = JSON.parse(readFileSync(join(outdir, 'inputs.json'), 'utf8')) as Record<string, { bytes: number; appBytes: number }>
  const appShare = sizes.files.reduce((sum, file) => {
    const input = inputs[file]
    if (!input) throw new Error(`${outdir}/inputs.json does not list ${file}`)
    return input.bytes === 0 ? sum : sum + (gzipOf(join(outdir, file)) * input.appBytes) / input.bytes
  }, 0)
  return Math.round(sizes.gzip - appShare)
}

function resolveSpecifier(outdir: string, from: string, specifier: string): string {
  return specifier.startsWith('/') ? join(outdir, specifier) : resolve(dirname(from), specifier)
}

const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

/** The files (absolute paths in `outdir`) and their gzip bytes together. */
export function sizesOf(outdir: string, files: readonly string[]): Sizes {
  const gzip = files.reduce((sum, file) => sum + gzipOf(file), 0)
  return { files: files.map((file) => relative(outdir, file)).sort(), gzip }
}
