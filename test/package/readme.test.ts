import { rmSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { installedWithPortico, makeApp, optionalPeers, run, unpack } from './installedApp.ts'
import { README_EXAMPLES as examples } from './readmeExamples.ts'

// Every TypeScript example of the README runs: bundled for Node and executed in a DOM
// (jsdom), with Portico imported from the tarball. That they compile in a strict app is
// checked by package.test.ts, in the one program that compiles its app importing every entry.
const work = mkdtempSync(join(tmpdir(), 'portico-readme-'))

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

  it.each(examples.map((example) => [example.file, example]))(
    '%s runs',
    async (_, example) => {
      const entry = join(dir, `${example.file}.run.tsx`)
      writeFileSync(entry, `${DOM_PRELUDE}\nawait import('./${example.file.split('/').at(-1)}')\nconsole.log('ran')\n`)
      const out = join(dir, `${example.file}.mjs`)
      await esbuild.build({
        entryPoints: [entry],
        outfile: out,
        bundle: true,
        format: 'esm',
        platform: 'node',
        packages: 'external',
        jsx: 'automatic',
        logLevel: 'error',
        absWorkingDir: dir,
      })
      const { stdout } = await run(process.execPath, [out], { cwd: dir, timeout: 30_000 })
      expect(stdout.trim().split('\n').at(-1)).toBe('ran')
    },
    60_000,
  )
})
