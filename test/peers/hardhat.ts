// A local EVM node for tests. The one implementation lives in demo/peers/hardhat.mjs,
// which `npm start` runs too; this module keeps the tests' import path, and in a run that
// shares its chains (the e2e project: test/e2e/sharedStack.ts) hands out the shared node
// on a port instead of starting one: the same chain a fresh node has (sharedChains.ts).
import { inject } from 'vitest'
import { type HardhatNode, type StartHardhatOptions, startHardhat as startOwnHardhat } from '../../demo/peers/hardhat.mjs'
import { leaseSharedChain, takeSharedPort } from './sharedChains.ts'

export {
  HARDHAT_ACCOUNTS,
  HARDHAT_ACCOUNT_0,
  HARDHAT_ACCOUNT_1,
  HARDHAT_CONFIGS,
  PortBusyError,
  assertPortFree,
  rpc,
  type HardhatAccount,
  type HardhatChainId,
  type HardhatNode,
  type StartHardhatOptions,
} from '../../demo/peers/hardhat.mjs'

/**
 * A node on `port` for this file: the run's shared one there (reverted to genesis, held
 * until `stop()`, which leaves it running for the next file), or else a node of its own.
 */
export async function startHardhat(options: StartHardhatOptions = {}): Promise<HardhatNode> {
  return (await sharedHardhat(options)) ?? startOwnHardhat(options)
}

/** The run's shared node on `port` (as startHardhat hands it out), or undefined when none is shared there. */
export async function sharedHardhat(options: StartHardhatOptions = {}): Promise<HardhatNode | undefined> {
  const dir = inject('sharedChains')
  return dir ? leaseSharedChain(dir, options) : undefined
}

/**
 * For a file that stops its node on purpose (a fault test): the shared nodes on `ports`
 * step aside, so startHardhat starts the file's own there. Call the returned release in
 * afterAll, after those nodes stopped.
 */
export async function ownPorts(...ports: number[]): Promise<() => void> {
  const dir = inject('sharedChains')
  const releases = dir ? await Promise.all(ports.map((port) => takeSharedPort(dir, port))) : []
  return () => releases.forEach((release) => release?.())
}
