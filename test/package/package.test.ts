import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, posix } from 'node:path'
import { promisify } from 'node:util'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKAGE_ENTRIES, ROOT, outputName } from '../../build.mjs'
import { type PackReport, pack } from '../../scripts/pack.mjs'

// The package as an app receives it: `npm pack`ed, unpacked into an app's node_modules,
// and compiled by TypeScript with an app's strictest options. Nothing here reads the
// sources: only the tarball.

const run = promisify(execFile)
const work = mkdtempSync(join(tmpdir(), 'portico-package-'))
const tarball = join(work, 'portico.tgz')
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string; default: string }>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}
const optionalPeers = Object.keys(manifest.peerDependenciesMeta).filter((name) => manifest.peerDependenciesMeta[name]?.optional)
const requiredPeers = Object.keys(manifest.peerDependencies).filter((name) => !optionalPeers.includes(name))

let report: PackReport
/** Shipped file path (relative to the package root) -> its text. */
const shipped = new Map<string, string>()

beforeAll(async () => {
  report = await pack(tarball)
  const unpacked = join(work, 'unpacked')
  mkdirSync(unpacked)
  await run('tar', ['xzf', tarball, '-C', unpacked, '--strip-components=1'])
  for (const { path } of report.files) shipped.set(path, readFileSync(join(unpacked, path), 'utf8'))
}, 300_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Every module specifier of a shipped file (static, dynamic and type imports), read by TypeScript's scanner, which skips strings and comments. */
const specifiers = (text: string) => ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName)
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')
const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../')
/** The shipped code and declarations (not package.json or the README, whose examples import). */
const shippedModules = () => [...shipped].filter(([file]) => /\.(js|d\.ts)$/.test(file))

