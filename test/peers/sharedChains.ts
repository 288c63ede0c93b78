// Hardhat nodes shared by the test files of one run (the e2e project's global set-up starts
// them, test/e2e/sharedStack.ts), instead of two fresh nodes per file. Each file gets the
// chain back exactly as a fresh node has it: at its lease the node is reverted to the
// snapshot taken at genesis (evm_revert undoes blocks, balances, code and time moves), and
// automine is back on with no interval mining (a revert keeps those). One file at a time
// holds a chain (a lock file), so files running side by side could not see each other's
// transactions. A file that must stop the node itself (a fault test) takes the port instead:
// the global set-up stops its node and starts it again once that file's own node is gone.
//
// The set-up and the files talk through small files in one directory, per port:
//   <port>.json     the node is up: { url, chainId, snapshot }; a lease rewrites `snapshot`
//   <port>.lock     a file holds the chain (its pid, so a crashed worker's lock is stolen)
//   <port>.take     a file holds the port for a node of its own (its pid); <port>.taken
//                   answers that the shared node is stopped, until it is back
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { type HardhatChainId, type HardhatNode, type StartHardhatOptions, assertPortFree, rpc, startHardhat } from '../../demo/peers/hardhat.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory the run's shared Hardhat nodes are found through; absent when there are none. */
    sharedChains?: string
  }
}

export interface SharedChainSpec {
  readonly port: number
  readonly chainId: HardhatChainId
}

interface ChainState {
  readonly url: string
  readonly chainId: HardhatChainId
  /** The snapshot id of the chain at genesis (a revert consumes it; the lease takes the next). */
  readonly snapshot: string
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const file = (dir: string, port: number, kind: 'json' | 'lock' | 'take' | 'taken') => join(dir, `${port}.${kind}`)

function writeAtomic(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(value))
  renameSync(`${path}.tmp`, path)
}

function readState(dir: string, port: number): ChainState | undefined {
  try {
    return JSON.parse(readFileSync(file(dir, port, 'json'), 'utf8')) as ChainState
  } catch {
    return undefined
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The pid in a lock or take file, or undefined when there is none or that process has exited. */
function holder(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8'))
    return alive(pid) ? pid : undefined
  } catch {
    return undefined
  }
}

/** Takes the port's lock, waiting while a live process holds it. */
async function lock(dir: string, port: number, timeoutMs: number): Promise<() => void> {
  const path = file(dir, port, 'lock')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      closeSync(openSync(path, 'wx'))
      writeFileSync(path, String(process.pid))
      let held = true
      // Once only: a second release must not remove the lock the next holder took.
      return () => {
        if (held) rmSync(path, { force: true })
        held = false
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      if (holder(path) === undefined) rmSync(path, { force: true })
      else if (Date.now() > deadline) throw new Error(`shared chain on port ${port}: another test file held it for ${timeoutMs} ms`)
      else await delay(100)
    }
  }
}

// ---- the global set-up's side -------------------------------------------------------------

export interface SharedChains {
  /** The directory the files find the chains through. */
  readonly dir: string
  stop(): Promise<void>
}

async function startChain(dir: string, spec: SharedChainSpec): Promise<HardhatNode> {
  const node = await startHardhat(spec)
  try {
    writeAtomic(file(dir, spec.port, 'json'), { url: node.url, chainId: node.chainId, snapshot: await rpc<string>(node.url, 'evm_snapshot') })
  } catch (error) {
    await node.stop()
    throw error
  }
  return node
}

/**
 * Starts a node per spec and keeps it for the files of this run: when a file takes a port,
 * stops that node, and starts it again when the file's lock is gone and the port is free.
 */
