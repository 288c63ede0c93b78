// The demo's SPL token (demo/peers/solanaTokens.mjs) on a fresh local cluster, as
// `npm start` makes it: "Local USD", 6 decimals, name and symbol on chain, funded for the
// dev Solana wallet; and the funding helper the browser tests use for their own wallets.
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js'
import { getTokenMetadata } from '@solana/spl-token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SOLANA_ADDRESS } from '../../../demo/devWallet/solanaInfo.ts'
import { LOCAL_USD, SOLANA_DEMO_HOLDERS, SOLANA_DEMO_PRICES, createSolanaDemoToken, fundSolanaDemoAccount, solanaDemoApiChain } from '../../../demo/peers/solanaTokens.mjs'
import { type SolanaRpc, startSolanaRpc } from '../../peers/solanaRpc.mjs'

let rpc: SolanaRpc
let connection: Connection
beforeAll(async () => {
  rpc = await startSolanaRpc()
  connection = new Connection(rpc.url, 'confirmed')
})
afterAll(() => rpc?.stop())

const lusd = async (owner: string) => {
  const { value } = await connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(LOCAL_USD.mint) })
  return value.map((account) => account.account.data.parsed.info.tokenAmount.uiAmountString as string)
}

describe('the demo’s Solana token', () => {
  it('the holders are the dev Solana wallet; the price table names the cluster as the demo does', () => {
    expect(SOLANA_DEMO_HOLDERS).toEqual([DEV_SOLANA_ADDRESS])
    expect(SOLANA_DEMO_PRICES).toEqual({ 'solana:localnet': { native: 150, [LOCAL_USD.mint]: 1 } })
  })

  it('created on a fresh cluster: a Token-2022 mint, 6 decimals, Local USD / LUSD on chain; the dev wallet holds 10 SOL and 1000 LUSD', async () => {
    const made = await createSolanaDemoToken(rpc.url)
    expect(made.mint).toBe(LOCAL_USD.mint)
    const mint = (await connection.getParsedAccountInfo(new PublicKey(LOCAL_USD.mint))).value!
    expect(mint.owner.toBase58()).toBe('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
    expect(mint.data).toMatchObject({ parsed: { type: 'mint', info: { decimals: 6, supply: '1000000000', mintAuthority: LOCAL_USD.authority } } })
    const metadata = await getTokenMetadata(connection, new PublicKey(LOCAL_USD.mint), 'confirmed', new PublicKey(LOCAL_USD.programId))
    expect([metadata?.name, metadata?.symbol]).toEqual(['Local USD', 'LUSD'])
    expect(await connection.getBalance(new PublicKey(DEV_SOLANA_ADDRESS))).toBe(10 * LAMPORTS_PER_SOL)
    expect(await lusd(DEV_SOLANA_ADDRESS)).toEqual(['1000'])
  })

  it('a second run keeps the mint and funds again; fundSolanaDemoAccount gives a fresh wallet 2 SOL and 5 LUSD', async () => {
    await createSolanaDemoToken(rpc.url)
    expect(await lusd(DEV_SOLANA_ADDRESS)).toEqual(['2000'])
    const fresh = Keypair.generate().publicKey.toBase58()
    await fundSolanaDemoAccount(rpc.url, fresh, { sol: 2, tokens: 5 })
    expect(await connection.getBalance(new PublicKey(fresh))).toBe(2 * LAMPORTS_PER_SOL)
    expect(await lusd(fresh)).toEqual(['5'])
  })

  it('the API indexes the cluster from its first block: the mint’s creation, the oldest of its signatures, is at that slot', async () => {
    const chain = await solanaDemoApiChain(rpc.url)
    const [oldest] = (await connection.getSignaturesForAddress(new PublicKey(LOCAL_USD.mint))).slice(-1)
    expect(chain).toEqual({ chainId: 'solana:localnet', rpcUrl: rpc.url, startBlock: await connection.getFirstAvailableBlock() })
    expect(chain.startBlock).toBeLessThan(oldest!.slot)
  })
})
