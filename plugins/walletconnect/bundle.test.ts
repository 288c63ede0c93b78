import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, buildLibrary } from '../../build.mjs'

// Issue 5: "a page with WalletConnect never used requests no WalletConnect chunk".
// Read from the metafile of a real build, like test/unit/bundle.test.ts.
const outdir = relative(ROOT, mkdtempSync(join(tmpdir(), 'portico-wc-bundle-')))
let meta: Metafile

const outputPath = (name: string) => relative(ROOT, join(ROOT, outdir, name))
const inputsOf = (output: string) => Object.keys(meta.outputs[output]?.inputs ?? {})
const gzip = (output: string) => gzipSync(readFileSync(join(ROOT, output))).length

/** Outputs reachable through static imports only. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const edge of meta.outputs[file]?.imports ?? []) if (edge.kind === 'import-statement' && !edge.external) visit(edge.path)
  }
  visit(entry)
  return seen
}

// The manifest and its contract.ts (view ids it shares with the body) are the always-bundled half.
const isWalletConnectCode = (input: string) =>
  input.includes('node_modules/@walletconnect/') || (input.startsWith('plugins/walletconnect/') && !/\/(index|contract)\.ts$/.test(input))

beforeAll(async () => {
  meta = await buildLibrary({ outdir })
}, 120_000)
afterAll(() => rmSync(join(ROOT, outdir), { recursive: true, force: true }))

describe('walletconnect bundle layout', () => {
  it('nothing of WalletConnect (body, views, universal provider) is in what an app that lists it loads before a click', () => {
    for (const entry of ['index.js', 'react.js', 'walletconnect.js', 'all.js']) {
      const inputs = [...staticClosure(outputPath(entry))].flatMap(inputsOf)
      expect(inputs.filter(isWalletConnectCode), entry).toEqual([])
    }
    // The manifest is there: it is what lets the kernel load the rest on demand.
    expect([...staticClosure(outputPath('walletconnect.js'))].flatMap(inputsOf)).toContain('plugins/walletconnect/index.ts')
    // And an app that does not import the plugin does not have even that.
    expect([...staticClosure(outputPath('index.js'))].flatMap(inputsOf)).not.toContain('plugins/walletconnect/index.ts')
  })

  it('the universal provider is in its own lazily imported chunk, apart from the views', () => {
    const provider = Object.keys(meta.outputs).filter((o) => inputsOf(o).some((i) => i.includes('node_modules/@walletconnect/universal-provider/')))
    const body = Object.keys(meta.outputs).filter((o) => inputsOf(o).includes('plugins/walletconnect/body.tsx'))
    expect(provider).toHaveLength(1)
    expect(body).toHaveLength(1)
    expect(provider[0]).not.toBe(body[0])
    expect([...staticClosure(body[0]!)].flatMap(inputsOf).some((i) => i.includes('node_modules/@walletconnect/'))).toBe(false)
    const importers = Object.entries(meta.outputs).filter(([, out]) => out.imports.some((edge) => edge.path === provider[0]))
    expect(importers.map(([, out]) => out.imports.find((edge) => edge.path === provider[0])!.kind)).toEqual(['dynamic-import'])

    // The figures the issue asks for, printed for the note (gzip bytes).
    const exclusive = (chunk: string) => [...staticClosure(chunk)].filter((o) => !staticClosure(outputPath('index.js')).has(o))
    const sum = (files: string[]) => files.reduce((total, file) => total + gzip(file), 0)
    console.info(`[walletconnect bundle] body+views ${gzip(body[0]!)} B gzip; universal provider ${sum(exclusive(provider[0]!))} B gzip (with its own static imports)`)
  })
})
