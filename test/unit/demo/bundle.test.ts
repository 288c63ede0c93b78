import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, buildDemo } from '../../../build.mjs'
import { DEMO_ISLANDS, ISLANDS_DIR } from '../../../demo/islands.mjs'

// The demo's first screen stays small: its dev wallet and the viem code behind the
// "Sign message" / "Send transaction" buttons download on first use, from islands built
// apart from the kit (demo/islands.mjs), so the kit's own chunks are not changed by them.
// Read from a real build's metafile.
const outdir = relative(ROOT, mkdtempSync(join(tmpdir(), 'portico-demo-bundle-')))
let meta: Metafile

beforeAll(async () => {
  meta = (await buildDemo({ outdir })) as Metafile
})
afterAll(() => rmSync(join(ROOT, outdir), { recursive: true, force: true }))

function firstScreen(): { files: Set<string>; inputs: Set<string> } {
  return closureOf(Object.keys(meta.outputs).find((file) => file.endsWith('assets/main.js'))!)
}

/** Output files reachable from `entry` through static imports, and their inputs. */
function closureOf(entry: string): { files: Set<string>; inputs: Set<string> } {
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
  it('announces the dev wallet from the first screen; its wallet, prompt and signer, and the signing code, are islands', () => {
    const { inputs } = firstScreen()
    expect(inputs).toContain('demo/devWallet/announce.ts')
    // The Solana dev wallet's shell registers late (the Wallet Standard allows it): not on the first screen either.
    expect(inputs).not.toContain('demo/devWallet/solanaAnnounce.ts')
    for (const lazy of ['demo/devWallet/wallet.ts', 'demo/devWallet/prompt.ts', 'demo/devWallet/signer.ts', 'demo/signing.ts', 'demo/devWallet/solanaWallet.ts']) {
      expect(inputs, lazy).not.toContain(lazy)
      const outputs = Object.keys(meta.outputs).filter((file) => lazy in meta.outputs[file]!.inputs)
      expect(outputs.length, `${lazy} is built`).toBeGreaterThan(0)
      for (const file of outputs) expect(file, lazy).toContain(`/assets/${ISLANDS_DIR}/`)
    }
    // The page loads each island by the URL the build writes it to.
    for (const name of Object.keys(DEMO_ISLANDS)) {
      expect(meta.outputs[`${outdir}/assets/${ISLANDS_DIR}/${name}.js`], name).toBeDefined()
    }
  })

  it('no output of the kit imports an island chunk, and no island imports a kit chunk (they share nothing)', () => {
    const isIsland = (file: string) => file.includes(`/assets/${ISLANDS_DIR}/`)
    for (const [file, output] of Object.entries(meta.outputs)) {
      for (const edge of output.imports.filter((e) => !e.external)) {
        expect(isIsland(edge.path), `${file} -> ${edge.path}`).toBe(isIsland(file))
      }
    }
  })

  it("the kit's eip155 chunk carries no signing code in the demo (no wallet actions, no secp256k1)", () => {
    const body = Object.keys(meta.outputs).find((file) => 'plugins/namespaces/eip155/body.ts' in meta.outputs[file]!.inputs)!
    const { inputs } = closureOf(body)
    const signing =
      /viem\/_esm\/(accounts\/privateKeyToAccount|accounts\/utils\/sign|actions\/wallet\/(sendTransaction|prepareTransactionRequest|signMessage)|clients\/createWalletClient)|@noble\/curves/
    expect([...inputs].filter((input) => signing.test(input))).toEqual([])
    // The same check does find them in the islands.
    const island = closureOf(`${outdir}/assets/${ISLANDS_DIR}/signing.js`)
    expect([...island.inputs].some((input) => signing.test(input))).toBe(true)
  })

  it('carries no signing code: no viem accounts, no secp256k1, no wallet client', () => {
    const { inputs } = firstScreen()
    const signing = [...inputs].filter((input) => /viem\/_esm\/(accounts\/|actions\/wallet\/|clients\/createWalletClient)|@noble\/curves/.test(input))
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
