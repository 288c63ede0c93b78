// An ENS Universal Resolver stand-in (contracts/EnsUniversalResolver.sol) put at mainnet's
// Universal Resolver address on a Hardhat node with hardhat_setCode, so viem's ENS actions
// run for real against it. Compiled at run time with the solc Hardhat brings.
import { readFileSync } from 'node:fs'
import { type Address, type Hex, encodeFunctionData, namehash, parseAbi } from 'viem'
import { compileSolidity } from '../../demo/peers/solc.mjs'
import { rpc } from './hardhat.ts'

/** viem's mainnet ensUniversalResolver. */
export const MAINNET_UNIVERSAL_RESOLVER: Address = '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe'

const abi = parseAbi(['function setName(address account, string name)', 'function setText(bytes32 node, string key, string value)'])

function runtimeCode(): Hex {
  const content = readFileSync(new URL('./contracts/EnsUniversalResolver.sol', import.meta.url), 'utf8')
  const contract = compileSolidity('EnsUniversalResolver.sol', content, ['evm.deployedBytecode.object'])['EnsUniversalResolver']!
  return `0x${contract.evm!.deployedBytecode!.object}`
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
