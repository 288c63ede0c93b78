// Deploys the published Uniswap V2 contracts (demo/peers/uniswap.mjs) on a local Hardhat node
// that already has the demo's test tokens (deployDemoTokens first): WETH9, UniswapV2Factory
// and UniswapV2Router02 from their npm build artifacts, sent from Hardhat's account #18 at
// nonces 0 to 2; then account #9 adds the DEMO/DUSD and ETH/DEMO liquidity through the router.
// Plain ESM: `npm start` runs it on Node 20.
import { createRequire } from 'node:module'
import { createPublicClient, createWalletClient, erc20Abi, getAddress, maxUint256, parseEther, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { nodeTransport } from './nodeTransport.mjs'
import { HARDHAT_ACCOUNTS } from './accounts.mjs'
import { DEMO_TOKENS } from './tokens.mjs'
import { DEMO_LIQUIDITY_PROVIDER, DEMO_POOLS, DEMO_UNISWAP, DEMO_UNISWAP_DEPLOYER } from './uniswap.mjs'

const require = createRequire(import.meta.url)

/** Hardhat's account #18 (a publicly known key; never for real funds). */
const DEPLOYER_KEY = '0xde9be858da4a475276426320d5e9262ecfc3ba460bfac56360bfa6c4c28b4ee0'

/** ABI and bytecode (0x-prefixed) of WETH9, UniswapV2Factory, UniswapV2Router02 and UniswapV2Pair. */
export function uniswapArtifacts() {
  const load = (path) => {
    const { abi, bytecode } = require(path)
    return { abi, bytecode: bytecode.startsWith('0x') ? bytecode : `0x${bytecode}` }
  }
  return {
    WETH9: load('@uniswap/v2-periphery/build/WETH9.json'),
    UniswapV2Factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
    UniswapV2Router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    UniswapV2Pair: load('@uniswap/v2-core/build/UniswapV2Pair.json'),
  }
}

const localChain = async (client, rpcUrl) => ({
  id: await client.getChainId(),
  name: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})

const token = (symbol) => DEMO_TOKENS.find((t) => t.symbol === symbol)

/**
 * Deploys the contracts and the pools on the node at `rpcUrl` (a fresh Hardhat node with the
 * demo tokens, or one the contracts are already on: then nothing is sent).
 */
export async function deployDemoUniswap(rpcUrl) {
  const deployer = privateKeyToAccount(DEPLOYER_KEY)
  const provider = privateKeyToAccount(HARDHAT_ACCOUNTS[9].privateKey)
  if (deployer.address !== DEMO_UNISWAP_DEPLOYER || provider.address !== DEMO_LIQUIDITY_PROVIDER) {
    throw new Error('deployDemoUniswap: the keys do not match uniswap.mjs')
  }
  const client = createPublicClient({ transport: nodeTransport(rpcUrl) })
  const pairCodes = await Promise.all(DEMO_POOLS.map(({ pair }) => client.getCode({ address: pair })))
  if (pairCodes.every((code) => code && code !== '0x')) return
  const nonce = await client.getTransactionCount({ address: deployer.address })
  if (nonce !== 0)
    throw new Error(`deployDemoUniswap: account #18 has nonce ${nonce} on ${rpcUrl}, so the contracts would not land at the addresses uniswap.mjs lists (start a fresh node)`)
  const chain = await localChain(client, rpcUrl)
  const mined = async (hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`deployDemoUniswap: transaction ${hash} reverted`)
    return receipt
  }
  const artifacts = uniswapArtifacts()
  const wallet = createWalletClient({ account: deployer, chain, transport: nodeTransport(rpcUrl) })
  const deployments = [
    { artifact: artifacts.WETH9, args: [], expected: DEMO_UNISWAP.weth },
    { artifact: artifacts.UniswapV2Factory, args: [deployer.address], expected: DEMO_UNISWAP.factory },
    { artifact: artifacts.UniswapV2Router02, args: [DEMO_UNISWAP.factory, DEMO_UNISWAP.weth], expected: DEMO_UNISWAP.router },
  ]
  // One at a time, in order: nonce i gives the i-th listed address.
  for (const [i, { artifact, args, expected }] of deployments.entries()) {
    const receipt = await mined(await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, nonce: i }))
    if (!receipt.contractAddress || getAddress(receipt.contractAddress) !== expected) {
      throw new Error(`deployDemoUniswap: deployment ${i} landed at ${receipt.contractAddress}, expected ${expected}`)
    }
  }

  const lp = createWalletClient({ account: provider, chain, transport: nodeTransport(rpcUrl) })
  const router = { address: DEMO_UNISWAP.router, abi: artifacts.UniswapV2Router02.abi }
  const { timestamp } = await client.getBlock()
  const deadline = timestamp + 3600n
  const [demo, dusd] = [token('DEMO'), token('DUSD')]
  // DUSD's approve returns nothing (the USDT shape): the plain ERC20 ABI is fine for sending it.
  for (const { address } of [demo, dusd]) {
    await mined(await lp.writeContract({ address, abi: erc20Abi, functionName: 'approve', args: [DEMO_UNISWAP.router, maxUint256] }))
  }
  const [demoDusd, ethDemo] = DEMO_POOLS
  await mined(
    await lp.writeContract({
      ...router,
      functionName: 'addLiquidity',
      args: [demo.address, dusd.address, parseUnits(String(demoDusd.amounts[0]), 18), parseUnits(String(demoDusd.amounts[1]), 6), 0n, 0n, provider.address, deadline],
    }),
  )
  await mined(
    await lp.writeContract({
      ...router,
      functionName: 'addLiquidityETH',
      args: [demo.address, parseUnits(String(ethDemo.amounts[1]), 18), 0n, 0n, provider.address, deadline],
      value: parseEther(String(ethDemo.amounts[0])),
    }),
  )
  const codes = await Promise.all(DEMO_POOLS.map(({ pair }) => client.getCode({ address: pair })))
  if (!codes.every((code) => code && code !== '0x')) throw new Error('deployDemoUniswap: a pool is not at the address uniswap.mjs lists')
}
