// Contract wallets for sign-in tests, compiled from contracts/OwnedWallet.sol at run time with
// the solc (solcjs 0.8.26) that Hardhat brings: no network, no committed bytecode. About 4 s.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

interface Artifact {
  abi: Abi
  bytecode: Hex
}

interface Solc {
  compile(input: string): string
}

let compiled: { wallet: Artifact; factory: Artifact } | undefined

/** OwnedWallet (ERC-1271: valid when its owner's key signed the hash) and its CREATE2 factory. */
export function ownedWalletArtifacts(): { wallet: Artifact; factory: Artifact } {
  if (compiled) return compiled
  const solc = createRequire(import.meta.url)('solc') as Solc
  const content = readFileSync(new URL('./contracts/OwnedWallet.sol', import.meta.url), 'utf8')
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'OwnedWallet.sol': { content } },
        settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = output.errors?.filter((error) => error.severity === 'error') ?? []
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const artifact = (name: string): Artifact => {
    const contract = output.contracts['OwnedWallet.sol']![name]!
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  compiled = { wallet: artifact('OwnedWallet'), factory: artifact('OwnedWalletFactory') }
  return compiled
}

/** Deploys a contract from `deployer` (a funded Hardhat key) and waits for it. */
async function deploy(rpcUrl: string, deployerKey: Hex, artifact: Artifact, args: readonly unknown[]): Promise<Address> {
  const account = privateKeyToAccount(deployerKey)
  const client = createPublicClient({ transport: http(rpcUrl) })
  const wallet = createWalletClient({ account, chain: defineChain({ id: await client.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }), transport: http(rpcUrl) })
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
export async function counterfactualOwnedWallet(
  rpcUrl: string,
  deployerKey: Hex,
  owner: Address,
): Promise<{ address: Address; factory: Address; wrap(signature: Hex): Hex }> {
  const { factory: artifact } = ownedWalletArtifacts()
  const factory = await deploy(rpcUrl, deployerKey, artifact, [])
  const salt = keccak256(toHex(`portico-siwx-${owner}`))
  const client = createPublicClient({ transport: http(rpcUrl) })
  const address = (await client.readContract({ address: factory, abi: artifact.abi, functionName: 'addressOf', args: [owner, salt] })) as Address
  const data = encodeFunctionData({ abi: artifact.abi, functionName: 'deploy', args: [owner, salt] })
  return { address, factory, wrap: (signature) => serializeErc6492Signature({ address: factory, data, signature }) }
}
