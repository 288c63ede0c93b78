// Local Solana networks as Portico networks, served by test/peers/solanaRpc.mjs.
import { type CaipNetwork, defineNetwork, solanaDevnet } from '../../kernel/index.ts'

/**
 * A local cluster at `url`: CAIP-2 `solana:localnet`, which the Solana plugin
 * names `solana:localnet` to wallets (the Wallet Standard's local chain).
 */
export function solanaLocalnet(url: string): CaipNetwork {
  return defineNetwork({
    id: 'localnet',
    chainNamespace: 'solana',
    name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [url] } },
    testnet: true,
  })
}

/** The predefined Solana devnet, served locally (its CAIP id and wallet chain stay devnet's). */
export function solanaDevnetAt(url: string): CaipNetwork {
  return { ...solanaDevnet, rpcUrls: { default: { http: [url] } } }
}
