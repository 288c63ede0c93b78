import { readFileSync, rmSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ROOT } from '../../build.mjs'
import { compile, installedWithPortico, makeApp, optionalPeers, run, unpack } from './installedApp.ts'

// Every TypeScript example of the README compiles in a strict app against the packed
// package, and runs: bundled for Node and executed in a DOM (jsdom), with Portico
// imported from the tarball.
const work = mkdtempSync(join(tmpdir(), 'portico-readme-'))
const examples = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/```(ts|tsx)\n([\s\S]*?)```/g)].map(
  (match, index) => ({ file: `src/readme-${index}.${match[1]}`, code: match[2]! }),
)

// What a page gives the examples when they run: a document, custom elements and storage.
const DOM_PRELUDE = `
import { JSDOM } from 'jsdom'
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://app.example/' })
for (const name of ['window', 'document', 'customElements', 'HTMLElement', 'Node', 'localStorage', 'location', 'CSSStyleSheet', 'ShadowRoot', 'Element', 'Event', 'CustomEvent', 'addEventListener', 'removeEventListener', 'HTMLDialogElement', 'navigator']) {
  Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true })
}
`

let dir: string
beforeAll(async () => {
  const shipped = await unpack(inject('packed'), join(work, 'portico'))
  const files = Object.fromEntries(examples.map((example) => [example.file, example.code]))
  dir = makeApp(join(work, 'app'), shipped, files, [...installedWithPortico(), ...optionalPeers, 'jsdom'])
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe("the README's examples", () => {
  it('are there to check', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3)
  })

  it('compile in a strict app under moduleResolution bundler and node16', async () => {
    const [bundler, node16] = await Promise.all([compile(dir, 'bundler'), compile(dir, 'node16')])
    // WalletConnect's and wagmi's own declarations (and mipd's, which wagmi's import, under node16)
    // break the strict lib check; everything else must be clean.
    const ours = (line: string) => !/(^|\/)node_modules\/(@walletconnect|wagmi|mipd)\//.test(line.split('(')[0]!)
    expect(bundler.filter(ours)).toEqual([])
    expect(node16.filter(ours)).toEqual([])
  }, 120_000)

  it.each(examples.map((example) => [example.file, example]))('%s runs', async (_, example) => {
    const entry = join(dir, `${example.file}.run.tsx`)
    writeFileSync(entry, `${DOM_PRELUDE}\nawait import('./${example.file.split('/').at(-1)}')\nconsole.log('ran')\n`)
    const out = join(dir, `${example.file}.mjs`)
    await esbuild.build({ entryPoints: [entry], outfile: out, bundle: true, format: 'esm', platform: 'node', packages: 'external', jsx: 'automatic', logLevel: 'error', absWorkingDir: dir })
    const { stdout } = await run(process.execPath, [out], { cwd: dir, timeout: 30_000 })
    expect(stdout.trim().split('\n').at(-1)).toBe('ran')
  }, 60_000)
})
