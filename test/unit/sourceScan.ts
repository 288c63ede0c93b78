import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

// What the layer tests read of a source file, from TypeScript's own parser: comments and
// strings are not code, and an import is whatever the language says is one.
export const ROOT = resolve(import.meta.dirname, '../..')

export type ImportKind = 'static' | 'type' | 'dynamic' | 'require'
export interface ImportRef {
  readonly specifier: string
  readonly kind: ImportKind
}
export interface SourceFacts {
  readonly imports: readonly ImportRef[]
  /** `import(x)` or `require(x)` whose path is computed at run time, so no rule can see where it goes. */
  readonly computedImports: number
  /** JSX anywhere in the file. */
  readonly jsx: boolean
}

const literal = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : undefined)

/** Reads the imports, computed imports and JSX of `text` (a .ts or .tsx file's content). */
export function scanSource(text: string, fileName = 'file.tsx'): SourceFacts {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const imports: ImportRef[] = []
  let computedImports = 0
  let jsx = false
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const specifier = literal(node.moduleSpecifier)
      if (specifier) imports.push({ specifier, kind: node.importClause?.isTypeOnly ? 'type' : 'static' })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const specifier = literal(node.moduleSpecifier)
      if (specifier) imports.push({ specifier, kind: node.isTypeOnly ? 'type' : 'static' })
    } else if (ts.isCallExpression(node)) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require'
      if (isImport || isRequire) {
        const specifier = literal(node.arguments[0])
        if (specifier) imports.push({ specifier, kind: isImport ? 'dynamic' : 'require' })
        else computedImports += 1
      }
    } else if (ts.isImportTypeNode(node)) {
      const specifier = ts.isLiteralTypeNode(node.argument) ? literal(node.argument.literal) : undefined
      if (specifier) imports.push({ specifier, kind: 'type' })
    } else if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) {
      jsx = true
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { imports, computedImports, jsx }
}

/** The .ts and .tsx files under `folder` (a path from the repo root), tests left out. */
export function sourceFiles(folder: string): string[] {
  const dir = join(ROOT, folder)
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(relative(ROOT, path))
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [relative(ROOT, path)] : []
  })
}

// Each rule reads the folders it checks, and several rules read the same ones: a file is parsed once a run.
const scanned = new Map<string, SourceFacts>()

/** The facts of a repo file, relative import paths resolved to paths from the root. */
export function scanFile(file: string): SourceFacts {
  const known = scanned.get(file)
  if (known) return known
  const facts = scanSource(readFileSync(join(ROOT, file), 'utf8'), file)
  const resolveRef = (ref: ImportRef): ImportRef => (ref.specifier.startsWith('.') ? { ...ref, specifier: relative(ROOT, resolve(ROOT, dirname(file), ref.specifier)) } : ref)
  const resolved = { ...facts, imports: facts.imports.map(resolveRef) }
  scanned.set(file, resolved)
  return resolved
}
