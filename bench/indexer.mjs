// The Blockchain API indexer's throughput for `npm run bench` (or alone: node bench/indexer.mjs):
// a fresh Hardhat node (port 8590) gets the demo tokens and BLOCKS blocks of 4 transfers each
// (2 native, 2 ERC20, from accounts #2 to #5), then the indexer catches up from block 0, once
// into PGlite in memory and once into a throwaway PostgreSQL. Blocks per second, start to head.
import { numberToHex, encodeFunctionData, erc20Abi } from 'viem'
import { deployDemoTokens } from '../demo/peers/deployTokens.mjs'
import { HARDHAT_ACCOUNTS } from '../demo/peers/accounts.mjs'
import { rpc, startHardhat } from '../demo/peers/hardhat.mjs'
import { DEMO_TOKENS } from '../demo/peers/tokens.mjs'
import { startPostgres } from '../test/peers/postgres.mjs'
import { bundleServer } from '../servers/bundle.mjs'
import { ROOT } from '../build.mjs'

const BLOCKS = 1000
const PORT = 8590

async function batch(url, calls) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
  })
  const failed = (await response.json()).find((answer) => answer.error)
  if (failed) throw new Error(failed.error.message)
}

/** BLOCKS blocks, each with two native and two DEMO transfers. */
async function fillChain(url, blocks) {
  const senders = HARDHAT_ACCOUNTS.slice(2, 6).map((account) => account.address)
  const receivers = HARDHAT_ACCOUNTS.slice(6, 10).map((account) => account.address)
  await rpc(url, 'evm_setAutomine', [false])
  for (let block = 0; block < blocks; block++) {
    await batch(
      url,
      senders.map((from, i) =>
        i < 2
          ? ['eth_sendTransaction', [{ from, to: receivers[i], value: numberToHex(block + 1), gas: numberToHex(21_000) }]]
          : [
              'eth_sendTransaction',
              [
                {
                  from,
                  to: DEMO_TOKENS[0].address,
                  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receivers[i], BigInt(block + 1)] }),
                  gas: numberToHex(80_000),
                },
              ],
            ],
      ),
    )
    await rpc(url, 'evm_mine')
  }
  await rpc(url, 'evm_setAutomine', [true])
}

export async function measureIndexer({ blocks = BLOCKS } = {}) {
  const outfile = `${ROOT}/.cache/bench/indexerCatchUp.mjs`
  await bundleServer({ entry: `${ROOT}/bench/indexerCatchUp.ts`, outfile })
  const { catchUp } = await import(outfile)
  const node = await startHardhat({ port: PORT })
  try {
    await deployDemoTokens(node.url)
    await fillChain(node.url, blocks)
    const pglite = await catchUp(node.url, { memory: true })
    const postgres = await startPostgres()
    try {
      return { transfersPerBlock: 4, pglite, postgres: await catchUp(node.url, { url: postgres.url }) }
    } finally {
      await postgres.stop()
    }
  } finally {
    await node.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureIndexer({ blocks: Number(process.env.BLOCKS ?? BLOCKS) })
  console.log(JSON.stringify(result, null, 2))
}