describe('package.json and the build agree', () => {
  it('"exports" lists exactly the entries build.mjs builds, each at its built JS and declarations', () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(Object.keys(PACKAGE_ENTRIES).sort())
    for (const subpath of Object.keys(PACKAGE_ENTRIES)) {
      const name = outputName(subpath)
      expect(manifest.exports[subpath], subpath).toEqual({ types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` })
    }
  })
})

describe('the tarball', () => {
  it('holds every export, its chunks and declarations, and nothing but the built package', () => {
    const files = [...shipped.keys()]
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      expect(files, `${subpath} types`).toContain(target.types.slice(2))
      expect(files, `${subpath} code`).toContain(target.default.slice(2))
    }
    // Built ESM and declarations in dist/ and dist/chunks/; no sources, tests, demo, bench or metafile.
    const unexpected = files.filter((file) => !/^(package\.json|README\.md|dist\/(chunks\/)?[^/]+\.(js|d\.ts))$/.test(file))
    expect(unexpected).toEqual([])
    expect(files.filter((file) => file.startsWith('dist/chunks/') && file.endsWith('.js')).length).toBeGreaterThan(0)
    // Every relative import of a shipped file is shipped: a lazy chunk left out would fail on first use.
    for (const [file, text] of shippedModules()) {
      for (const specifier of specifiers(text).filter(isRelative)) {
        const target = posix.join(posix.dirname(file), specifier)
        // A declaration imports its sibling `x.d.ts` as `./x.js`, as TypeScript resolves it.
        const candidates = file.endsWith('.d.ts') ? [target.replace(/\.js$/, '.d.ts')] : [target]
        expect(candidates.some((candidate) => shipped.has(candidate)), `${file} imports ${specifier}`).toBe(true)
      }
    }
    console.info(`[package] ${report.filename}: ${report.entryCount} files, ${report.size} B packed, ${report.unpackedSize} B unpacked`)
  })

  it('imports its dependencies by name, and only those package.json declares', () => {
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)])
    const imported = new Set(shippedModules().flatMap(([, text]) => specifiers(text)).filter((s) => !isRelative(s)).map(packageOf))
    expect([...imported].filter((name) => !declared.has(name))).toEqual([])
    // The code imports viem rather than carrying a copy of it.
    expect(imported).toContain('viem')
    expect(imported).toContain('valibot')
  })

  it('publint finds nothing, not even a suggestion', async () => {
    const { messages, pkg } = await publint({ pack: { tarball: readFileSync(tarball).buffer as ArrayBuffer }, level: 'suggestion', strict: true })
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([])
  })

  it('are-the-types-wrong finds no problem for an ESM-only package', async () => {
    // esm-only: node10 and require() from CommonJS are not targets of an ESM-only package.
    // --no-definitely-typed: the check reads the tarball only and works offline.
    const attw = join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js')
    const args = [attw, tarball, '--profile', 'esm-only', '--no-definitely-typed', '--format', 'json']
    const result = await run(process.execPath, args, { cwd: work }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }))
    const analysis = JSON.parse(result.stdout) as { analysis: { problems: { kind: string; resolutionKind?: string; entrypoint?: string }[] } }
    const problems = analysis.analysis.problems.filter((problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind ?? ''))
    expect(problems).toEqual([])
    expect('failed' in result, 'attw exit code').toBe(false)
  }, 120_000)
})

// ---- an app that installs the tarball -------------------------------------------------

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')
const RESOLUTIONS = { bundler: 'esnext', node16: 'node16' } as const

/** An EVM-only app: the kit, one plugin, the React entry and its types. No optional SDK. */
const EVM_APP = `
import { createPortico, mainnet, type PorticoKit, type PorticoOptions } from 'portico'
import { eip155Plugin } from 'portico/eip155'
import { ConnectButton, PorticoProvider, usePorticoAccount, type PorticoProviderProps } from 'portico/react'

// One PorticoKit across entries: widening it here must widen the kit 'portico/react' takes.
declare module 'portico' {
  interface PorticoKit {
    readonly identityProbe: 'one type'
  }
}
export const probe: 'one type' = ({} as PorticoProviderProps['kit']).identityProbe

const options: PorticoOptions = { projectId: 'app', networks: [mainnet], plugins: [eip155Plugin()] }
export const kit: PorticoKit = createPortico(options)

function Address() {
  const account = usePorticoAccount()
  return <span>{account.address ?? 'not connected'}</span>
}

export const App = () => (
  <PorticoProvider kit={kit}>
    <ConnectButton label="Connect" balance="hide" />
    <Address />
  </PorticoProvider>
)
`

/** Every entry, and the full set of plugins, with the optional SDKs installed. */
const FULL_APP = `
import { createPortico, mainnet, solana } from 'portico'
import { allPlugins, walletConnectPlugin } from 'portico/all'
${Object.keys(PACKAGE_ENTRIES)
  .map((subpath, i) => `import * as entry${i} from '${posix.join('portico', subpath)}'`)
  .join('\n')}

export const entries = [${Object.keys(PACKAGE_ENTRIES).map((_, i) => `entry${i}`).join(', ')}]
export const kit = createPortico({ projectId: 'app', networks: [mainnet, solana], plugins: allPlugins([walletConnectPlugin()]) })
`

/** Writes an app whose node_modules has the unpacked tarball and links to `packages` from this repo's install. */
function makeApp(name: string, source: string, packages: readonly string[]): string {
  const dir = join(work, name)
  mkdirSync(join(dir, 'node_modules/portico'), { recursive: true })
  mkdirSync(join(dir, 'src'))
  for (const file of shipped.keys()) {
    mkdirSync(dirname(join(dir, 'node_modules/portico', file)), { recursive: true })
    writeFileSync(join(dir, 'node_modules/portico', file), shipped.get(file)!)
  }
  for (const pkg of packages) {
    mkdirSync(dirname(join(dir, 'node_modules', pkg)), { recursive: true })
    symlinkSync(join(ROOT, 'node_modules', pkg), join(dir, 'node_modules', pkg), 'dir')
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }))
  writeFileSync(join(dir, 'src/app.tsx'), source)
  for (const [moduleResolution, module] of Object.entries(RESOLUTIONS)) {
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module,
      moduleResolution,
      jsx: 'react-jsx',
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      // Declaration files are checked too, and no ambient @types/node is there to lean on.
      skipLibCheck: false,
      types: [],
      noEmit: true,
    }
    writeFileSync(join(dir, `tsconfig.${moduleResolution}.json`), JSON.stringify({ compilerOptions, include: ['src'] }))
  }
  return dir
}

/** The files TypeScript reports errors in, with the errors; empty when the app compiles. */
async function compile(dir: string, moduleResolution: keyof typeof RESOLUTIONS): Promise<string[]> {
  const args = [TSC, '-p', `tsconfig.${moduleResolution}.json`, '--pretty', 'false']
  const result = await run(process.execPath, args, { cwd: dir }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
  return result.stdout.split('\n').filter((line) => /: error TS\d+:/.test(line))
}

// The app's own React types; the package's dependencies and required peers, as npm installs them.
const APP_TYPES = ['@types/react', '@types/react-dom']
const installed = () => [...Object.keys(manifest.dependencies), ...requiredPeers, ...APP_TYPES]

describe('the declarations in an app with strict and exactOptionalPropertyTypes, skipLibCheck off', () => {
  it('an EVM-only app compiles under moduleResolution bundler and node16, without the optional SDKs', async () => {
    const dir = makeApp('evm-app', EVM_APP, installed())
    for (const peer of optionalPeers) expect(existsSync(join(dir, 'node_modules', peer)), peer).toBe(false)
    const [bundler, node16] = await Promise.all([compile(dir, 'bundler'), compile(dir, 'node16')])
    expect(bundler).toEqual([])
    expect(node16).toEqual([])
  }, 300_000)

  it("an app importing every entry compiles, with no error in Portico's declarations", async () => {
    const dir = makeApp('full-app', FULL_APP, [...installed(), ...optionalPeers])
    const results = await Promise.all([compile(dir, 'bundler'), compile(dir, 'node16')])
    for (const errors of results) {
      // WalletConnect's own declarations break exactOptionalPropertyTypes (a class property
      // typed `T | undefined` overriding a `T`); those are theirs and an app with these options
      // meets them whether or not it uses Portico. Any other error fails.
      const theirs = (line: string) => /(^|\/)node_modules\/@walletconnect\//.test(line.split('(')[0]!)
      expect(errors.filter((line) => !theirs(line) && !/^\s/.test(line))).toEqual([])
    }
  }, 300_000)
})
