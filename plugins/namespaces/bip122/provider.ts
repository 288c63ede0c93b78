import type * as v from 'valibot'
import { type CaipNetwork, ErrorText, PorticoError, isUnsupportedPlaceholder } from '../../../kernel/index.ts'
import { callFeature, callWallet, featureOf, parseOrThrow, safeParse, toWalletError, WalletError } from '../../../kernel/wallets/index.ts'
import { readAccounts } from './accounts.ts'
import { standardChainOf } from './chains.ts'
import { BitcoinErrorText } from './errors.ts'
import type { BIP122_METHODS } from './contract.ts'
import {
  GetAccountAddressesParamsSchema,
  SatsConnectAnswerSchema,
  SatsTransferResultSchema,
  SendTransferParamsSchema,
  SignAndSendOutputSchema,
  SignMessageOutputSchema,
  SignMessageParamsSchema,
  SignPsbtParamsSchema,
  SignTransactionOutputSchema,
} from './schemas.ts'

export type Bip122Method = (typeof BIP122_METHODS)[number]

/** What `kit.getProvider('bip122')` returns: the four bip122 methods for the host app. */
export interface BitcoinProvider {
  readonly wallet: unknown
  request(request: { method: Bip122Method; params?: unknown }): Promise<unknown>
}

export interface AccountAddress {
  readonly address: string
  /** Hex public key, when the wallet gives one. */
  readonly publicKey?: string
  readonly purpose: 'payment' | 'ordinals'
}

/** The host app's parameters are untrusted too: a bad one is INVALID_PARAMS naming the method and field. */
const params = <S extends v.GenericSchema>(schema: S, value: unknown, method: string): v.InferOutput<S> =>
  parseOrThrow(schema, value, (issue) => new PorticoError(BitcoinErrorText.INVALID_PARAMS, { details: `${method}: ${issue}` }))

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * The bip122 methods answered by a Wallet Standard bitcoin wallet, on the kit's
 * Bitcoin network (`network`, read per request).
 */
export function createBitcoinProvider(wallet: unknown, network: () => CaipNetwork | undefined): BitcoinProvider {
  const account = (address: string) => {
    const found = readAccounts(wallet).find((a) => a.address === address)
    if (!found) throw new WalletError(BitcoinErrorText.NOT_CONNECTED, { method: 'accounts', details: address })
    return found
  }
  const chain = () => {
    const current = network()
    if (!current || isUnsupportedPlaceholder(current)) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
    return standardChainOf(current)
  }
  const methods: Record<Bip122Method, (raw: unknown) => Promise<unknown>> = {
    async getAccountAddresses(raw) {
      params(GetAccountAddressesParamsSchema, raw, 'getAccountAddresses')
      return readAccounts(wallet).map(
        (a, index): AccountAddress => ({
          address: a.address,
          ...(a.publicKey ? { publicKey: hex(a.publicKey) } : {}),
          purpose: index === 0 ? 'payment' : 'ordinals',
        }),
      )
    },
    async signMessage(raw) {
      const { message, address } = params(SignMessageParamsSchema, raw, 'signMessage')
      const [output] = await callFeature(
        wallet,
        'bitcoin:signMessage',
        'signMessage',
        [{ account: account(address), message: new TextEncoder().encode(message) }],
        SignMessageOutputSchema,
      )
      return { address, signature: toBase64(output!.signature) }
    },
    async signPsbt(raw) {
      const { psbt, signInputs, broadcast } = params(SignPsbtParamsSchema, raw, 'signPsbt')
      // Wallet Standard groups the inputs by the account that signs them.
      const byAddress = new Map<string, { account: unknown; signingIndexes: number[]; sigHash?: number }>()
      for (const input of signInputs) {
        const entry = byAddress.get(input.address) ?? { account: account(input.address), signingIndexes: [] }
        entry.signingIndexes.push(input.index)
        if (input.sighashTypes?.[0] !== undefined) entry.sigHash = input.sighashTypes[0]
        byAddress.set(input.address, entry)
      }
      const request = { psbt: fromBase64(psbt), chain: chain(), inputsToSign: [...byAddress.values()] }
      if (broadcast) {
        const [output] = await callFeature(wallet, 'bitcoin:signAndSendTransaction', 'signAndSendTransaction', [request], SignAndSendOutputSchema)
        return { psbt, txid: output!.txId }
      }
      const [output] = await callFeature(wallet, 'bitcoin:signTransaction', 'signTransaction', [request], SignTransactionOutputSchema)
      return { psbt: toBase64(output!.signedPsbt) }
    },
    async sendTransfer(raw) {
      const { account: from, recipientAddress, amount } = params(SendTransferParamsSchema, raw, 'sendTransfer')
      account(from)
      // Building a transfer needs the wallet's UTXOs: only a wallet can. The Wallet Standard has no
      // transfer feature, so this goes through Sats Connect's provider, which wallets expose as a feature.
      const sats = featureOf(wallet, 'sats-connect:')?.['provider']
      const recipients = [{ address: recipientAddress, amount: Number(amount) }]
      const answer = await callWallet(sats, 'request', ['sendTransfer', { recipients }], 'sendTransfer')
      const parsed = safeParse(SatsConnectAnswerSchema, answer)
      if (parsed?.status === 'error') throw toWalletError(parsed.error ?? {}, 'sendTransfer')
      const transfer = parsed && safeParse(SatsTransferResultSchema, parsed.result)
      if (!transfer) throw new WalletError(BitcoinErrorText.INVALID_ANSWER, { method: 'sendTransfer' })
      return transfer.txid
    },
  }
  return {
    wallet,
    async request({ method, params: raw }) {
      const handler = methods[method]
      if (!handler) throw new PorticoError(ErrorText.RPC_METHOD_NOT_ALLOWED, { details: String(method) })
      return handler(raw)
    },
  }
}
