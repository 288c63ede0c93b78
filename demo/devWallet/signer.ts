import { type Address, type Hex, createWalletClient, hexToBigInt, http, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { HARDHAT_ACCOUNT_0 } from '../peers/accounts.mjs'
import type { DevTransaction, DevTypedData } from './wallet.ts'

/**
 * The dev wallet's signing half: Hardhat's public test key #0, in the page.
 * Acceptable only for this development wallet, whose name says so; it is loaded
 * on the first signature, so the demo's first screen carries none of it.
 */
export interface DevSigner {
  readonly address: Address
  /** personal_sign: hex is the message's bytes (what dapps send); other text is signed as UTF-8. */
  signMessage(message: string): Promise<Hex>
  signTypedData(typed: DevTypedData): Promise<Hex>
  sendTransaction(tx: DevTransaction, chain: { id: number; rpcUrl: string }): Promise<Hex>
}

export function createDevSigner(): DevSigner {
  const account = privateKeyToAccount(HARDHAT_ACCOUNT_0.privateKey)
  const big = (value: string | undefined) => (value ? hexToBigInt(value as Hex) : undefined)
  return {
    address: account.address,
    signMessage: (message) => account.signMessage({ message: isHex(message) ? { raw: message } : message }),
    signTypedData(typed) {
      // viem derives the domain type itself and refuses a declared EIP712Domain.
      const { EIP712Domain: _domain, ...types } = typed.types
      return account.signTypedData({ ...typed, types } as Parameters<typeof account.signTypedData>[0])
    },
    sendTransaction(tx, chain) {
      const client = createWalletClient({
        account,
        chain: {
          id: chain.id,
          name: `Chain ${chain.id}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        },
        transport: http(chain.rpcUrl),
      })
      const fees =
        tx.maxFeePerGas !== undefined
          ? { maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }
          : tx.gasPrice !== undefined
            ? { gasPrice: big(tx.gasPrice) }
            : {}
      return client.sendTransaction({
        to: tx.to ?? null,
        data: tx.data as Hex | undefined,
        value: big(tx.value),
        gas: big(tx.gas),
        nonce: tx.nonce ? Number(hexToBigInt(tx.nonce as Hex)) : undefined,
        ...fees,
      } as Parameters<typeof client.sendTransaction>[0])
    },
  }
}
