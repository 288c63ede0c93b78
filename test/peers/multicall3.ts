// Multicall3's aggregate3 (test/peers/contracts/Multicall3.sol) compiled at run time with the
// solcjs Hardhat brings (no committed bytecode), placed at its canonical address: a fresh
// Hardhat node has no Multicall3, and viem's multicall and the API's indexer use it where present.
import { readFileSync } from 'node:fs'
import type { Hex } from 'viem'
import { compileSolidity } from '../../demo/peers/solc.mjs'
import { rpc } from './hardhat.ts'

/** Where Multicall3 lives on every chain that has it. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** Puts Multicall3 at its canonical address on the node at `rpcUrl`. */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  const content = readFileSync(new URL('./contracts/Multicall3.sol', import.meta.url), 'utf8')
  const contract = compileSolidity('Multicall3.sol', content, ['evm.deployedBytecode.object'])['Multicall3']!
  const code: Hex = `0x${contract.evm!.deployedBytecode!.object}`
  await rpc(rpcUrl, 'hardhat_setCode', [MULTICALL3_ADDRESS, code])
}

/** Takes Multicall3 away again. */
export async function removeMulticall3(rpcUrl: string): Promise<void> {
  await rpc(rpcUrl, 'hardhat_setCode', [MULTICALL3_ADDRESS, '0x'])
}
