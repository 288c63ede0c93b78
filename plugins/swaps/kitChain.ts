import * as v from 'valibot'
import { numberToHex } from 'viem'
import { parseCaipNetworkId } from '../../kernel/chains/caip.ts'
import { PorticoError, isTransactionHash } from '../../kernel/index.ts'
import { parseOrThrow } from '../../kernel/wallets/index.ts'
import type { ChainReader, SwapTransaction } from './provider.ts'

type Request = (request: { method: string; params?: unknown }) => Promise<unknown>

/* What the wallet or node answers is untrusted like any other input. */
const DataSchema = v.pipe(v.string(), v.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be hex data'))
const QuantitySchema = v.pipe(
  v.string(),
  v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'),
  v.transform((hex: string) => BigInt(hex)),
)
const BlockSchema = v.object({ number: QuantitySchema, timestamp: QuantitySchema })
const ReceiptSchema = v.nullable(v.object({ status: v.picklist(['0x0', '0x1']) }))

async function ask<S extends v.GenericSchema<unknown, unknown>>(request: Request, method: string, params: unknown, schema: S): Promise<v.InferOutput<S>> {
  const answer = await request({ method, params })
  return parseOrThrow(schema, answer, (issue) => new PorticoError(`${method}: the wallet answered ${issue}`)) as v.InferOutput<S>
}

/** The provider's reads through `kit.request` (safe methods: no approval asked). */
export function kitChainReader(request: Request): ChainReader {
  return {
    call: async (to, data, blockNumber) =>
      (await ask(request, 'eth_call', [{ to, data }, blockNumber === undefined ? 'latest' : numberToHex(blockNumber)], DataSchema)) as `0x${string}`,
    latestBlock: () => ask(request, 'eth_getBlockByNumber', ['latest', false], BlockSchema),
  }
}

/**
 * Sends a transaction on the quote's network (its chain id in the transaction: the kit
 * checks it, SPEC §5, and the wallet refuses it on another chain); resolves with its hash.
 */
export async function sendTransaction(request: Request, transaction: SwapTransaction, caipNetworkId: string): Promise<`0x${string}`> {
  const chainId = numberToHex(BigInt(parseCaipNetworkId(caipNetworkId).reference))
  const hash = await request({ method: 'eth_sendTransaction', params: [{ chainId, ...transaction }] })
  if (!isTransactionHash(hash)) throw new PorticoError('eth_sendTransaction: the wallet answered no transaction hash')
  return hash as `0x${string}`
}

/** Waits for a transaction to be mined (polling its receipt); throws when it reverted or took over `timeoutMs`. */
export async function waitForReceipt(request: Request, hash: string, { intervalMs = 500, timeoutMs = 120_000 } = {}): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const receipt = await ask(request, 'eth_getTransactionReceipt', [hash], ReceiptSchema)
    if (receipt) {
      if (receipt.status === '0x1') return
      throw new PorticoError(`transaction ${hash} reverted`)
    }
    if (Date.now() >= until) throw new PorticoError(`transaction ${hash} was not mined within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
