// Multicall3's aggregate3 compiled at run time with the solcjs Hardhat brings (no committed
// bytecode), for the direct Blockchain API's multicall path on a Hardhat node.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Hex } from 'viem'
import { rpc } from '../../../test/peers/hardhat.ts'
import { MULTICALL3_ADDRESS } from '../direct.ts'

/** Puts Multicall3 at its canonical address on the node at `rpcUrl`. */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const content = readFileSync(new URL('./Multicall3.sol', import.meta.url), 'utf8')
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'Multicall3.sol': { content } },
        settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
      }),
    ),
  ) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>> }
  const errors = output.errors?.filter((error) => error.severity === 'error') ?? []
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const code: Hex = `0x${output.contracts['Multicall3.sol']!['Multicall3']!.evm.deployedBytecode.object}`
  await rpc(rpcUrl, 'hardhat_setCode', [MULTICALL3_ADDRESS, code])
}
