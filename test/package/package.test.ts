import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PACKAGE_ENTRIES, ROOT, SERVER_ENTRIES, outputName } from '../../build.mjs'
import type { PackReport } from '../../scripts/pack.mjs'
import { compile, installedWithPortico, makeApp, optionalPeers, run, unpack } from './installedApp.ts'
import { README_EXAMPLES } from './readmeExamples.ts'

// The package as an app receives it: `npm pack`ed, unpacked into an app's node_modules,
// and compiled by TypeScript with an app's strictest options. Nothing here reads the
// sources: only the tarball.

const work = mkdtempSync(join(tmpdir(), 'portico-package-'))
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string; default: string }>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}

const report: PackReport = inject('packed')
const tarball = report.tarball
/** Shipped file path (relative to the package root) -> its text. */
const shipped = new Map<string, string>()

beforeAll(async () => {
  for (const [file, text] of await unpack(report, join(work, 'unpacked'))) shipped.set(file, text)
}, 300_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Every module specifier of a shipped file (static, dynamic and type imports), read by TypeScript's scanner, which skips strings and comments. */
const specifiers = (text: string) => ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName)
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')
const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../')
/** The shipped code and declarations (not package.json or the README, whose examples import). */
const shippedModules = () => [...shipped].filter(([file]) => /\.(js|d\.ts)$/.test(file))

