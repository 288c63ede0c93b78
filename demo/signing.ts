import { type Chain, type Hex, createWalletClient, custom, parseEther } from 'viem'
import type { CaipNetwork } from '../entries/portico.ts'
import type { Eip1193Provider } from '../entries/react.ts'
import { HARDHAT_ACCOUNT_1 } from './peers/accounts.mjs'

// What the "usePorticoProvider" panel does with the connected wallet's provider, the way
// a host app would: viem over `custom(provider)`. Loaded on the first click, so viem's
// wallet actions are not on the demo's first screen.

export const HELLO_MESSAGE = 'Hello from Portico'
/** Hardhat's account #1 receives the demo's transfers. */
export const RECEIVER = HARDHAT_ACCOUNT_1.address
export const AMOUNT_ETH = '0.001'

function viemChain(network: CaipNetwork): Chain {
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
  }
}

const client = (provider: Eip1193Provider, address: Hex, network: CaipNetwork) => createWalletClient({ account: address, chain: viemChain(network), transport: custom(provider) })

/** personal_sign of "Hello from Portico"; resolves with the signature. */
export function signHello(provider: Eip1193Provider, address: Hex, network: CaipNetwork): Promise<Hex> {
  return client(provider, address, network).signMessage({ message: HELLO_MESSAGE })
}

/** Sends 0.001 of the native currency to Hardhat account #1; resolves with the transaction hash. */
export function sendToAccount1(provider: Eip1193Provider, address: Hex, network: CaipNetwork): Promise<Hex> {
  return client(provider, address, network).sendTransaction({ to: RECEIVER, value: parseEther(AMOUNT_ETH) })
}
