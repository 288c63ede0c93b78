import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, buildLibrary, pluginEntryPoints } from '../../build.mjs'

// Issue "Kernel, plugin mechanism, build": nothing loads before it is needed. This
// reads the esbuild metafile of a real build rather than trusting the source.
const outdir = relative(ROOT, mkdtempSync(join(tmpdir(), 'portico-bundle-')))
let meta: Metafile

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
const isPluginBody = (input: string) => /^plugins\/(namespaces\/)?[^/]+\//.test(input) && !/\/index\.tsx?$/.test(input)
const outputPath = (name: string) => relative(ROOT, join(ROOT, outdir, name))

beforeAll(async () => {
  meta = await buildLibrary({ outdir })
})

afterAll(() => rmSync(join(ROOT, outdir), { recursive: true, force: true }))

describe('bundle layout (metafile)', () => {
  it('every package export points at a built file and at its typed source', () => {
    const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; import: string }>
    }
    expect(Object.keys(exports)).toEqual(expect.arrayContaining(['.', './react', './receive', './eip155']))
    for (const [name, target] of Object.entries(exports)) {
      expect(existsSync(join(ROOT, target.import.replace(/^\.\/dist\//, `${outdir}/`))), `${name} -> ${target.import}`).toBe(true)
      expect(existsSync(join(ROOT, target.types)), `${name} -> ${target.types}`).toBe(true)
    }
  })

  it('the portico entry exists and its static closure holds the kernel', () => {
    const closure = staticClosure(outputPath('index.js'))
    const inputs = [...closure].flatMap(inputsOf)
    expect(inputs).toContain('kernel/createKernel.ts')
  })

  it("the entry's static import closure contains no plugin body", () => {
    for (const entry of ['index.js', 'react.js']) {
      const inputs = [...staticClosure(outputPath(entry))].flatMap(inputsOf)
      expect(inputs.filter(isPluginBody), entry).toEqual([])
    }
  })

  it('each plugin body is in lazily imported chunks of its own, never mixed with another plugin', () => {
    const folders = Object.keys(pluginEntryPoints())
    expect(folders).toContain('plugins/receive')
    const folderOf = (input: string) => folders.find((folder) => input.startsWith(`${folder}/`))
    const dynamicTargets = new Set(
      Object.values(meta.outputs).flatMap((output) =>
        output.imports.filter((edge) => edge.kind === 'dynamic-import').map((edge) => edge.path),
      ),
    )
    for (const folder of folders) {
      const chunks = [...dynamicTargets].filter((chunk) =>
        inputsOf(chunk).some((input) => isPluginBody(input) && folderOf(input) === folder),
      )
      expect(chunks.length, `${folder} has a lazy chunk`).toBeGreaterThan(0)
      for (const chunk of chunks) {
        const owners = new Set(inputsOf(chunk).filter(isPluginBody).map(folderOf))
        expect([...owners], `${chunk} holds only ${folder}`).toEqual([folder])
      }
    }
  })
})
