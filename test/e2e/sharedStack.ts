// The e2e project's global set-up: what most browser files used to make for themselves and
// only need as it is: the demo built once for the run (in a directory of its own, which no
// `npm start` or other run rebuilds under it), and Hardhat where the demo's networks point
// (8545 "Hardhat" 31337, 8546 "Hardhat 2" 31338), each file getting those chains back as a
// fresh node has them (test/peers/sharedChains.ts). Transparent to the files: the harness
// helpers and startHardhat use what is shared and start their own when nothing is.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { ROOT, buildDemo } from '../../build.mjs'
import { assertPortFree } from '../peers/hardhat.ts'
import { type SharedChains, startSharedChains } from '../peers/sharedChains.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo built once for the run (outdir relative to the repo root); absent when the build failed. */
    sharedDemo?: string
  }
}

const CHAIN_PORTS = [8545, 8546]

/**
 * On a shared machine another run's file may hold the demo's ports for a while; without
 * them nothing is shared (the files then start their own nodes, as they did before).
 */
async function untilPortsFree(ports: readonly number[], waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs
  while (Date.now() < deadline) {
    const busy = await Promise.all(
      ports.map((port) =>
        assertPortFree(port).then(
          () => false,
          () => true,
        ),
      ),
    )
    if (!busy.includes(true)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** A demo npm test built once for its lanes (scripts/test.mjs), which removes it when they end. */
const LANES_DEMO = process.env.PORTICO_E2E_DEMO

export default async function sharedStack(project: TestProject) {
  const outdir = LANES_DEMO ?? `dist/e2e/run-${randomUUID().slice(0, 8)}`
  const chainsDir = mkdtempSync(join(tmpdir(), 'portico-chains-'))
  const [built, chains] = await Promise.allSettled([
    LANES_DEMO ? Promise.resolve() : buildDemo({ outdir }),
    untilPortsFree(CHAIN_PORTS, 60_000).then(() =>
      startSharedChains(chainsDir, [
        { port: 8545, chainId: 31337 },
        { port: 8546, chainId: 31338 },
      ]),
    ),
  ])
  if (chains.status === 'rejected') console.warn(`e2e: the demo chains are not shared in this run: ${(chains.reason as Error).message}`)
  // Either failing (a port held by `npm start`, a build error) leaves that part to the
  // files, which then fail with their own, more precise message.
  if (built.status === 'fulfilled') project.provide('sharedDemo', outdir)
  if (chains.status === 'fulfilled') project.provide('sharedChains', chainsDir)
  return async () => {
    if (chains.status === 'fulfilled') await (chains.value as SharedChains).stop()
    rmSync(chainsDir, { recursive: true, force: true })
    if (!LANES_DEMO) rmSync(join(ROOT, outdir), { recursive: true, force: true })
  }
}
