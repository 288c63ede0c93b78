import { type Address, isAddress } from 'viem'

/** The one function of the contract the example writes to: it keeps the number it is given. */
export const STORE_ABI = [{ type: 'function', name: 'set', stateMutability: 'nonpayable', inputs: [{ name: 'value', type: 'uint256' }], outputs: [] }] as const

/** The contract's address, from `?store=` (the package test deploys one on its Hardhat node). */
export function storeAddress(): Address | undefined {
  const store = new URLSearchParams(globalThis.location?.search ?? '').get('store')
  return store && isAddress(store) ? store : undefined
}
