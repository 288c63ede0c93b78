import { and, asc, eq, sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import * as v from 'valibot'
import type { NftsResponse } from '../../../protocol/api/schemas.ts'
import { apiTables } from '../../db/index.ts'
import type { ApiContext } from '../context.ts'
import { CursorField, decodeCursor, encodeCursor } from '../cursor.ts'
import { ChainIdField, addressOn, readQuery, sourceOf } from '../http.ts'
import { tokenInfo } from './tokens.ts'

const { apiNftOwners: o } = apiTables

const NftsQuery = v.object({ chainId: ChainIdField, cursor: CursorField })

/** An NFT cursor: the last item's collection and token id. */
const NftCursor = v.tuple([v.pipe(v.string(), v.maxLength(128)), v.pipe(v.string(), v.regex(/^\d{1,78}$/))])

/**
 * GET /v1/account/:address/nfts?chainId=&cursor= : the NFTs the account holds now, by
 * collection then token id, a page at a time. Token metadata (tokenURI) is not read, so
 * items carry the collection's name and symbol only; none is flagged spam.
 */
export function nftRoutes(app: Hono, context: ApiContext): void {
  app.get('/v1/account/:address/nfts', async (c) => {
    const query = readQuery(c, NftsQuery)
    const source = sourceOf(context, query.chainId)
    const address = addressOn(c, source)
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, NftCursor)
    const rows = await context.db
      .select({ token: o.token, tokenId: o.tokenId })
      .from(o)
      .where(and(eq(o.chainId, source.chainId), eq(o.owner, address), after && sql`(${o.token}, ${o.tokenId}) > (${after[0]}, ${after[1]}::numeric)`))
      .orderBy(asc(o.token), asc(o.tokenId))
      .limit(context.pageSize + 1)
    const page = rows.slice(0, context.pageSize)
    const collections = await tokenInfo(
      context,
      source.chainId,
      page.map((row) => row.token),
    )
    const last = page.at(-1)
    const body: NftsResponse = {
      data: page.map((row) => {
        const collection = collections.get(row.token)
        return {
          chainId: source.chainId,
          address: row.token,
          tokenId: row.tokenId,
          collection: { name: collection?.name ?? row.token, symbol: collection?.symbol ?? '' },
          flags: { is_spam: false },
        }
      }),
      next: rows.length > context.pageSize && last ? encodeCursor([last.token, last.tokenId]) : null,
    }
    return c.json(body)
  })
}
