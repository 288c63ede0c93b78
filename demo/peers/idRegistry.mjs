// The Farcaster IdRegistry stand-in (test/peers/contracts/IdRegistry.sol) on a local Hardhat
// node, at the real contract's address: the frame server reads custodyOf(fid) from it with
// viem exactly as it reads Optimism's in production; only the RPC URL differs. Compiled at
// run time with the pinned solc Hardhat brings (no committed bytecode). Plain ESM: `npm start`
// runs it on Node 20; the tests import it too.
import { readFileSync } from 'node:fs'
import { createPublicClient, createWalletClient, parseAbi, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { nodeTransport } from './nodeTransport.mjs'
import { compileSolidity } from './solc.mjs'

/** Farcaster's IdRegistry on Optimism; the stand-in is put at the same address. */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
const ABI = parseAbi(['function register(address to) returns (uint256 fid)', 'function idOf(address) view returns (uint256)'])

function runtimeCode() {
  const content = readFileSync(new URL('../../test/peers/contracts/IdRegistry.sol', import.meta.url), 'utf8')
  return `0x${compileSolidity('IdRegistry.sol', content, ['evm.deployedBytecode.object']).IdRegistry.evm.deployedBytecode.object}`
}

const call = (rpcUrl, method, params) => createPublicClient({ transport: nodeTransport(rpcUrl) }).request({ method, params })

/** Puts the stand-in at ID_REGISTRY_ADDRESS on the Hardhat node at `rpcUrl` (left alone when code is already there). */
export async function installIdRegistry(rpcUrl) {
  const client = createPublicClient({ transport: nodeTransport(rpcUrl) })
  const code = await client.getCode({ address: ID_REGISTRY_ADDRESS })
  if (code && code !== '0x') return { url: `IdRegistry stand-in at ${ID_REGISTRY_ADDRESS} on ${rpcUrl}`, close: async () => undefined }
  await call(rpcUrl, 'hardhat_setCode', [ID_REGISTRY_ADDRESS, runtimeCode()])
  return { url: `IdRegistry stand-in at ${ID_REGISTRY_ADDRESS} on ${rpcUrl}`, close: async () => undefined }
}

/**
 * Registers the custody key's address (funded first, on Hardhat) and returns its fid: what a
 * Farcaster account's owner did once, on Optimism, before signing in anywhere. An address that
 * has a fid already gets it back.
 */
export async function registerFid(rpcUrl, custodyKey) {
  const account = privateKeyToAccount(custodyKey)
  const client = createPublicClient({ transport: nodeTransport(rpcUrl) })
  const known = await client.readContract({ address: ID_REGISTRY_ADDRESS, abi: ABI, functionName: 'idOf', args: [account.address] })
  if (known !== 0n) return known
  await call(rpcUrl, 'hardhat_setBalance', [account.address, toHex(parseEther('1'))])
  const chain = { id: await client.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  const wallet = createWalletClient({ account, chain, transport: nodeTransport(rpcUrl) })
  const hash = await wallet.writeContract({ address: ID_REGISTRY_ADDRESS, abi: ABI, functionName: 'register', args: [account.address] })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success') throw new Error(`registerFid: register(${account.address}) reverted`)
  return client.readContract({ address: ID_REGISTRY_ADDRESS, abi: ABI, functionName: 'idOf', args: [account.address] })
}
