import type * as v from 'valibot'
import { decodeBase58 } from '../../../protocol/base58.ts'
import { LegacyConnectOutputSchema, type LegacySolanaProvider, LegacySendOutputSchema, LegacySignatureOutputSchema } from './schemas.ts'
import type { SolanaWallet } from './wallet.ts'
import { callWallet, invalidAnswer, parseOrThrow, safeParse } from '../../../kernel/wallets/index.ts'

const loadRpc = () => import('./rpc.ts')

/** A legacy injected provider (`window.phantom.solana`, `window.solana`) through its own methods. */
export function fromLegacyProvider(provider: LegacySolanaProvider): SolanaWallet {
  const call = (method: string, args: unknown[]) => callWallet(provider, method, args)
  const answer = <S extends v.GenericSchema>(schema: S, value: unknown, method: string): v.InferOutput<S> => parseOrThrow(schema, value, (issue) => invalidAnswer(method, issue))
  /** Legacy providers take web3.js objects; VersionedTransaction reads both message formats. */
  const toObject = async (bytes: Uint8Array) => (await loadRpc()).transactionFromBytes(bytes, true)

  return {
    chains: undefined,
    raw: provider,
    async connect(silent) {
      let output: unknown
      try {
        output = await call('connect', silent ? [{ onlyIfTrusted: true }] : [])
      } catch (error) {
        // `onlyIfTrusted` rejects when the site is not trusted: that is "no connection", not a fault.
        if (silent) return []
        throw error
      }
      // Some providers resolve with nothing and set `publicKey` on themselves.
      const connected = safeParse(LegacyConnectOutputSchema, output) ?? answer(LegacyConnectOutputSchema, provider, 'connect')
      return [connected.publicKey]
    },
    async disconnect() {
      if (typeof provider.disconnect === 'function') await call('disconnect', [])
    },
    async signMessage(_address, message) {
      return answer(LegacySignatureOutputSchema, await call('signMessage', [message, 'utf8']), 'signMessage').signature
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
      const sent = await call('signAndSendTransaction', [await toObject(transaction), options])
      const signature = decodeBase58(answer(LegacySendOutputSchema, sent, 'signAndSendTransaction').signature)
      if (signature?.length !== 64) throw invalidAnswer('signAndSendTransaction', 'not a 64-byte signature')
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
          // The kernel ignores events of a connector that is no longer the connected one.
        }
      }
    },
  }
}
