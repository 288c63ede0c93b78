import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { Transaction, TransactionsResponse, Transfer } from '../../../protocol/api/schemas.ts'
import { apiTables } from '../../db/index.ts'
import { type ApiContext, ONRAMP_PROVIDERS } from '../context.ts'
import { CursorField, decodeCursor, encodeCursor } from '../cursor.ts'
import { ChainIdField, addressOn, readQuery, sourceOf } from '../http.ts'
import type { ChainSource } from '../indexer/source.ts'
import { NATIVE } from '../prices.ts'
import { quantity, tokenInfo } from './tokens.ts'

const { apiTransfers: t } = apiTables

const HistoryQuery = v.object({
  chainId: ChainIdField,
  cursor: CursorField,
  // SPEC §7: the client asks for one provider's purchases (Coinbase's, uncached).
  onramp: v.optional(v.picklist(ONRAMP_PROVIDERS, 'must be coinbase or meld')),
})

/** A history cursor: the last transaction's block number and position in it. */
const HistoryCursor = v.tuple([v.pipe(v.string(), v.regex(/^\d{1,20}$/)), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31 - 1))])

type Row = typeof t.$inferSelect

/**
 * The configured on-ramp senders on a network, by their address there: a purchase is
 * delivered by the provider's own transaction, so its sender names the provider.
 */
function onrampSendersOn(context: ApiContext, source: ChainSource): Map<string, string> {
  const senders = new Map<string, string>()
  for (const [provider, addresses] of Object.entries(context.onrampSenders)) {
    for (const address of addresses ?? []) {
      const normalized = source.normalizeAddress(address)
      if (normalized !== undefined) senders.set(normalized, provider)
    }
  }
  return senders
}

/**
 * GET /v1/account/:address/history?chainId=&cursor=&onramp= : the transactions that moved
 * something to or from the account, newest first (block, then position in the block), a page
 * at a time. Each lists the account's own transfers in it, with their direction seen from the
 * account; a transaction that only sent is a 'send', one that only brought something and was
 * sent by an on-ramp provider (ApiServerOptions.onrampSenders) a 'buy', anything else a
 * 'receive'. With `onramp=coinbase` only that provider's purchases are listed.
 */
export function historyRoutes(app: Hono, context: ApiContext): void {
  app.get('/v1/account/:address/history', async (c) => {
    const query = readQuery(c, HistoryQuery)
    const source = sourceOf(context, query.chainId)
    const address = addressOn(c, source)
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, HistoryCursor)
    const senders = onrampSendersOn(context, source)
    const provider = query.onramp
    const from = provider === undefined ? undefined : [...senders].filter(([, name]) => name === provider).map(([sender]) => sender)
    // A provider with no configured sender has delivered nothing this server can see.
    if (from?.length === 0) return c.json({ data: [], next: null } satisfies TransactionsResponse)
    const involves = and(eq(t.chainId, source.chainId), or(eq(t.fromAddress, address), eq(t.toAddress, address)), from && and(inArray(t.txFrom, from), eq(t.toAddress, address)))
    const keys = await context.db
      .selectDistinct({ blockNumber: t.blockNumber, txIndex: t.txIndex })
      .from(t)
      .where(and(involves, after && sql`(${t.blockNumber}, ${t.txIndex}) < (${after[0]}::bigint, ${after[1]}::integer)`))
      .orderBy(desc(t.blockNumber), desc(t.txIndex))
      .limit(context.pageSize + 1)
    const page = keys.slice(0, context.pageSize)
    const rows =
      page.length === 0
        ? []
        : await context.db
            .select()
            .from(t)
            .where(and(involves, or(...page.map((key) => and(eq(t.blockNumber, key.blockNumber), eq(t.txIndex, key.txIndex))))))
            .orderBy(desc(t.blockNumber), desc(t.txIndex), asc(t.logIndex))
    const last = page.at(-1)
    const body: TransactionsResponse = {
      data: await transactions(context, source, address, rows, senders),
      next: keys.length > context.pageSize && last ? encodeCursor([last.blockNumber.toString(), last.txIndex]) : null,
    }
    return c.json(body)
  })
}

async function transactions(context: ApiContext, source: ChainSource, account: string, rows: readonly Row[], senders: ReadonlyMap<string, string>): Promise<Transaction[]> {
  const tokens = await tokenInfo(
    context,
    source.chainId,
    rows.map((row) => row.token),
  )
  const prices = await context.prices.prices(source.chainId, [NATIVE, ...tokens.keys()])
  const groups = new Map<string, Row[]>()
  for (const row of rows) {
    const key = `${row.blockNumber}/${row.txIndex}`
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!
    const transfers = group.map((row): Transfer => {
      const direction = row.fromAddress === account ? (row.toAddress === account ? 'self' : 'out') : 'in'
      const token = tokens.get(row.token)
      if (row.kind === 'erc721') {
        return {
          direction,
          nft_info: { name: `${token?.name ?? row.token} #${row.tokenId}`, flags: { is_spam: false } },
          quantity: { numeric: '1', decimals: '0' },
        }
      }
      const info = row.kind === 'native' ? source.nativeCurrency : { name: token?.name ?? row.token, symbol: token?.symbol ?? '', decimals: token?.decimals ?? 0 }
      const amount = quantity(BigInt(row.amount), info.decimals)
      const price = prices.get(row.kind === 'native' ? NATIVE : row.token) ?? 0
      return {
        direction,
        fungible_info: { name: info.name, symbol: info.symbol },
        quantity: amount,
        // Only a known price gives a value; 0 would claim the transfer was worth nothing.
        ...(price > 0 ? { price, value: Number(amount.numeric) * price } : {}),
      }
    })
    return {
      id: `${source.chainId}:${first.txHash}`,
      metadata: {
        operationType: transfers.every((transfer) => transfer.direction === 'in') ? (senders.has(first.txFrom) ? 'buy' : 'receive') : 'send',
        hash: first.txHash,
        minedAt: first.minedAt.toISOString(),
        sentFrom: first.txFrom,
        sentTo: first.txTo,
        status: 'confirmed',
        ...(first.txNonce === null ? {} : { nonce: first.txNonce }),
        chain: source.chainId,
      },
      transfers,
    }
  })
}
