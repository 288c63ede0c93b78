import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, buildDemo } from '../../../build.mjs'

// The demo's first screen stays small: its dev wallet and the viem code behind the
// "Sign message" / "Send transaction" buttons download on first use. Read from a real
// build's metafile.
const outdir = relative(ROOT, mkdtempSync(join(tmpdir(), 'portico-demo-bundle-')))
let meta: Metafile

beforeAll(async () => {
  meta = (await buildDemo({ outdir })) as Metafile
}, 60_000)
afterAll(() => rmSync(join(ROOT, outdir), { recursive: true, force: true }))

function firstScreen(): { files: Set<string>; inputs: Set<string> } {
  const entry = Object.keys(meta.outputs).find((file) => file.endsWith('assets/main.js'))!
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const edge of meta.outputs[file]?.imports ?? []) if (edge.kind === 'import-statement' && !edge.external) visit(edge.path)
  }
  visit(entry)
  return { files, inputs: new Set([...files].flatMap((file) => Object.keys(meta.outputs[file]!.inputs))) }
}

describe('demo first screen (metafile)', () => {
  it('announces the dev wallet from the first screen, but its wallet, prompt and signer are lazy chunks', () => {
    const { inputs } = firstScreen()
    expect(inputs).toContain('demo/devWallet/announce.ts')
    for (const lazy of ['demo/devWallet/wallet.ts', 'demo/devWallet/prompt.ts', 'demo/devWallet/signer.ts', 'demo/signing.ts']) {
      expect(inputs, lazy).not.toContain(lazy)
      expect(Object.values(meta.outputs).some((output) => lazy in output.inputs), `${lazy} is built`).toBe(true)
    }
  })

  it('carries no signing code: no viem accounts, no secp256k1, no wallet client', () => {
    const { inputs } = firstScreen()
    const signing = [...inputs].filter((input) =>
      /viem\/_esm\/(accounts\/|actions\/wallet\/|clients\/createWalletClient)|@noble\/curves/.test(input),
    )
    expect(signing).toEqual([])
  })

  it('the dev wallet adds under 2 kB of minified code to the first screen (about 0.85 kB gzip when measured)', () => {
    const main = Object.entries(meta.outputs).find(([file]) => file.endsWith('assets/main.js'))![1]
    const devWallet = Object.entries(main.inputs)
      .filter(([input]) => input.startsWith('demo/devWallet/'))
      .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0)
    expect(devWallet).toBeGreaterThan(0)
    expect(devWallet).toBeLessThan(2_000)
  })
})
