import * as v from 'valibot'
import type { Connector, Disposer } from '../../../kernel/index.ts'
import { decodeBase58 } from './base58.ts'
import type { SolanaStandardChain } from './chains.ts'
import { SolanaErrorText, SolanaWalletError, invalidAnswer, toWalletError } from './errors.ts'
import {
  ConnectOutputSchema,
  LegacyConnectOutputSchema,
  type LegacySolanaProvider,
  LegacyProviderSchema,
  LegacySendOutputSchema,
  LegacySignatureOutputSchema,
  SignAndSendOutputSchema,
  SignMessageOutputSchema,
  SignTransactionOutputSchema,
  type SolanaSendOptions,
  StandardAccountSchema,
  StandardWalletSchema,
  safeParse,
} from './schemas.ts'

/**
 * One face for the two kinds of Solana wallet: Wallet Standard wallets and the
 * legacy injected providers. Addresses are base58 strings, transactions wire bytes.
 */
export interface SolanaWallet {
  /** Wallet Standard chains the wallet declares; undefined for a legacy provider (they do not say). */
  readonly chains: readonly string[] | undefined
  /** The wallet's own object, for the host app. */
  readonly raw: unknown
  connect(silent: boolean): Promise<string[]>
  disconnect(): Promise<void>
  signMessage(address: string, message: Uint8Array): Promise<Uint8Array>
  signTransaction(address: string, transaction: Uint8Array, chain: SolanaStandardChain): Promise<Uint8Array>
  /** Whether the wallet sends transactions itself; else the adapter sends through the network's RPC. */
  readonly canSend: boolean
  /** Resolves with the signature bytes. */
  signAndSendTransaction(address: string, transaction: Uint8Array, chain: SolanaStandardChain, options: SolanaSendOptions): Promise<Uint8Array>
  /** Account changes: the new address list (empty when the wallet dropped the site). */
  onAccountsChanged(listener: (addresses: string[]) => void): Disposer
}

type Feature = Record<string, unknown>

/** Reads `wallet.features[name]` without trusting getters. */
function featureOf(wallet: unknown, name: string): Feature | undefined {
  try {
    const feature = (wallet as { features?: Record<string, unknown> }).features?.[name]
    return typeof feature === 'object' && feature !== null ? (feature as Feature) : undefined
  } catch {
    return undefined
  }
}

/** A Wallet Standard wallet that can serve Solana: `standard:connect` and a `solana:*` chain. */
export function isSolanaStandardWallet(wallet: unknown): boolean {
  const parsed = safeParse(StandardWalletSchema, wallet)
  return Boolean(
    parsed && parsed.chains.some((chain) => chain.startsWith('solana:')) && typeof featureOf(wallet, 'standard:connect')?.['connect'] === 'function',
  )
}

const loadRpc = () => import('./rpc.ts')

/** Calls a feature method; a throw becomes a SolanaWalletError, an answer must pass `schema`. */
async function callFeature<S extends v.GenericSchema>(
  wallet: unknown,
  feature: string,
  method: string,
  args: unknown[],
  schema: S,
): Promise<v.InferOutput<S>> {
  const target = featureOf(wallet, feature)
  const fn = target?.[method]
  if (typeof fn !== 'function') {
    throw new SolanaWalletError(SolanaErrorText.UNSUPPORTED_FEATURE, { feature, details: `${feature} is missing` })
  }
  let answer: unknown
  try {
    answer = await fn.apply(target, args)
  } catch (error) {
    throw toWalletError(error, feature)
  }
  const result = v.safeParse(schema, answer)
  if (!result.success) throw invalidAnswer(feature, result.issues[0].message)
  return result.output
}

/** Solana accounts out of a Wallet Standard account list (accounts of other chains are left out). */
function solanaAddresses(accounts: readonly unknown[]): string[] {
  return accounts.flatMap((account) => {
    const parsed = safeParse(StandardAccountSchema, account)
    if (!parsed) return []
    const chains = parsed.chains
    return chains.length === 0 || chains.some((chain) => chain.startsWith('solana:')) ? [parsed.address] : []
  })
}