export async function startSharedChains(dir: string, specs: readonly SharedChainSpec[]): Promise<SharedChains> {
  const nodes = new Map<number, HardhatNode | undefined>()
  const results = await Promise.allSettled(specs.map((spec) => startChain(dir, spec)))
  results.forEach((result, i) => nodes.set(specs[i]!.port, result.status === 'fulfilled' ? result.value : undefined))
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (failed) {
    await Promise.all([...nodes.values()].map((node) => node?.stop()))
    throw failed.reason
  }
  let busy = false
  let stopping = false
  const watch = setInterval(() => {
    if (busy || stopping) return
    busy = true
    void tend().finally(() => (busy = false))
  }, 200)
  watch.unref()

  async function tend(): Promise<void> {
    for (const spec of specs) {
      const node = nodes.get(spec.port)
      const taken = holder(file(dir, spec.port, 'take')) !== undefined
      if (node && taken) {
        rmSync(file(dir, spec.port, 'json'), { force: true })
        nodes.set(spec.port, undefined)
        await node.stop()
        writeFileSync(file(dir, spec.port, 'taken'), '')
      } else if (!node && !taken) {
        const free = await assertPortFree(spec.port).then(
          () => true,
          () => false,
        )
        if (!free || stopping) continue
        nodes.set(spec.port, await startChain(dir, spec).catch(() => undefined))
        if (nodes.get(spec.port)) rmSync(file(dir, spec.port, 'taken'), { force: true })
      }
    }
  }

  return {
    dir,
    async stop() {
      stopping = true
      clearInterval(watch)
      while (busy) await delay(50)
      await Promise.all([...nodes.values()].map((node) => node?.stop()))
    },
  }
}

// ---- a test file's side ----------------------------------------------------------------

/** Ports this process took for nodes of its own: startHardhat starts those the old way. */
const takenHere = new Set<number>()

const shares = (dir: string, port: number) => existsSync(file(dir, port, 'json')) || existsSync(file(dir, port, 'taken'))

/**
 * The shared chain on `port`, reverted to genesis and held by this file until `stop()`
 * (which releases it and leaves the node running); undefined when this run shares no chain
 * on that port, or it is one for another chain id.
 */
export async function leaseSharedChain(dir: string, { port = 8545, chainId = 31337, timeoutMs = 60_000 }: StartHardhatOptions): Promise<HardhatNode | undefined> {
  if (takenHere.has(port) || !shares(dir, port)) return undefined
  const unlock = await lock(dir, port, timeoutMs)
  try {
    // After a file took the port, the set-up brings the node back within a moment.
    const deadline = Date.now() + timeoutMs
    let state = readState(dir, port)
    while (!state && Date.now() < deadline) {
      await delay(100)
      state = readState(dir, port)
    }
    if (!state) throw new Error(`shared chain on port ${port}: not back within ${timeoutMs} ms`)
    if (state.chainId !== chainId) {
      unlock()
      return undefined
    }
    if (!(await rpc<boolean>(state.url, 'evm_revert', [state.snapshot]))) {
      throw new Error(`shared chain on port ${port}: evm_revert to ${state.snapshot} failed, so it cannot be handed over as fresh`)
    }
    await rpc(state.url, 'evm_setAutomine', [true])
    await rpc(state.url, 'evm_setIntervalMining', [0])
    writeAtomic(file(dir, port, 'json'), { ...state, snapshot: await rpc<string>(state.url, 'evm_snapshot') })
    return { url: state.url, chainId: state.chainId, stop: async () => unlock() }
  } catch (error) {
    unlock()
    throw error
  }
}

/**
 * For a file that stops and restarts the node itself: holds the port's lock, has the set-up
 * stop its shared node (startHardhat then starts one of the file's own there), and returns a
 * release to call once the file's own node has stopped for good. Undefined when this run
 * shares no chain on `port`.
 */
export async function takeSharedPort(dir: string, port: number, timeoutMs = 60_000): Promise<(() => void) | undefined> {
  if (takenHere.has(port) || !shares(dir, port)) return undefined
  const unlock = await lock(dir, port, timeoutMs)
  takenHere.add(port)
  writeFileSync(file(dir, port, 'take'), String(process.pid))
  const deadline = Date.now() + timeoutMs
  while (!existsSync(file(dir, port, 'taken'))) {
    if (Date.now() > deadline) {
      rmSync(file(dir, port, 'take'), { force: true })
      takenHere.delete(port)
      unlock()
      throw new Error(`shared chain on port ${port}: the set-up did not stop its node within ${timeoutMs} ms`)
    }
    await delay(100)
  }
  return () => {
    rmSync(file(dir, port, 'take'), { force: true })
    takenHere.delete(port)
    unlock()
  }
}
