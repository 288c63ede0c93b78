import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildFramePage } from './build.ts'

describe('the frame page’s bundle (metafile)', () => {
  it('the first load (frame.js and what it imports statically) holds neither @solana/web3.js nor the transaction decoders: they come with the first transaction', async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'frame-page-'))
    try {
      const { outputs } = await buildFramePage({ outdir })
      const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint?.endsWith('servers/frame/page/frame.ts'))!
      const firstLoad = new Set<string>()
      const visit = (file: string) => {
        if (firstLoad.has(file)) return
        firstLoad.add(file)
        for (const imported of outputs[file]!.imports) if (imported.kind === 'import-statement') visit(imported.path)
      }
      visit(entry)
      const inputs = [...firstLoad].flatMap((file) => Object.keys(outputs[file]!.inputs))
      expect(inputs.some((input) => input.endsWith('servers/frame/page/approval.ts'))).toBe(true)
      const lazy = ['@solana/web3.js/', 'page/decode/solanaTransaction.ts', 'page/decode/evmCall.ts', 'page/decode/selectors.ts', 'page/evmSend.ts']
      expect(lazy.filter((part) => inputs.some((input) => input.includes(part)))).toEqual([])
      // Each is still built, in a chunk that import() loads.
      for (const part of lazy)
        expect(
          Object.values(outputs).some((output) => Object.keys(output.inputs).some((input) => input.includes(part))),
          part,
        ).toBe(true)
    } finally {
      await rm(outdir, { recursive: true, force: true })
    }
  }, 60_000)
})
