import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_ENTRIES, ROOT, buildLibrary, libraryEntryPoints } from '../../build.mjs'
import { scanFile, sourceFiles } from './sourceScan.ts'

// Issue "Kernel, plugin mechanism, build": nothing loads before it is needed. This
// reads the esbuild metafile of the package's real build (dependencies external, as
// `npm pack` ships it) rather than trusting the source.
const outdir = relative(ROOT, mkdtempSync(join(tmpdir(), 'portico-bundle-')))
let meta: Metafile

const { peerDependenciesMeta } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}
/** The database layer of `portico/siwx-server`, a Node entry outside this browser build (test/package runs it). */
const NODE_ENTRY_PEERS = ['@electric-sql/pglite', 'drizzle-orm', 'pg']
/** The app's own framework, for `portico/vue` and (types only) `portico/svelte`: no SDK a plugin loads. */
const FRAMEWORK_PEERS = ['vue', 'svelte']
/** wagmi's own peer, named beside wagmi for the app's install; Portico imports none of it. */
const PEERS_OF_PEERS = ['@tanstack/react-query']
const OPTIONAL_SDKS = Object.keys(peerDependenciesMeta).filter(
  (name) => peerDependenciesMeta[name]?.optional && ![...NODE_ENTRY_PEERS, ...FRAMEWORK_PEERS, ...PEERS_OF_PEERS].includes(name),
)
const REACT = /^react(-dom)?(\/|$)/

/** Output files reachable from `entry` through static imports only: what loads before any click. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const edge of meta.outputs[file]?.imports ?? []) {
      if (edge.kind === 'import-statement' && !edge.external) visit(edge.path)
    }
  }
  visit(entry)
  return seen
}

const inputsOf = (output: string) => Object.keys(meta.outputs[output]?.inputs ?? {})
/** The packages an output imports statically by name (the dist's dependencies are external). */
const packagesImportedBy = (output: string) => (meta.outputs[output]?.imports ?? []).filter((edge) => edge.external && edge.kind === 'import-statement').map((edge) => edge.path)
/**
 * portico/wagmi's connectors sit in the app's wagmi config, so they are on its first screen
 * before any click, as a manifest is: shells whose work (connectorSession.ts) loads on use.
 */
