// Contract wallets for sign-in tests, compiled from contracts/OwnedWallet.sol at run time with
// the solc (solcjs 0.8.26) that Hardhat brings: no network, no committed bytecode (demo/peers/solc.mjs).
import { readFileSync } from 'node:fs'
import { type Abi, type Address, type Hex, createPublicClient, createWalletClient, defineChain, encodeFunctionData, http, keccak256, serializeErc6492Signature, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { compileSolidity } from '../../demo/peers/solc.mjs'

interface Artifact {
  abi: Abi
  bytecode: Hex
}

let compiled: { wallet: Artifact; factory: Artifact } | undefined

/** OwnedWallet (ERC-1271: valid when its owner's key signed the hash) and its CREATE2 factory. */
export function ownedWalletArtifacts(): { wallet: Artifact; factory: Artifact } {
  if (compiled) return compiled
  const content = readFileSync(new URL('./contracts/OwnedWallet.sol', import.meta.url), 'utf8')
  const contracts = compileSolidity('OwnedWallet.sol', content, ['abi', 'evm.bytecode.object'])
  const artifact = (name: string): Artifact => {
    const contract = contracts[name]!
    return { abi: contract.abi as Abi, bytecode: `0x${contract.evm!.bytecode!.object}` }
  }
  compiled = { wallet: artifact('OwnedWallet'), factory: artifact('OwnedWalletFactory') }
  return compiled
}

/** Deploys a contract from `deployer` (a funded Hardhat key) and waits for it. */
async function deploy(rpcUrl: string, deployerKey: Hex, artifact: Artifact, args: readonly unknown[]): Promise<Address> {
  const account = privateKeyToAccount(deployerKey)
  const client = createPublicClient({ transport: http(rpcUrl) })
  const wallet = createWalletClient({
    account,
    chain: defineChain({ id: await client.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }),
    transport: http(rpcUrl),
  })
  const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (!receipt.contractAddress) throw new Error('the contract was not deployed')
  return receipt.contractAddress
}

/**
 * An OwnedWallet deployed on the node at rpcUrl, owned by `owner`: sign-ins for its address
 * verify through ERC-1271 when the owner's key signs.
 */
export async function deployOwnedWallet(rpcUrl: string, deployerKey: Hex, owner: Address): Promise<Address> {
  return deploy(rpcUrl, deployerKey, ownedWalletArtifacts().wallet, [owner])
}

/**
 * A wallet that is not deployed yet: the factory is, and `wrap` turns the owner's signature
 * into an ERC-6492 one that carries the factory call deploying the wallet.
 */
export async function counterfactualOwnedWallet(rpcUrl: string, deployerKey: Hex, owner: Address): Promise<{ address: Address; factory: Address; wrap(signature: Hex): Hex }> {
  const { factory: artifact } = ownedWalletArtifacts()
  const factory = await deploy(rpcUrl, deployerKey, artifact, [])
  const salt = keccak256(toHex(`portico-siwx-${owner}`))
  const client = createPublicClient({ transport: http(rpcUrl) })
  const address = (await client.readContract({ address: factory, abi: artifact.abi, functionName: 'addressOf', args: [owner, salt] })) as Address
  const data = encodeFunctionData({ abi: artifact.abi, functionName: 'deploy', args: [owner, salt] })
  return { address, factory, wrap: (signature) => serializeErc6492Signature({ address: factory, data, signature }) }
}
