// An ENS Universal Resolver stand-in (contracts/EnsUniversalResolver.sol) put at mainnet's
// Universal Resolver address on a Hardhat node with hardhat_setCode, so viem's ENS actions
// run for real against it. Compiled at run time with the solc Hardhat brings.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Address, type Hex, encodeFunctionData, namehash, parseAbi } from 'viem'
import { rpc } from './hardhat.ts'

/** viem's mainnet ensUniversalResolver. */
export const MAINNET_UNIVERSAL_RESOLVER: Address = '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe'

const abi = parseAbi(['function setName(address account, string name)', 'function setText(bytes32 node, string key, string value)'])

function runtimeCode(): Hex {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const content = readFileSync(new URL('./contracts/EnsUniversalResolver.sol', import.meta.url), 'utf8')
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'EnsUniversalResolver.sol': { content } },
        settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
      }),
    ),
  ) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>> }
  const errors = output.errors?.filter((error) => error.severity === 'error') ?? []
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  return `0x${output.contracts['EnsUniversalResolver.sol']!['EnsUniversalResolver']!.evm.deployedBytecode.object}`
}

/** Puts the stand-in at the mainnet address on the node; returns a setter of an account's name and avatar. */
export async function installEnsResolver(rpcUrl: string, from: Address): Promise<(account: Address, name: string, avatar?: string) => Promise<void>> {
  await rpc(rpcUrl, 'hardhat_setCode', [MAINNET_UNIVERSAL_RESOLVER, runtimeCode()])
  const send = (data: Hex) => rpc(rpcUrl, 'eth_sendTransaction', [{ from, to: MAINNET_UNIVERSAL_RESOLVER, data, gas: '0x100000' }])
  return async (account, name, avatar) => {
    await send(encodeFunctionData({ abi, functionName: 'setName', args: [account, name] }))
    if (avatar !== undefined) await send(encodeFunctionData({ abi, functionName: 'setText', args: [namehash(name), 'avatar', avatar] }))
  }
}