const CONNECTOR_SHELLS = ['plugins/wagmi/porticoConnectors.ts', 'plugins/wagmi/connectorKit.ts', 'plugins/wagmi/networkOfChain.ts']
const pluginOf = (path: string) => path.match(/^plugins\/(namespaces\/[^/]+|[^/]+)\//)?.[1]
/**
 * A plugin's manifest half, always bundled: its index.ts and what that reaches by static
 * imports inside the plugin's own folder (its contract.ts, its option tables). Everything
 * else of the plugin is its body, which loads behind import().
 */
function manifestHalves(): Set<string> {
  const half = new Set<string>()
  const visit = (file: string) => {
    if (half.has(file)) return
    half.add(file)
    for (const ref of scanFile(file).imports) {
      if (ref.kind === 'static' && pluginOf(ref.specifier) === pluginOf(file)) visit(ref.specifier)
    }
  }
  for (const file of sourceFiles('plugins')) if (/\/index\.tsx?$/.test(file)) visit(file)
  return half
}
let manifests: Set<string>
const isPluginBody = (input: string) => pluginOf(input) !== undefined && !manifests.has(input) && !CONNECTOR_SHELLS.includes(input)
const outputPath = (name: string) => relative(ROOT, join(ROOT, outdir, `${name}.js`))
const entryNames = () => Object.keys(libraryEntryPoints())

beforeAll(async () => {
  manifests = manifestHalves()
  meta = await buildLibrary({ outdir, dependencies: 'external' })
}, 120_000)

afterAll(() => rmSync(join(ROOT, outdir), { recursive: true, force: true }))

describe('bundle layout (metafile)', () => {
  it('the portico entry exists and its static closure holds the kernel', () => {
    const closure = staticClosure(outputPath('index'))
    const inputs = [...closure].flatMap(inputsOf)
    expect(inputs).toContain('kernel/createKernel.ts')
  })

  it("no entry's static import closure contains a plugin body", () => {
    expect(entryNames()).toEqual(expect.arrayContaining(['index', 'react', 'all', 'eip155']))
    for (const entry of entryNames()) {
      const inputs = [...staticClosure(outputPath(entry))].flatMap(inputsOf)
      expect(inputs.filter(isPluginBody), entry).toEqual([])
    }
  })

  it('each plugin body is in lazily imported chunks of its own, never mixed with another plugin', () => {
    const folders = Object.values(PACKAGE_ENTRIES)
      .filter((source) => source.startsWith('plugins/'))
      .map((source) => source.replace(/\/index\.tsx?$/, ''))
    expect(folders).toContain('plugins/receive')
    const folderOf = (input: string) => folders.find((folder) => input.startsWith(`${folder}/`))
    const dynamicTargets = new Set(Object.values(meta.outputs).flatMap((output) => output.imports.filter((edge) => edge.kind === 'dynamic-import').map((edge) => edge.path)))
    for (const folder of folders) {
      const chunks = [...dynamicTargets].filter((chunk) => inputsOf(chunk).some((input) => isPluginBody(input) && folderOf(input) === folder))
      expect(chunks.length, `${folder} has a lazy chunk`).toBeGreaterThan(0)
      for (const chunk of chunks) {
        const owners = new Set(inputsOf(chunk).filter(isPluginBody).map(folderOf))
        expect([...owners], `${chunk} holds only ${folder}`).toEqual([folder])
      }
    }
  })

  it('copies no dependency in: every file of the dist is built from our own sources', () => {
    const inputs = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs))
    expect(inputs.filter((input) => input.includes('node_modules/'))).toEqual([])
    const imported = new Set(Object.values(meta.outputs).flatMap((output) => output.imports.filter((edge) => edge.external).map((edge) => edge.path)))
    expect(imported).toContain('viem')
  })

  it('the portico entry loads no React before the modal opens', () => {
    const closure = [...staticClosure(outputPath('index'))]
    expect(closure.flatMap(packagesImportedBy).filter((name) => REACT.test(name))).toEqual([])
    expect(closure.flatMap(inputsOf).filter((input) => input.startsWith('shell/') && input.endsWith('.tsx'))).toEqual([])
  })

  it('the first screen carries the English opener texts inside the opener code, and no other locale', () => {
    const closure = [...new Set([...staticClosure(outputPath('index')), ...staticClosure(outputPath('react'))])]
    const withOpener = closure.filter((output) => inputsOf(output).includes('host/openerText.ts'))
    expect(withOpener).toHaveLength(1)
    // A chunk of its own would cost the first screen one more file and its imports (149 B gzip).
    const locales = closure.flatMap(inputsOf).filter((input) => /\/locales\/[^/]+\.json\b/.test(input))
    expect(locales).toEqual([expect.stringMatching(/^host\/locales\/en\.json\b/)])
    expect(inputsOf(withOpener[0]!)).toContain(locales[0])
  })

  it('an optional SDK is imported only by lazily loaded chunks, never before a plugin needs it', () => {
    expect(OPTIONAL_SDKS).toEqual(expect.arrayContaining(['@solana/web3.js', '@walletconnect/universal-provider']))
    // By package: a plugin may import a subpath (`wagmi/actions`).
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/')
    const everyImport = Object.values(meta.outputs).flatMap((output) => output.imports.filter((edge) => edge.external).map((edge) => packageOf(edge.path)))
    for (const sdk of OPTIONAL_SDKS) {
      expect(everyImport, `${sdk} is used somewhere`).toContain(sdk)
      for (const entry of entryNames()) {
        // portico/wagmi works on the app's own wagmi config: the app has loaded wagmi already.
        if (entry === 'wagmi' && sdk === 'wagmi') continue
        expect([...staticClosure(outputPath(entry))].flatMap(packagesImportedBy).map(packageOf), `${entry} -> ${sdk}`).not.toContain(sdk)
      }
    }
  })

  it('vue is imported by portico/vue alone, and portico/svelte (types only) imports nothing', () => {
    for (const entry of entryNames().filter((name) => name !== 'vue')) {
      expect([...staticClosure(outputPath(entry))].flatMap(packagesImportedBy), `${entry} -> vue`).not.toContain('vue')
    }
    expect([...staticClosure(outputPath('vue'))].flatMap(packagesImportedBy)).toContain('vue')
    expect(meta.outputs[outputPath('svelte')]?.imports).toEqual([])
  })
})
