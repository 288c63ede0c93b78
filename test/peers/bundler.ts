// A local ERC-4337 stack for a test file: its own Hardhat node on a free port with the
// EntryPoint v0.7, the PorticoAccountFactory and the demo's VerifyingPaymaster
// (demo/peers/accountAbstraction.mjs), and Alto bundling for it (demo/peers/bundler.mjs).
// Start it once per file: the bundler takes a few seconds to come up.
import { deployAccountAbstraction, type AccountAbstractionContracts } from '../../demo/peers/accountAbstraction.mjs'
import { startBundler } from '../../demo/peers/bundler.mjs'
import { freePort } from './freePort.ts'
import { startHardhat, type HardhatNode } from './hardhat.ts'

export {
  DEMO_PAYMASTER,
  DEMO_PAYMASTER_SIGNER_KEY,
  DETERMINISTIC_DEPLOYER,
  ENTRY_POINT_V07,
  PORTICO_ACCOUNT_FACTORY,
  deployAccountAbstraction,
} from '../../demo/peers/accountAbstraction.mjs'

export interface BundlerStack {
  readonly node: HardhatNode
  /** The bundler's JSON-RPC URL. */
  readonly bundlerUrl: string
  readonly contracts: AccountAbstractionContracts
  /** Stops the bundler, then the node. */
  stop(): Promise<void>
}

/** A node of the file's own with the contracts, and a bundler for it. */
export async function startBundlerStack(): Promise<BundlerStack> {
  const node = await startHardhat({ port: await freePort() })
  try {
    const contracts = await deployAccountAbstraction(node.url)
    const bundler = await startBundler({ rpcUrl: node.url })
    return { node, bundlerUrl: bundler.url, contracts, stop: async () => (await bundler.stop(), await node.stop()) }
  } catch (error) {
    await node.stop()
    throw error
  }
}