export function fromStandardWallet(wallet: unknown): SolanaWallet {
  /** The wallet's own account object: Wallet Standard inputs take it, not the address. */
  const account = (address: string) => {
    let accounts: readonly unknown[] = []
    try {
      accounts = (wallet as { accounts?: readonly unknown[] }).accounts ?? []
    } catch {
      accounts = []
    }
    const found = accounts.find((a) => safeParse(StandardAccountSchema, a)?.address === address)
    if (!found) throw new SolanaWalletError(SolanaErrorText.NOT_CONNECTED, { feature: 'accounts', details: address })
    return found
  }
  return {
    chains: safeParse(StandardWalletSchema, wallet)?.chains,
    raw: wallet,
    async connect(silent) {
      const output = await callFeature(wallet, 'standard:connect', 'connect', silent ? [{ silent: true }] : [], ConnectOutputSchema)
      return solanaAddresses(output.accounts)
    },
    async disconnect() {
      if (!featureOf(wallet, 'standard:disconnect')) return
      await callFeature(wallet, 'standard:disconnect', 'disconnect', [], v.unknown())
    },
    async signMessage(address, message) {
      const [output] = await callFeature(wallet, 'solana:signMessage', 'signMessage', [{ account: account(address), message }], SignMessageOutputSchema)
      return output!.signature
    },
    async signTransaction(address, transaction, chain) {
      const [output] = await callFeature(
        wallet,
        'solana:signTransaction',
        'signTransaction',
        [{ account: account(address), transaction, chain }],
        SignTransactionOutputSchema,
      )
      return output!.signedTransaction
    },
    get canSend() {
      return typeof featureOf(wallet, 'solana:signAndSendTransaction')?.['signAndSendTransaction'] === 'function'
    },
    async signAndSendTransaction(address, transaction, chain, options) {
      const [output] = await callFeature(
        wallet,
        'solana:signAndSendTransaction',
        'signAndSendTransaction',
        [{ account: account(address), transaction, chain, options }],
        SignAndSendOutputSchema,
      )
      return output!.signature
    },
    onAccountsChanged(listener) {
      const on = featureOf(wallet, 'standard:events')?.['on']
      if (typeof on !== 'function') return () => undefined
      try {
        const off = on.call(featureOf(wallet, 'standard:events'), 'change', (properties: unknown) => {
          const accounts = safeParse(v.object({ accounts: v.array(v.unknown()) }), properties)?.accounts
          if (accounts) listener(solanaAddresses(accounts))
        })
        return () => {
          try {
            if (typeof off === 'function') off()
          } catch {
            // The kernel ignores events of a connector that is no longer the connected one.
          }
        }
      } catch {
        return () => undefined
      }
    },
  }
}

export function fromLegacyProvider(provider: LegacySolanaProvider): SolanaWallet {
  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    const fn = provider[method]
    if (typeof fn !== 'function') {
      throw new SolanaWalletError(SolanaErrorText.UNSUPPORTED_FEATURE, { feature: method, details: `${method} is missing` })
    }
    try {
      return await fn.apply(provider, args)
    } catch (error) {
      throw toWalletError(error, method)
    }
  }
  const parse = <S extends v.GenericSchema>(schema: S, value: unknown, method: string): v.InferOutput<S> => {
    const result = v.safeParse(schema, value)
    if (!result.success) throw invalidAnswer(method, result.issues[0].message)
    return result.output
  }
  /** Legacy providers take web3.js objects; VersionedTransaction reads both message formats. */
  const toObject = async (bytes: Uint8Array) => (await loadRpc()).transactionFromBytes(bytes, true)

  return {
    chains: undefined,
    raw: provider,
    async connect(silent) {
      let answer: unknown
      try {
        answer = await call('connect', silent ? [{ onlyIfTrusted: true }] : [])
      } catch (error) {
        // `onlyIfTrusted` rejects when the site is not trusted: that is "no connection", not a fault.
        if (silent) return []
        throw error
      }
      // Some providers resolve with nothing and set `publicKey` on themselves.
      const output = safeParse(LegacyConnectOutputSchema, answer) ?? parse(LegacyConnectOutputSchema, provider, 'connect')
      return [output.publicKey]
    },
    async disconnect() {
      if (typeof provider.disconnect === 'function') await call('disconnect', [])
    },
    async signMessage(_address, message) {
      return parse(LegacySignatureOutputSchema, await call('signMessage', [message, 'utf8']), 'signMessage').signature
    },
    async signTransaction(_address, transaction) {
      const signed = (await call('signTransaction', [await toObject(transaction)])) as { serialize?: () => Uint8Array }
      if (typeof signed?.serialize !== 'function') throw invalidAnswer('signTransaction', 'not a transaction')
      return signed.serialize()
    },
    get canSend() {
      return typeof provider.signAndSendTransaction === 'function'
    },
    async signAndSendTransaction(_address, transaction, _chain, options) {
      const answer = await call('signAndSendTransaction', [await toObject(transaction), options])
      const signature = decodeBase58(parse(LegacySendOutputSchema, answer, 'signAndSendTransaction').signature)
      if (!signature || signature.length !== 64) throw invalidAnswer('signAndSendTransaction', 'not a 64-byte signature')
      return signature
    },
    onAccountsChanged(listener) {
      if (typeof provider.on !== 'function') return () => undefined
      // Phantom sends null when the visitor picks an account this site was never given: that
      // account is not ours to show, and the connected one is still authorized, so nothing changes.
      const onAccount = (publicKey: unknown) => {
        const address = publicKey === null || publicKey === undefined ? undefined : safeParse(LegacyConnectOutputSchema, { publicKey })
        if (address) listener([address.publicKey])
      }
      const onDisconnect = () => listener([])
      try {
        provider.on('accountChanged', onAccount)
        provider.on('disconnect', onDisconnect)
      } catch {
        return () => undefined
      }
      return () => {
        const off = provider.off ?? provider.removeListener
        try {
          off?.call(provider, 'accountChanged', onAccount)
          off?.call(provider, 'disconnect', onDisconnect)
        } catch {
          // see above
        }
      }
    },
  }
}

/** The connector's wallet, whichever kind it is, or a clear error. */
export function walletOf(connector: Connector): SolanaWallet {
  if (isSolanaStandardWallet(connector.provider)) return fromStandardWallet(connector.provider)
  const legacy = safeParse(LegacyProviderSchema, connector.provider)
  if (legacy) return fromLegacyProvider(connector.provider as LegacySolanaProvider)
  throw new SolanaWalletError(SolanaErrorText.NO_WALLET, { feature: 'connect', details: connector.name })
}
