import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILD_OPTIONS } from '../../build.mjs'

// Apps without analytics must not ship its sender in their first screen: a real build of the
// `portico` entry, read from esbuild's metafile.
const outdir = mkdtempSync(join(tmpdir(), 'portico-analytics-bundle-'))
let meta: esbuild.Metafile
let entry: string

function closure(start: string, kind: 'import-statement' | 'dynamic-import'): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const edge of meta.outputs[file]?.imports ?? []) {
      if (!edge.external && (edge.kind === 'import-statement' || edge.kind === kind)) visit(edge.path)
    }
  }
  visit(start)
  return seen
}
const inputsOf = (files: Set<string>) => [...files].flatMap((file) => Object.keys(meta.outputs[file]?.inputs ?? {}))

beforeAll(async () => {
  const result = await esbuild.build({
    ...BUILD_OPTIONS,
    entryPoints: { index: 'entries/portico.ts' },
    outdir,
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    logLevel: 'silent',
    metafile: true,
  })
  meta = result.metafile
  entry = Object.keys(meta.outputs).find((file) => meta.outputs[file]?.entryPoint === 'entries/portico.ts')!
})

afterAll(() => rmSync(outdir, { recursive: true, force: true }))

describe('analytics in the bundle', () => {
  it('the sender and its HTTP client are lazy chunks, not part of what the portico entry loads up front', () => {
    const upFront = inputsOf(closure(entry, 'import-statement'))
    expect(upFront).toContain('kernel/analytics/startAnalytics.ts')
    expect(upFront).not.toContain('kernel/analytics/analytics.ts')
    expect(upFront).not.toContain('kernel/http/httpClient.ts')
    expect(inputsOf(closure(entry, 'dynamic-import'))).toContain('kernel/analytics/analytics.ts')
  })
})
