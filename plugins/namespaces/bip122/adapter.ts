import * as v from 'valibot'
import {
  type AdapterEvents,
  type CaipNetwork,
  type ChainAdapter,
  type ConnectResult,
  type Connector,
  type Disposer,
  ErrorText,
  PorticoError,
  isUnsupportedPlaceholder,
} from '../../../kernel/index.ts'
import { standardChainOf } from './chains.ts'
import { BitcoinErrorText, BitcoinWalletError, toWalletError } from './errors.ts'
import type { BIP122_METHODS } from './index.ts'
import {
  BitcoinAccountSchema,
  ConnectOutputSchema,
  GetAccountAddressesParamsSchema,
  SatsConnectAnswerSchema,
  SatsTransferResultSchema,
  SendTransferParamsSchema,
  SignAndSendOutputSchema,
  SignMessageOutputSchema,
  SignMessageParamsSchema,
  SignPsbtParamsSchema,
  SignTransactionOutputSchema,
  safeParse,
} from './schemas.ts'

export type Bip122Method = (typeof BIP122_METHODS)[number]

/** What `kit.getProvider('bip122')` returns: the four bip122 methods (SPEC §6) for the host app. */
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

export interface Bip122AdapterOptions {
  readonly events: () => AdapterEvents
  /** The kit's Bitcoin network now (the bip122 chain record's network). */
  readonly network: () => CaipNetwork | undefined
}

type Feature = Record<string, unknown>
const featureOf = (wallet: unknown, name: string): Feature | undefined => {
  try {
    const feature = (wallet as { features?: Record<string, unknown> }).features?.[name]
    return typeof feature === 'object' && feature !== null ? (feature as Feature) : undefined
  } catch {
    return undefined
  }
}

async function callFeature<S extends v.GenericSchema>(wallet: unknown, feature: string, method: string, args: unknown[], schema: S) {
  const target = featureOf(wallet, feature)
  const fn = target?.[method]
  if (typeof fn !== 'function') throw new BitcoinWalletError(BitcoinErrorText.UNSUPPORTED_FEATURE, { feature, details: `${feature} is missing` })
  let answer: unknown
  try {
    answer = await fn.apply(target, args)
  } catch (error) {
    throw toWalletError(error, feature)
  }
  const result = v.safeParse(schema, answer)
  if (!result.success) throw new BitcoinWalletError(BitcoinErrorText.INVALID_ANSWER, { feature, details: `${feature}: ${result.issues[0].message}` })
  return result.output as v.InferOutput<S>
}

