import { describe, expect, it } from 'vitest'
import { type ImportRef, scanFile, scanSource, sourceFiles } from './sourceScan.ts'

// The layers of docs/architecture.md, checked on every import of the tree as TypeScript
// parses it: static, type-only, dynamic, require(), and paths computed at run time.
const isReact = (specifier: string) => /^react(-dom)?(\/|$)/.test(specifier)

function violations(folder: string, isForbidden: (file: string, ref: ImportRef) => boolean): string[] {
  return sourceFiles(folder).flatMap((file) =>
    scanFile(file)
      .imports.filter((ref) => isForbidden(file, ref))
      .map((ref) => `${file} -> ${ref.specifier} (${ref.kind})`),
  )
}

const pluginOf = (path: string) => path.match(/^plugins\/(namespaces\/[^/]+|[^/]+)\//)?.[1]

describe('the scanner the layer rules rely on', () => {
  it('finds the source it checks', () => {
    expect(sourceFiles('kernel').length).toBeGreaterThan(20)
    expect(scanFile('entries/portico.ts').imports.map((ref) => ref.specifier)).toContain('kernel/index.ts')
  })

  it('sees require(), dynamic and type imports, a path built at run time and JSX without an import, and ignores comments and strings', () => {
    const facts = scanSource(
      [
        "// import { useState } from 'react'",
        "/* import('shell/mount.tsx') */",
        'const text = "import x from \'react\'"',
        "const React = require('react')",
        "const chunk = import('../shell/mount.tsx')",
        "const name = 'react-dom'",
        'const lazy = import(name)',
        "type Kit = import('../kernel/index.ts').PorticoKit",
        'export const View = () => <div>hello</div>',
      ].join('\n'),
      'kernel/example.tsx',
    )
    expect(facts.imports).toEqual([
      { specifier: 'react', kind: 'require' },
      { specifier: '../shell/mount.tsx', kind: 'dynamic' },
      { specifier: '../kernel/index.ts', kind: 'type' },
    ])
    expect(facts.computedImports).toBe(1)
    expect(facts.jsx).toBe(true)
    expect(scanSource('export const n = 1', 'kernel/plain.ts')).toEqual({ imports: [], computedImports: 0, jsx: false })
  })
})

describe('layers', () => {
  it('kernel/ imports nothing from services/, host/, shell/, plugins/, entries/, React or react-dom, by any kind of import', () => {
    expect(violations('kernel', (_, ref) => /^(services|host|shell|plugins|entries)\//.test(ref.specifier) || isReact(ref.specifier))).toEqual([])
  })

  it('protocol/ (what clients and servers share) imports only valibot, viem and itself', () => {
    expect(sourceFiles('protocol').length).toBeGreaterThan(10)
    const allowed = (specifier: string) => /^(valibot|viem)(\/|$)/.test(specifier) || specifier.startsWith('protocol/')
    expect(violations('protocol', (_, ref) => !allowed(ref.specifier))).toEqual([])
  })

  it('servers/ import nothing of plugins/, shell/ or host/: what they share with the client is in protocol/', () => {
    expect(sourceFiles('servers').length).toBeGreaterThan(50)
    expect(violations('servers', (_, ref) => /^(plugins|shell|host)\//.test(ref.specifier))).toEqual([])
  })

  it('services/ (reached by plugins through tokens) import the kernel, protocol/ and themselves only: no plugin, host, shell, entry or React', () => {
    expect(sourceFiles('services').length).toBeGreaterThan(3)
    expect(violations('services', (_, ref) => /^(plugins|host|shell|entries|servers)\//.test(ref.specifier) || isReact(ref.specifier))).toEqual([])
  })

  it('kernel/ and host/ hold no JSX and no .tsx file: they run without React', () => {
    const files = [...sourceFiles('kernel'), ...sourceFiles('host')]
    expect(files.filter((file) => file.endsWith('.tsx'))).toEqual([])
    expect(files.filter((file) => scanFile(file).jsx)).toEqual([])
  })

  it('host/ imports the kernel only: no React, no shell/, no plugin, no entry', () => {
    expect(sourceFiles('host').length).toBeGreaterThan(5)
    expect(violations('host', (_, ref) => /^(shell|plugins|entries|demo)\//.test(ref.specifier) || isReact(ref.specifier))).toEqual([])
  })

  it("the `portico` entry's static imports reach nothing in shell/ and no React (the renderer is behind import())", () => {
    const seen = new Set<string>()
    const queue = ['entries/portico.ts']
    const packages: string[] = []
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      for (const ref of scanFile(file).imports.filter((r) => r.kind === 'static')) {
        if (/\.(ts|tsx)$/.test(ref.specifier)) queue.push(ref.specifier)
        else packages.push(ref.specifier)
      }
    }
    expect([...seen]).toContain('host/lazyMount.ts')
    expect([...seen].filter((file) => file.startsWith('shell/'))).toEqual([])
    expect(packages.filter(isReact)).toEqual([])
    // The renderer is there, lazily.
    expect(scanFile('entries/portico.ts').imports).toContainEqual({ specifier: 'shell/mount.tsx', kind: 'dynamic' })
  })

  it("adapters/ (portico/vue, portico/svelte) imports the kernel and the elements' types only: no React, no shell/, no plugin, no entry", () => {
    expect(sourceFiles('adapters').length).toBeGreaterThan(3)
    // A path in the tree ends in .ts; anything else is a package (vue, svelte/elements).
    const ownCode = (specifier: string) => /\.tsx?$/.test(specifier)
    const allowed = (specifier: string) => /^(kernel|adapters)\//.test(specifier) || specifier === 'host/elements/elementTypes.ts'
    expect(violations('adapters', (_, ref) => isReact(ref.specifier) || (ownCode(ref.specifier) && !allowed(ref.specifier)))).toEqual([])
  })

  it('shell/ never imports a plugin or an entry', () => {
    expect(violations('shell', (_, ref) => /^(plugins|entries)\//.test(ref.specifier))).toEqual([])
  })

  it('the ui kit (shell/ui, published as portico/ui) imports nothing else of the shell', () => {
    expect(violations('shell/ui', (_, ref) => ref.specifier.startsWith('shell/') && !ref.specifier.startsWith('shell/ui/'))).toEqual([])
  })

  it('a plugin imports the kernel and shell/ui only: never another plugin, shell internals or an entry', () => {
    expect(
      violations('plugins', (file, ref) => {
        if (ref.specifier.startsWith('entries/')) return true
        if (ref.specifier.startsWith('shell/') && !ref.specifier.startsWith('shell/ui/')) return true
        const own = pluginOf(file)
        const other = pluginOf(ref.specifier)
        return Boolean(own && other && own !== other)
      }),
    ).toEqual([])
  })

  it("no file of a plugin imports its own manifest (index.ts): what the manifest and the body share is in the plugin's contract.ts", () => {
    // A plugin's test helpers (its test/ folder) build kits with the manifest, as an app does.
    const manifestOf = (file: string) => `plugins/${pluginOf(file)}/index.ts`
    expect(
      violations('plugins', (file, ref) => pluginOf(file) !== undefined && !file.includes('/test/') && ref.specifier === manifestOf(file) && file !== manifestOf(file)),
    ).toEqual([])
  })

  it('demo/ uses the package through its public entry points only', () => {
    expect(violations('demo', (_, ref) => /^(kernel|host|shell|plugins)\//.test(ref.specifier))).toEqual([])
  })

  it("no import path in the package's code is built at run time, so every rule above sees every import", () => {
    // (The demo's islands are loaded by URL on purpose: they are served files, not modules of the tree.
    // So is a plugin chunk fetched again after a failed download: the URL is the built chunk's own,
    // whose import the rules above have seen in its manifest; kernel/plugins/chunkRetry.ts says why.)
    const folders = ['protocol', 'services', 'kernel', 'host', 'shell', 'plugins', 'entries', 'adapters']
    const refetchesBuiltChunks = ['kernel/plugins/chunkRetry.ts']
    // (A message catalogue loads a locale's file as import(`./${locale}.json`) of the JSON beside it, which
    // bundlers split one chunk a locale: JSON imports nothing, so no rule above misses an import.)
    const loadsLocaleFiles = (file: string) => /(^|\/)(locales\/([\w-]+\/)?index\.ts|openerLocales\.ts)$/.test(file) && scanFile(file).imports.length <= 2
    expect(folders.flatMap(sourceFiles).filter((file) => scanFile(file).computedImports > 0 && !loadsLocaleFiles(file))).toEqual(refetchesBuiltChunks)
  })
})
