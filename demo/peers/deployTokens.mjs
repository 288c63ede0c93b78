// Deploys the demo's test tokens (demo/peers/tokens.mjs) on a local Hardhat node: compiled
// from test/peers/contracts/DemoTokens.sol with the pinned solc (solcjs 0.8.26, cached by
// solc.mjs), sent from Hardhat's account #19 at nonces 0 to 3 so the addresses are the ones
// tokens.mjs lists.
// Plain ESM: `npm start` runs it on Node 20.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPublicClient, createWalletClient, getAddress, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { nodeTransport } from './nodeTransport.mjs'
import { compileSolidity } from './solc.mjs'
import { HARDHAT_ACCOUNTS } from './accounts.mjs'
import { DEMO_COLLECTIBLE, DEMO_TOKENS, DEMO_TOKEN_DEPLOYER } from './tokens.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const SOURCE = resolve(ROOT, 'test/peers/contracts/DemoTokens.sol')

/** Hardhat's account #19 (a publicly known key; never for real funds). */
const DEPLOYER_KEY = '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e'

/** ABI and bytecode of DemoToken, DemoUsdtToken and DemoCollectible. */
export function demoTokenArtifacts() {
  const contracts = compileSolidity('DemoTokens.sol', readFileSync(SOURCE, 'utf8'), ['abi', 'evm.bytecode.object'])
  return Object.fromEntries(Object.entries(contracts).map(([name, contract]) => [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }]))
}

/**
 * Deploys the tokens on the node at `rpcUrl` (a fresh Hardhat node, or one they are already
 * on: then nothing is sent). Each fungible funds Hardhat's accounts #0 to #9.
 */
export async function deployDemoTokens(rpcUrl) {
  const account = privateKeyToAccount(DEPLOYER_KEY)
  if (account.address !== DEMO_TOKEN_DEPLOYER) throw new Error('deployDemoTokens: the deployer key does not match DEMO_TOKEN_DEPLOYER')
  const client = createPublicClient({ transport: nodeTransport(rpcUrl) })
  const expected = [...DEMO_TOKENS.map((token) => token.address), DEMO_COLLECTIBLE.address]
  const codes = await Promise.all(expected.map((address) => client.getCode({ address })))
  if (codes.every((code) => code && code !== '0x')) return
  const nonce = await client.getTransactionCount({ address: account.address })
  if (nonce !== 0)
    throw new Error(`deployDemoTokens: account #19 has nonce ${nonce} on ${rpcUrl}, so the tokens would not land at the addresses tokens.mjs lists (start a fresh node)`)
  const chain = { id: await client.getChainId(), name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  const wallet = createWalletClient({ account, chain, transport: nodeTransport(rpcUrl) })
  const artifacts = demoTokenArtifacts()
  const holders = HARDHAT_ACCOUNTS.slice(0, 10).map((holder) => holder.address)
  const deployments = [
    ...DEMO_TOKENS.map((token) => ({
      artifact: artifacts[token.usdtShaped ? 'DemoUsdtToken' : 'DemoToken'],
      args: [token.name, token.symbol, token.decimals, holders, parseUnits(String(token.fundedEach), token.decimals)],
    })),
    { artifact: artifacts.DemoCollectible, args: [DEMO_COLLECTIBLE.name, DEMO_COLLECTIBLE.symbol, DEMO_COLLECTIBLE.owners] },
  ]
  // One at a time, in order: nonce i gives the i-th listed address.
  for (const [i, { artifact, args }] of deployments.entries()) {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, nonce: i })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || !receipt.contractAddress || getAddress(receipt.contractAddress) !== expected[i]) {
      throw new Error(`deployDemoTokens: deployment ${i} landed at ${receipt.contractAddress}, expected ${expected[i]}`)
    }
  }
}
