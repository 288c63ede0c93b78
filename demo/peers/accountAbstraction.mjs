// The ERC-4337 contracts of the local stack, on a local Hardhat node: the EntryPoint v0.7 at its
// canonical address, deployed the way it was on public chains (through the deterministic CREATE2
// deployer with the canonical salt, from the published @account-abstraction/contracts 0.7.0
// artifacts); the embedded wallet's PorticoAccountFactory (servers/frame/contracts, compiled
// with the pinned solc) through the same deployer, so at the same address on every chain; and
// the demo's VerifyingPaymaster, deployed by the demo's paymaster operator and funded in the
// EntryPoint.
// Plain ESM: `npm start` runs it on Node 20; types in accountAbstraction.d.mts.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { concat, createPublicClient, createWalletClient, encodeAbiParameters, getAddress, getContractAddress, parseEther } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { nodeTransport } from './nodeTransport.mjs'
import { compileSolidity } from './solc.mjs'

const require = createRequire(import.meta.url)
const artifact = (name) => require(`@account-abstraction/contracts/artifacts/${name}.json`)

/**
 * The deterministic deployer (github.com/Arachnid/deterministic-deployment-proxy): its
 * runtime code, put on the node with hardhat_setCode instead of replaying its pre-EIP-155
 * deployment transaction. Called with `salt ++ initCode`, it CREATE2s the contract.
 */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const DETERMINISTIC_DEPLOYER_CODE = '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

/** The canonical v0.7 address (eth-infinitism's deployment), which the artifact reproduces. */
export const ENTRY_POINT_V07 = entryPoint07Address
const ENTRY_POINT_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
/**
 * Where the deterministic deployer puts PorticoAccountFactory (salt 0, for the EntryPoint v0.7):
 * the frame names the same address. A changed source or compiler moves it, and the deployment
 * below then fails naming both addresses.
 */
export const PORTICO_ACCOUNT_FACTORY = '0x9093E362fB101d467361524968027B98EA40D782'
const FACTORY_SALT = '0x0000000000000000000000000000000000000000000000000000000000000000'

/** PorticoAccountFactory's creation code, compiled from its source (cached by solc.mjs). */
export function porticoAccountFactoryBytecode() {
  const source = readFileSync(new URL('../../servers/frame/contracts/PorticoAccount.sol', import.meta.url), 'utf8')
  const contracts = compileSolidity('PorticoAccount.sol', source, ['evm.bytecode.object'])
  return `0x${contracts.PorticoAccountFactory.evm.bytecode.object}`
}

/**
 * The demo's paymaster operator: a publicly known key (never for real funds) that deploys the
 * VerifyingPaymaster (so it is its owner), and whose signature the paymaster accepts. The
 * paymaster service signs with it in the demo (PAYMASTER_SIGNER_KEY on a real network).
 */
export const DEMO_PAYMASTER_SIGNER_KEY = '0x6b3e4c1f4b2f0c1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e'
/** The bundler's executor (sends handleOps) and utility key (deploys its simulation contracts): publicly known keys. */
export const DEMO_BUNDLER_EXECUTOR_KEY = '0x5c3a1e9f7d2b4a6c8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d'
export const DEMO_BUNDLER_UTILITY_KEY = '0x4d2b0f8e6c4a2e0d8b6f4c2a0e8d6b4f2c0a8e6d4b2f0c8a6e4d2b0f8c6a4e2d'

/** The VerifyingPaymaster the operator's first transaction deploys (its nonce 0), so the same on every fresh node. */
export const DEMO_PAYMASTER = getContractAddress({ from: privateKeyToAccount(DEMO_PAYMASTER_SIGNER_KEY).address, nonce: 0n })

const ONE_THOUSAND_ETH = `0x${parseEther('1000').toString(16)}`
/** What the paymaster deposits in the EntryPoint to pay for the operations it sponsors. */
const PAYMASTER_DEPOSIT = parseEther('100')

async function hasCode(client, address) {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}

/** CREATE2 through the deterministic deployer; checks the code landed at `expected`. */
async function deployDeterministic(client, wallet, { bytecode, salt, expected, name }) {
  const address = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt, bytecode })
  if (getAddress(address) !== getAddress(expected)) {
    throw new Error(`deployAccountAbstraction: the ${name} artifact gives ${address}, not the canonical ${expected}`)
  }
  if (await hasCode(client, address)) return
  const hash = await wallet.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([salt, bytecode]) })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !(await hasCode(client, address))) throw new Error(`deployAccountAbstraction: ${name} did not deploy at ${address}`)
}

/**
 * Puts the ERC-4337 contracts on the node at `rpcUrl` (what is already there is left as it is),
 * funds the bundler's keys and the paymaster operator with hardhat_setBalance (so no Hardhat
 * account's nonce moves: the demo's other deployments rely on theirs), and deposits 100 ETH
 * for the paymaster in the EntryPoint.
 */
export async function deployAccountAbstraction(rpcUrl) {
  const client = createPublicClient({ transport: nodeTransport(rpcUrl) })
  const chain = { id: await client.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  const operator = privateKeyToAccount(DEMO_PAYMASTER_SIGNER_KEY)
  const funded = [operator.address, ...[DEMO_BUNDLER_EXECUTOR_KEY, DEMO_BUNDLER_UTILITY_KEY].map((key) => privateKeyToAccount(key).address)]
  await Promise.all(funded.map((address) => client.request({ method: 'hardhat_setBalance', params: [address, ONE_THOUSAND_ETH] })))
  if (!(await hasCode(client, DETERMINISTIC_DEPLOYER))) {
    await client.request({ method: 'hardhat_setCode', params: [DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_CODE] })
  }
  // The CREATE2 deployments go out from the bundler's utility key, so the operator's nonce 0 stays the paymaster's.
  const deployer = createWalletClient({ account: privateKeyToAccount(DEMO_BUNDLER_UTILITY_KEY), chain, transport: nodeTransport(rpcUrl) })
  const wallet = createWalletClient({ account: operator, chain, transport: nodeTransport(rpcUrl) })
  await deployDeterministic(client, deployer, { name: 'EntryPoint', bytecode: artifact('EntryPoint').bytecode, salt: ENTRY_POINT_SALT, expected: ENTRY_POINT_V07 })
  const factoryCode = concat([porticoAccountFactoryBytecode(), encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_V07])])
  await deployDeterministic(client, deployer, { name: 'PorticoAccountFactory', bytecode: factoryCode, salt: FACTORY_SALT, expected: PORTICO_ACCOUNT_FACTORY })
  if (!(await hasCode(client, DEMO_PAYMASTER))) {
    const paymaster = artifact('VerifyingPaymaster')
    const hash = await wallet.deployContract({ abi: paymaster.abi, bytecode: paymaster.bytecode, args: [ENTRY_POINT_V07, operator.address], nonce: 0 })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || getAddress(receipt.contractAddress ?? '0x') !== DEMO_PAYMASTER) {
      throw new Error(`deployAccountAbstraction: the paymaster landed at ${receipt.contractAddress}, expected ${DEMO_PAYMASTER}`)
    }
    const deposit = await wallet.writeContract({ address: DEMO_PAYMASTER, abi: paymaster.abi, functionName: 'deposit', value: PAYMASTER_DEPOSIT })
    await client.waitForTransactionReceipt({ hash: deposit, pollingInterval: 50 })
  }
  return { entryPoint: ENTRY_POINT_V07, accountFactory: PORTICO_ACCOUNT_FACTORY, paymaster: DEMO_PAYMASTER }
}
