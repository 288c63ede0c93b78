import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ROOT } from '../../build.mjs'
import { installedWithPortico, makeApp, run, unpack } from './installedApp.ts'

// docs/plugins.md's plugin (examples/plugin-greeter), built and used the way its author
// and its users would: against the packed package, never the source tree.
const work = mkdtempSync(join(tmpdir(), 'portico-plugin-example-'))
const EXAMPLE = join(ROOT, 'examples/plugin-greeter')

/** The example's own files (sources, package.json, tsconfig, build script). */
function exampleFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  for (const file of ['package.json', 'tsconfig.json', 'build.mjs']) files[file] = readFileSync(join(EXAMPLE, file), 'utf8')
  for (const file of readdirSync(join(EXAMPLE, 'src'))) files[`src/${file}`] = readFileSync(join(EXAMPLE, 'src', file), 'utf8')
  return files
}

// What an app does with the published plugin, run by Node against the built files.
const USE_IT = `
import { createPortico, mainnet, createMemoryBackend, resolve } from 'portico'
import { greeterPlugin, IGreeter } from './dist/index.js'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

const quiet = { storage: createMemoryBackend(), logger: { warn() {}, error() {} } }
const kit = createPortico({ projectId: 'app', networks: [mainnet], plugins: [greeterPlugin({ salutation: 'Welcome' })] }, quiet)
const before = kit.plugins.status.get()['acme-greeter']
const methods = kit.connectMethods().map((method) => method.id)
const greeting = await kit.request({ method: 'acme_greet', params: ['Ada'] })
const refused = await kit.request({ method: 'acme_greet', params: [42] }).then(() => 'accepted', (error) => error.message)
const service = resolve(await kit.container(), IGreeter).greet('Grace')
const view = kit.views.get('Greeter')
const section = kit.views.get('GreeterSection')
const markup = renderToStaticMarkup(createElement(section.component, { kit, data: undefined }))
const off = createPortico({ projectId: 'app', networks: [mainnet], plugins: [greeterPlugin()], features: { greeter: false } }, quiet)
const offMethods = off.connectMethods().map((method) => method.id)
const offRequest = await off.request({ method: 'acme_greet', params: ['Ada'] }).then(() => 'accepted', (error) => error.shortMessage)
const badFlag = (() => {
  try {
    createPortico({ projectId: 'app', networks: [mainnet], plugins: [greeterPlugin()], features: { greeter: 'yes' } }, quiet)
    return 'accepted'
  } catch (error) {
    return error.field
  }
})()
console.log(JSON.stringify({ before, methods, greeting, refused, service, viewTitle: view?.title, markup, offMethods, offRequest, badFlag, styles: kit.plugins.styles() }))
`

/** A built file and the files it imports statically, transitively. */
function staticClosure(distDir: string, file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [...seen]
  seen.add(file)
  const text = readFileSync(join(distDir, file), 'utf8')
  for (const [, imported] of text.matchAll(/(?:^|[;\n])\s*import[^"'()]*?from\s*"\.\/([^"]+)"/g)) staticClosure(distDir, imported!, seen)
  return [...seen]
}

let dir: string
beforeAll(async () => {
  const shipped = await unpack(inject('packed'), join(work, 'portico'))
  dir = makeApp(join(work, 'plugin'), shipped, exampleFiles(), [...installedWithPortico(), 'esbuild', 'typescript'])
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the example plugin, against the packed package', () => {
  it('builds: the manifest and a lazily imported body, with declarations, under strict and exactOptionalPropertyTypes', async () => {
    await run(process.execPath, ['build.mjs'], { cwd: dir })
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { cwd: dir })
    const built = readdirSync(join(dir, 'dist'))
    expect(built).toContain('index.js')
    expect(built).toContain('index.d.ts')
    // The body (its views) is a chunk of its own, imported with import() from the manifest.
    const manifest = staticClosure(join(dir, 'dist'), 'index.js').map((file) => readFileSync(join(dir, 'dist', file), 'utf8'))
    expect(manifest.join('\n')).toMatch(/import\("\.\/body-[\w-]+\.js"\)/)
    expect(manifest.join('\n')).not.toContain('Greet me')
  }, 120_000)

  it('in an app: its section, view, service, RPC method and flag work, and nothing loads before it is used', async () => {
    writeFileSync(join(dir, 'use-it.mjs'), USE_IT)
    const { stdout } = await run(process.execPath, ['use-it.mjs'], { cwd: dir })
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!)
    expect(result.before).toEqual({ state: 'idle' })
    expect(result.methods).toEqual(['wallet', 'greeter'])
    expect(result.greeting).toBe('Welcome, Ada')
    expect(result.refused).toContain('acme_greet')
    expect(result.service).toBe('Welcome, Grace')
    expect(result.viewTitle).toBe('Greeter')
    expect(result.markup).toContain('Say hello')
    expect(result.offMethods).toEqual(['wallet'])
    expect(result.offRequest).toBe('Requested RPC call is not allowed')
    expect(result.badFlag).toBe('features.greeter')
    expect(result.styles[0]).toContain('.greeter-card')
  }, 60_000)
})