const params = <S extends v.GenericSchema>(schema: S, value: unknown, method: string): v.InferOutput<S> => {
  const result = v.safeParse(schema, value)
  if (!result.success) {
    throw new PorticoError(BitcoinErrorText.INVALID_PARAMS, { details: `${method}.${v.getDotPath(result.issues[0]) ?? ''}: ${result.issues[0].message}` })
  }
  return result.output
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** The wallet's accounts, in the order of the purposes asked for: payment first, then ordinals. */
function accountsOf(list: readonly unknown[]) {
  return list.flatMap((account) => (safeParse(BitcoinAccountSchema, account) ? [account as { address: string; publicKey?: Uint8Array }] : []))
}

function readAccounts(wallet: unknown) {
  try {
    return accountsOf((wallet as { accounts?: readonly unknown[] }).accounts ?? [])
  } catch {
    return []
  }
}

/**
 * The bip122 ChainAdapter over Wallet Standard bitcoin wallets. Account type is
 * payment (SPEC §3); amounts are satoshis, 8 decimals (SPEC §9).
 */
export function createBip122Adapter(options: Bip122AdapterOptions): ChainAdapter & { getProvider(connector: Connector): BitcoinProvider; dispose(): void } {
  const watching = new Map<string, Disposer>()
  const providers = new WeakMap<object, BitcoinProvider>()

  const watch = (connector: Connector) => {
    watching.get(connector.id)?.()
    const events = featureOf(connector.provider, 'standard:events')
    if (typeof events?.['on'] !== 'function') return
    try {
      const off = (events['on'] as (e: string, l: (p: unknown) => void) => unknown).call(events, 'change', (properties) => {
        const list = safeParse(v.object({ accounts: v.array(v.unknown()) }), properties)?.accounts
        if (list) options.events().accountsChanged('bip122', connector.id, accountsOf(list).map((a) => a.address))
      })
      watching.set(connector.id, () => {
        try {
          if (typeof off === 'function') off()
        } catch {
          // gone already
        }
      })
    } catch {
      // A wallet without working events still connects.
    }
  }
  const unwatch = (connector: Connector) => {
    watching.get(connector.id)?.()
    watching.delete(connector.id)
  }

  const result = (addresses: readonly string[], network: CaipNetwork | undefined): ConnectResult => {
    if (!network) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
    // The payment address is the account (SPEC §3 bip122 default account type payment).
    return { address: addresses[0]!, chainId: network.id, accounts: [{ address: addresses[0]!, type: 'payment', namespace: 'bip122' }] }
  }

  const providerFor = (connector: Connector): BitcoinProvider => {
    const wallet = connector.provider
    const account = (address: string) => {
      const found = readAccounts(wallet).find((a) => a.address === address)
      if (!found) throw new BitcoinWalletError(BitcoinErrorText.NOT_CONNECTED, { feature: 'accounts', details: address })
      return found
    }
    const chain = () => {
      const network = options.network()
      if (!network || isUnsupportedPlaceholder(network)) throw new PorticoError(ErrorText.CAIP_NETWORK_UNDEFINED)
      return standardChainOf(network)
    }
    const methods: Record<Bip122Method, (raw: unknown) => Promise<unknown>> = {
      async getAccountAddresses(raw) {
        params(GetAccountAddressesParamsSchema, raw, 'getAccountAddresses')
        return readAccounts(wallet).map((a, index): AccountAddress => ({
          address: a.address,
          ...(a.publicKey ? { publicKey: hex(a.publicKey) } : {}),
          purpose: index === 0 ? 'payment' : 'ordinals',
        }))
      },
      async signMessage(raw) {
        const { message, address } = params(SignMessageParamsSchema, raw, 'signMessage')
        const [output] = await callFeature(wallet, 'bitcoin:signMessage', 'signMessage', [{ account: account(address), message: new TextEncoder().encode(message) }], SignMessageOutputSchema)
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
        const sats = featureOf(wallet, 'sats-connect:')?.['provider'] as { request?: (m: string, p: unknown) => Promise<unknown> } | undefined
        if (typeof sats?.request !== 'function') {
          throw new BitcoinWalletError(BitcoinErrorText.UNSUPPORTED_FEATURE, { feature: 'sendTransfer', details: 'the wallet has no sats-connect: provider' })
        }
        let answer: unknown
        try {
          answer = await sats.request('sendTransfer', { recipients: [{ address: recipientAddress, amount: Number(amount) }] })
        } catch (error) {
          throw toWalletError(error, 'sendTransfer')
        }
        const parsed = safeParse(SatsConnectAnswerSchema, answer)
        if (parsed?.status === 'error') throw toWalletError(parsed.error ?? {}, 'sendTransfer')
        const transfer = parsed && safeParse(SatsTransferResultSchema, parsed.result)
        if (!transfer) throw new BitcoinWalletError(BitcoinErrorText.INVALID_ANSWER, { feature: 'sendTransfer' })
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

  return {
    namespace: 'bip122',

    async connect(connector, network) {
      const output = await callFeature(connector.provider, 'bitcoin:connect', 'connect', [{ purposes: ['payment', 'ordinals'] }], ConnectOutputSchema)
      const addresses = accountsOf(output.accounts).map((a) => a.address)
      if (addresses.length === 0) throw new BitcoinWalletError(BitcoinErrorText.NO_ACCOUNTS, { feature: 'bitcoin:connect' })
      watch(connector)
      const target = network && network.chainNamespace === 'bip122' && !isUnsupportedPlaceholder(network) ? network : options.network()
      return result(addresses, target)
    },

    async reconnect(connector) {
      // `bitcoin:connect` has no silent mode; a wallet that still authorizes the site lists its accounts.
      const addresses = readAccounts(connector.provider).map((a) => a.address)
      if (addresses.length === 0) return undefined
      watch(connector)
      return result(addresses, options.network())
    },

    async disconnect(connector) {
      unwatch(connector)
      try {
        if (featureOf(connector.provider, 'standard:disconnect')) {
          await callFeature(connector.provider, 'standard:disconnect', 'disconnect', [], v.unknown())
        }
      } catch {
        // Best effort: the kit forgets the connection whatever the wallet says.
      }
    },

    async switchNetwork(connector, network) {
      const chains = safeParse(v.object({ chains: v.array(v.string()) }), connector.provider)?.chains
      if (chains && !chains.includes(standardChainOf(network))) {
        throw new PorticoError(ErrorText.CHAIN_NOT_SUPPORTED, { details: `${connector.name}: ${standardChainOf(network)}` })
      }
    },

    async getBalance(_address, network) {
      // SPEC §6: balance is supported on eip155 and solana only. A Bitcoin balance is the sum of
      // the wallet's UTXOs across all its addresses, which needs an indexer the kit does not have.
      return { balance: '0', symbol: network.nativeCurrency.symbol }
    },

    getProvider(connector) {
      const key = (typeof connector.provider === 'object' && connector.provider) || connector
      let provider = providers.get(key)
      if (!provider) providers.set(key, (provider = providerFor(connector)))
      return provider
    },

    dispose() {
      watching.forEach((dispose) => dispose())
      watching.clear()
    },
  }
}