describe('package.json and the build agree', () => {
  it('"exports" lists exactly the entries build.mjs builds, each at its built JS and declarations', () => {
    const built = { ...PACKAGE_ENTRIES, ...SERVER_ENTRIES }
    expect(Object.keys(manifest.exports).sort()).toEqual(Object.keys(built).sort())
    for (const subpath of Object.keys(built)) {
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
    // Built ESM and declarations in dist/ and dist/chunks/, the servers' SQL migrations; no sources, tests, demo, bench or metafile.
    const built = /^(package\.json|README\.md|dist\/(chunks\/)?[^/]+\.(js|d\.ts)|dist\/migrations\/(\d{4}_\w+\.sql|meta\/[\w.]+\.json))$/
    const unexpected = files.filter((file) => !built.test(file))
    expect(unexpected).toEqual([])
    expect(files.filter((file) => file.startsWith('dist/migrations/') && file.endsWith('.sql')).length).toBeGreaterThan(0)
    expect(files.filter((file) => file.startsWith('dist/chunks/') && file.endsWith('.js')).length).toBeGreaterThan(0)
    // Every relative import of a shipped file is shipped: a lazy chunk left out would fail on first use.
    for (const [file, text] of shippedModules()) {
      for (const specifier of specifiers(text).filter(isRelative)) {
        const target = posix.join(posix.dirname(file), specifier)
        // A declaration imports its sibling `x.d.ts` as `./x.js`, as TypeScript resolves it.
        const candidates = file.endsWith('.d.ts') ? [target.replace(/\.js$/, '.d.ts')] : [target]
        expect(
          candidates.some((candidate) => shipped.has(candidate)),
          `${file} imports ${specifier}`,
        ).toBe(true)
      }
    }
    console.info(`[package] ${report.filename}: ${report.entryCount} files, ${report.size} B packed, ${report.unpackedSize} B unpacked`)
  })

  it("the entries with React components or hooks start with 'use client' (a Server Component file can import them), the others do not", () => {
    // The entries whose static imports reach React: only these hold components or hooks.
    const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen
      seen.add(file)
      const source = ts.createSourceFile(file, shipped.get(file)!, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
      for (const statement of source.statements) {
        const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
        if (!specifier || !ts.isStringLiteral(specifier)) continue
        if (isRelative(specifier.text)) staticImports(posix.join(posix.dirname(file), specifier.text), seen)
        else seen.add(specifier.text)
      }
      return seen
    }
    const browserEntries = Object.keys(PACKAGE_ENTRIES).map((subpath) => `dist/${outputName(subpath)}.js`)
    const withReact = browserEntries.filter((file) => staticImports(file).has('react'))
    expect(withReact).toEqual(['dist/react.js', 'dist/ui.js'])
    for (const file of browserEntries) expect(shipped.get(file)!.startsWith('"use client";'), file).toBe(withReact.includes(file))
  })

  it('no build-machine path and no lookup of the file system or of its own URL in the code a bundler puts in a browser or server bundle', () => {
    // webpack turns import.meta.url into the build's file path, so a moved build looked on disk where nothing is.
    const nodeOnly = Object.keys(SERVER_ENTRIES).map((subpath) => `dist/${outputName(subpath)}.js`)
    const browserCode = shippedModules().filter(([file]) => file.endsWith('.js') && !nodeOnly.includes(file))
    expect(browserCode.length).toBeGreaterThan(20)
    for (const [file, text] of browserCode) {
      for (const lookup of ['import.meta.url', 'import.meta.dirname', 'createRequire', '__dirname', '__filename', 'process.cwd', 'file://']) {
        expect(text.includes(lookup), `${file} has ${lookup}`).toBe(false)
      }
    }
    const checkout = ROOT.replace(/[\\/]$/, '')
    for (const [file, text] of shipped) expect(text.includes(checkout), `${file} names ${checkout}`).toBe(false)
  })

  it('every import() of a runtime URL carries the hints webpack, Turbopack and Vite leave it alone by', () => {
    // Without them Turbopack stops on `Can't resolve <dynamic>` and webpack warns "Critical dependency".
    const hints = ['webpackIgnore: true', 'turbopackIgnore: true', '@vite-ignore']
    const runtime: string[] = []
    for (const [file, text] of shippedModules().filter(([name]) => name.endsWith('.js'))) {
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !ts.isStringLiteral(node.arguments[0]!)) {
          const comments = text.slice(node.expression.end, node.arguments[0]!.getStart(source))
          runtime.push(file)
          for (const hint of hints) expect(comments, `${file}: ${node.getText(source).slice(0, 80)}`).toContain(hint)
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
    // The chunk retry is one of them: the check above ran on it.
    expect(runtime.length).toBeGreaterThan(0)
  })

  it('shares viem with the app: a range, not one exact version, so an app with wagmi or its own viem bundles one copy', () => {
    const manifest = JSON.parse(shipped.get('package.json')!) as { dependencies: Record<string, string> }
    expect(manifest.dependencies.viem).toMatch(/^\^2\./)
  })

  it('imports its dependencies by name, and only those package.json declares', () => {
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)])
    // Node's built-ins (node:crypto, in the Node entries) are no package.
    const imported = new Set(
      shippedModules()
        .flatMap(([, text]) => specifiers(text))
        .filter((s) => !isRelative(s) && !s.startsWith('node:'))
        .map(packageOf),
    )
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

export const entries = [${Object.keys(PACKAGE_ENTRIES)
  .map((_, i) => `entry${i}`)
  .join(', ')}]
export const kit = createPortico({ projectId: 'app', networks: [mainnet, solana], plugins: allPlugins([walletConnectPlugin()]) })

// The <portico-*> elements' typings, each framework's own way (portico/react, portico/vue and
// portico/svelte are imported above); a value outside an attribute's type is an error in each.
import type { GlobalComponents } from 'vue'
export const host: HTMLElement | null = document.querySelector('portico-modal')
export const inJsx = <portico-button label="Connect" balance="hide" className="wide" />
// @ts-expect-error: balance is 'show' or 'hide'
export const wrongInJsx = <portico-account-button balance="nope" />
type VueProps<Name extends keyof GlobalComponents> = InstanceType<GlobalComponents[Name]>['$props']
export const inVue: VueProps<'portico-button'> = { label: 'Connect', balance: 'show', class: 'wide' }
// @ts-expect-error: balance is 'show' or 'hide'
export const wrongInVue: VueProps<'portico-button'> = { balance: 'nope' }
export const inSvelte: svelteHTML.IntrinsicElements['portico-network-button'] = { class: 'wide' }
// @ts-expect-error: balance is 'show' or 'hide'
export const wrongInSvelte: svelteHTML.IntrinsicElements['portico-account-button'] = { balance: 'nope' }
`

/** A Node backend on portico/siwx-server: the plain node:http handler an integrator starts from. */
const BACKEND_APP = `
import { createServer } from 'node:http'
import { createSiwxServer, type SiwxServer, type SiwxServerOptions } from 'portico/siwx-server'

const options: SiwxServerOptions = {
  database: process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: '.data/siwx' },
  domains: ['localhost:3000'],
  rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' },
}
export const siwx: SiwxServer = await createSiwxServer(options)

createServer(async (req, res) => {
  const session = await siwx.session(req.headers.cookie ?? null)
  res.writeHead(session ? 200 : 401).end(session?.address ?? '')
}).listen(3000, '127.0.0.1')
`

/** The built Node entry, run: a nonce, no session for no cookie, a refusal with its reason. */
const BACKEND_SMOKE = `
import { createSiwxServer } from 'portico/siwx-server'
const siwx = await createSiwxServer({ database: { memory: true }, domains: ['localhost:3000'], rpcUrls: {} })
const { nonce, setCookie } = await siwx.nonce()
const refused = await siwx.verify({ message: 'not a sign-in message', signature: '0x00' }, setCookie.split(';')[0])
console.log(JSON.stringify({ nonce: /^[a-zA-Z0-9]{8,}$/.test(nonce), session: await siwx.session(null), refused: refused.ok ? 'accepted' : refused.reason }))
await siwx.close()
`

describe('the declarations in an app with strict and exactOptionalPropertyTypes, skipLibCheck off', () => {
  it('an EVM-only app compiles under moduleResolution bundler and node16, without the optional SDKs', async () => {
    const dir = makeApp(join(work, 'evm-app'), shipped, { 'src/app.tsx': EVM_APP }, installedWithPortico())
    for (const peer of optionalPeers) expect(existsSync(join(dir, 'node_modules', peer)), peer).toBe(false)
    const [bundler, node16] = await Promise.all([compile(dir, 'bundler'), compile(dir, 'node16')])
    expect(bundler).toEqual([])
    expect(node16).toEqual([])
  }, 300_000)

  it('a Node backend on portico/siwx-server compiles with @types/node and the database packages', async () => {
    const packages = [...installedWithPortico(), 'drizzle-orm', 'pg', '@types/pg', '@electric-sql/pglite', '@types/node']
    const dir = makeApp(join(work, 'backend-app'), shipped, { 'src/server.ts': BACKEND_APP, 'smoke.mjs': BACKEND_SMOKE }, packages, ['node'])
    // Drizzle's own declarations do not pass skipLibCheck off (they name drivers it does not
    // depend on, gel and mysql2); those errors are theirs, as WalletConnect's are below. Any other fails.
    const theirs = (line: string) => /(^|\/)node_modules\/drizzle-orm\//.test(line.split('(')[0]!)
    const results = await Promise.all([compile(dir, 'bundler'), compile(dir, 'node16')])
    for (const errors of results) expect(errors.filter((line) => !theirs(line))).toEqual([])
    // And it runs: the shipped migrations are found next to the built module, on PGlite in memory.
    const { stdout } = await run(process.execPath, ['smoke.mjs'], { cwd: dir })
    expect(JSON.parse(stdout)).toEqual({ nonce: true, session: null, refused: 'MALFORMED' })
  }, 300_000)

  it("an app importing every entry compiles, with no error in Portico's declarations", async () => {
    for (const errors of await compileFullApp()) {
      // WalletConnect's own declarations break exactOptionalPropertyTypes (a class property
      // typed `T | undefined` overriding a `T`), and wagmi's (and mipd's, which wagmi imports)
      // break the strict lib check against this @tanstack/react-query; those are theirs and an
      // app with these options meets them whether or not it uses Portico. Any other error fails.
      expect(errors.filter((line) => !theirs(line) && !isReadmeExample(line) && !/^\s/.test(line))).toEqual([])
    }
  }, 300_000)

  it("the README's examples compile in that app, under moduleResolution bundler and node16", async () => {
    for (const errors of await compileFullApp()) expect(errors.filter(isReadmeExample)).toEqual([])
  }, 300_000)
})

const theirs = (line: string) => /(^|\/)node_modules\/(@walletconnect|wagmi|mipd)\//.test(line.split('(')[0]!)
const isReadmeExample = (line: string) => line.startsWith('src/readme-')
let fullApp: Promise<string[][]> | undefined

/**
 * The errors of the app importing every entry, with the README's examples beside it, under
 * each resolution: one program checks both, as the optional SDKs' declarations make it the
 * slowest compile here. Compiled once, for the two tests that read it.
 */
function compileFullApp(): Promise<string[][]> {
  fullApp ??= (async () => {
    const files = { 'src/app.tsx': FULL_APP, ...Object.fromEntries(README_EXAMPLES.map((example) => [example.file, example.code])) }
    const dir = makeApp(join(work, 'full-app'), shipped, files, [...installedWithPortico(), ...optionalPeers])
    return Promise.all([compile(dir, 'bundler'), compile(dir, 'node16')])
  })()
  return fullApp
}
