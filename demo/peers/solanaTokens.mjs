// The demo's SPL token on its local Solana cluster ("Solana Local", solana:localnet on
// 8899), made by `npm start` right after the cluster starts: "Local USD" (LUSD), 6
// decimals, a Token-2022 mint whose name and symbol are on chain (metadata extension), so
// wallets and the API read them like any real token's. The mint and its authority are
// fixed, public TEST keys, so the mint address is known in advance. Node only (web3.js,
// spl-token); tests fund their own wallets with `fundSolanaDemoAccount`.
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountIdempotent,
  createInitializeMetadataPointerInstruction,
  createInitializeMintInstruction,
  getMintLen,
  mintTo,
  tokenMetadataInitializeWithRentTransfer,
} from '@solana/spl-token'

/** The network the token lives on, as the demo's config names it (demo/config.ts solanaLocal). */
export const SOLANA_DEMO_CHAIN_ID = 'solana:localnet'

/** A fixed test key from a 32-byte seed made of one repeated byte. Never use for real funds. */
const testKey = (byte) => Keypair.fromSeed(new Uint8Array(32).fill(byte))
const MINT_KEY = testKey(0x51)
/** Pays for the mint and its accounts, and mints: the token's mint and metadata authority. */
const AUTHORITY_KEY = testKey(0x52)

export const LOCAL_USD = Object.freeze({
  mint: MINT_KEY.publicKey.toBase58(),
  name: 'Local USD',
  symbol: 'LUSD',
  decimals: 6,
  /** Token-2022: the program that owns the mint and its accounts. */
  programId: TOKEN_2022_PROGRAM_ID.toBase58(),
  authority: AUTHORITY_KEY.publicKey.toBase58(),
  /** Dollars, the demo API's fixed price. */
  price: 1,
})

/** The fixed dollar price of SOL on the demo's cluster. */
export const SOLANA_DEMO_NATIVE_PRICE = 150

/** The demo API's price table entry for the cluster (servers/api fixed prices: native and the mint). */
export const SOLANA_DEMO_PRICES = Object.freeze({
  [SOLANA_DEMO_CHAIN_ID]: Object.freeze({ native: SOLANA_DEMO_NATIVE_PRICE, [LOCAL_USD.mint]: LOCAL_USD.price }),
})

/**
 * The cluster as the demo's Blockchain API indexes it (servers/api ChainConfig): from the
 * cluster's first block, since a local cluster's slots do not start at 0 and reading every
 * empty slot before would take long.
 *
 * @example
 * startApiServer({ chains: [await solanaDemoApiChain('http://127.0.0.1:8899'), ...], prices: fixedPrices({ ...DEMO_PRICES, ...SOLANA_DEMO_PRICES }) })
 */
export async function solanaDemoApiChain(rpcUrl) {
  return { chainId: SOLANA_DEMO_CHAIN_ID, rpcUrl, startBlock: await connect(rpcUrl).getFirstAvailableBlock() }
}

/**
 * The demo's own Solana wallets, funded at start: the dev Solana wallet's fixed test key
 * (demo/devWallet/solanaInfo.ts DEV_SOLANA_ADDRESS; a unit test keeps the two equal).
 */
export const SOLANA_DEMO_HOLDERS = Object.freeze(['8UXaBSMYHfje2SqJkkb93juHE2me3Ps4qiJbmzd7p7Uu'])

/** What each holder gets at start. */
export const SOLANA_DEMO_FUNDING = Object.freeze({ sol: 10, tokens: 1000 })

const connect = (rpcUrl) => new Connection(rpcUrl, 'confirmed')

async function airdrop(connection, to, sol) {
  const signature = await connection.requestAirdrop(new PublicKey(to), Math.round(sol * LAMPORTS_PER_SOL))
  await connection.confirmTransaction(signature, 'confirmed')
}

/**
 * Gives `owner` SOL (an airdrop) and whole LUSD tokens (minted to its associated token
 * account, created if missing). For tests with their own wallets, and for the demo's.
 *
 * @example
 * await fundSolanaDemoAccount(rpc.url, wallet.address, { sol: 2, tokens: 100 })
 */
export async function fundSolanaDemoAccount(rpcUrl, owner, { sol = 0, tokens = 0 } = {}) {
  const connection = connect(rpcUrl)
  if (sol > 0) await airdrop(connection, owner, sol)
  if (tokens <= 0) return
  const mint = new PublicKey(LOCAL_USD.mint)
  const account = await createAssociatedTokenAccountIdempotent(connection, AUTHORITY_KEY, mint, new PublicKey(owner), {}, TOKEN_2022_PROGRAM_ID)
  await mintTo(connection, AUTHORITY_KEY, mint, account, AUTHORITY_KEY, BigInt(tokens) * 10n ** BigInt(LOCAL_USD.decimals), [], {}, TOKEN_2022_PROGRAM_ID)
}

/**
 * Creates LUSD on the cluster at `rpcUrl` (unless the mint is there already) and funds
 * the demo's holders. Resolves with the mint address; `url` and `close` let `npm start`
 * list it among its services.
 */
export async function createSolanaDemoToken(rpcUrl, { holders = SOLANA_DEMO_HOLDERS, funding = SOLANA_DEMO_FUNDING } = {}) {
  const connection = connect(rpcUrl)
  const mint = MINT_KEY.publicKey
  if (!(await connection.getAccountInfo(mint))) {
    await airdrop(connection, LOCAL_USD.authority, 10)
    const space = getMintLen([ExtensionType.MetadataPointer])
    const create = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: AUTHORITY_KEY.publicKey,
        newAccountPubkey: mint,
        space,
        lamports: await connection.getMinimumBalanceForRentExemption(space),
        programId: TOKEN_2022_PROGRAM_ID,
      }),
      // The metadata lives in the mint itself, so one account describes the token.
      createInitializeMetadataPointerInstruction(mint, AUTHORITY_KEY.publicKey, mint, TOKEN_2022_PROGRAM_ID),
      createInitializeMintInstruction(mint, LOCAL_USD.decimals, AUTHORITY_KEY.publicKey, null, TOKEN_2022_PROGRAM_ID),
    )
    await sendAndConfirmTransaction(connection, create, [AUTHORITY_KEY, MINT_KEY])
    await tokenMetadataInitializeWithRentTransfer(
      connection,
      AUTHORITY_KEY,
      mint,
      AUTHORITY_KEY.publicKey,
      AUTHORITY_KEY,
      LOCAL_USD.name,
      LOCAL_USD.symbol,
      '',
      [],
      {},
      TOKEN_2022_PROGRAM_ID,
    )
  }
  for (const holder of holders) await fundSolanaDemoAccount(rpcUrl, holder, funding)
  return {
    url: `${LOCAL_USD.symbol} ${LOCAL_USD.mint} (${funding.tokens} each and ${funding.sol} SOL to ${holders.join(', ')})`,
    mint: LOCAL_USD.mint,
    close: async () => undefined,
  }
}
