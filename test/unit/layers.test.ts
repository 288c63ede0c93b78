import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// DESIGN.md "Layers": the rules are checked here, on every import specifier in the tree.
const root = resolve(import.meta.dirname, '../..')

function sourceFiles(folder: string): string[] {
  const dir = join(root, folder)
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(relative(root, path))
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(root, path)] : []
  })
}

/** Every static and dynamic import of a file, relative ones resolved to a path from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  return specifiers.map((spec) => (spec.startsWith('.') ? relative(root, resolve(root, dirname(file), spec)) : spec))
}

/** The static imports of a file (`import ... from`, `export ... from`), type-only ones left out: what a bundle's closure follows. */
function staticImportsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  const specifiers = [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]/gm), ...text.matchAll(/^import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!)
  return specifiers.map((spec) => (spec.startsWith('.') ? relative(root, resolve(root, dirname(file), spec)) : spec))
}

function violations(folder: string, isForbidden: (file: string, target: string) => boolean): string[] {
  return sourceFiles(folder).flatMap((file) =>
    importsOf(file)
      .filter((target) => isForbidden(file, target))
      .map((target) => `${file} -> ${target}`),
  )
}

const pluginOf = (path: string) => path.match(/^plugins\/(namespaces\/[^/]+|[^/]+)\//)?.[1]

describe('DESIGN.md layers', () => {
  it('finds the source it checks (the scan itself works)', () => {
    expect(sourceFiles('kernel').length).toBeGreaterThan(20)
    expect(importsOf('entries/portico.ts')).toContain('kernel/index.ts')
  })

  it('kernel/ imports nothing from shell/, plugins/, React or react-dom', () => {
    expect(
      violations('kernel', (_, target) => /^(shell|plugins|entries)\//.test(target) || /^react(-dom)?(\/|$)/.test(target)),
    ).toEqual([])
  })

  it('host/ imports the kernel only: no React, no shell/, no plugin, no entry', () => {
    expect(sourceFiles('host').length).toBeGreaterThan(5)
    expect(
      violations('host', (_, target) => /^(shell|plugins|entries|demo)\//.test(target) || /^react(-dom)?(\/|$)/.test(target)),
    ).toEqual([])
  })

  it('kernel/ never imports host/', () => {
    expect(violations('kernel', (_, target) => target.startsWith('host/'))).toEqual([])
  })

  it("the `portico` entry's static imports reach nothing in shell/ and no React (the renderer is behind import())", () => {
    const seen = new Set<string>()
    const queue = ['entries/portico.ts']
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      queue.push(...staticImportsOf(file).filter((target) => /\.(ts|tsx)$/.test(target) && !target.startsWith('node_modules')))
    }
    const reached = [...seen]
    expect(reached).toContain('host/lazyMount.ts')
    expect(reached.filter((file) => file.startsWith('shell/'))).toEqual([])
    expect(reached.flatMap((file) => staticImportsOf(file)).filter((target) => /^react(-dom)?(\/|$)/.test(target))).toEqual([])
    // The renderer is there, lazily.
    expect(importsOf('entries/portico.ts')).toContain('shell/mount.tsx')
  })

  it('shell/ never imports a plugin', () => {
    expect(violations('shell', (_, target) => target.startsWith('plugins/'))).toEqual([])
  })

  it('a plugin imports the kernel and shell/ui only, never another plugin or shell internals', () => {
    expect(
      violations('plugins', (file, target) => {
        if (target.startsWith('shell/') && !target.startsWith('shell/ui')) return true
        const own = pluginOf(file)
        const other = pluginOf(target)
        return Boolean(own && other && own !== other)
      }),
    ).toEqual([])
  })

  it('demo/ and frame/ use the package through its public entry points only', () => {
    expect(
      violations('demo', (_, target) => /^(kernel|shell|plugins)\//.test(target)).concat(
        violations('frame', (_, target) => /^(kernel|shell|plugins)\//.test(target)),
      ),
    ).toEqual([])
  })
})
