import * as v from 'valibot'
import type { Disposer } from '../disposer.ts'
import { parseOrThrow, safeParse } from '../../protocol/parse.ts'
import { WalletError, WalletErrorText, invalidAnswer, toWalletError } from './walletError.ts'

/**
 * Calls into Wallet Standard wallets (`wallet.features['solana:signMessage']`,
 * `wallet.features['bitcoin:connect']`, …). A wallet object is untrusted: any
 * read may be a throwing getter, any feature may be missing, any answer malformed.
 */

type Methods = Record<string, unknown>

/** `wallet.features[name]`, or undefined when it is absent or cannot be read. */
export function featureOf(wallet: unknown, name: string): Methods | undefined {
  try {
    const feature = (wallet as { features?: Record<string, unknown> }).features?.[name]
    return typeof feature === 'object' && feature !== null ? (feature as Methods) : undefined
  } catch {
    return undefined
  }
}

const methodOf = (target: unknown, method: string): unknown => {
  try {
    return typeof target === 'object' && target !== null ? (target as Methods)[method] : undefined
  } catch {
    return undefined
  }
}

/** Whether `wallet.features[feature][method]` is a function. */
export const hasFeature = (wallet: unknown, feature: string, method: string): boolean => typeof methodOf(featureOf(wallet, feature), method) === 'function'

/**
 * Calls `target[method](...args)` on a wallet's object. A missing method is
 * UNSUPPORTED_FEATURE and whatever the wallet throws becomes a WalletError
 * (a refusal reads "rejected"); both are named `label` (the feature, say).
 *
 * @example
 * await callWallet(window.phantom.solana, 'connect', [{ onlyIfTrusted: true }])
 */
export async function callWallet(target: unknown, method: string, args: readonly unknown[], label = method): Promise<unknown> {
  const fn = methodOf(target, method)
  if (typeof fn !== 'function') throw new WalletError(WalletErrorText.UNSUPPORTED_FEATURE, { method: label, details: `${label} is missing` })
  try {
    return await fn.apply(target, args)
  } catch (error) {
    throw toWalletError(error, label)
  }
}

/**
 * Calls a Wallet Standard feature's method; the answer must pass `answer`, else
 * it is an INVALID_ANSWER WalletError.
 *
 * @example
 * const [output] = await callFeature(wallet, 'solana:signMessage', 'signMessage', [{ account, message }], SignMessageOutputSchema)
 */
export async function callFeature<S extends v.GenericSchema>(wallet: unknown, feature: string, method: string, args: readonly unknown[], answer: S): Promise<v.InferOutput<S>> {
  const output = await callWallet(featureOf(wallet, feature), method, args, feature)
  return parseOrThrow(answer, output, (issue) => invalidAnswer(feature, issue))
}

/** The wallet's own account objects (`wallet.accounts`); [] when they cannot be read. */
export function standardAccounts(wallet: unknown): readonly unknown[] {
  try {
    const accounts = (wallet as { accounts?: unknown }).accounts
    // Copied here: a Proxy passes Array.isArray and may throw on every later read.
    return Array.isArray(accounts) ? [...accounts] : []
  } catch {
    return []
  }
}

const ChangeSchema = v.object({ accounts: v.array(v.unknown()) })

/**
 * Listens to `standard:events` for new account lists (an empty one when the
 * visitor locked the wallet or dropped the site). A wallet without working
 * events still connects: the disposer is then a no-op.
 */
export function onAccountsChange(wallet: unknown, listener: (accounts: readonly unknown[]) => void): Disposer {
  const events = featureOf(wallet, 'standard:events')
  const on = methodOf(events, 'on')
  if (typeof on !== 'function') return () => undefined
  try {
    const off: unknown = on.call(events, 'change', (properties: unknown) => {
      const change = safeParse(ChangeSchema, properties)
      if (change) listener(change.accounts)
    })
    return () => {
      try {
        if (typeof off === 'function') off()
      } catch {
        // The wallet is gone already; the kernel ignores events of a connector it left.
      }
    }
  } catch {
    return () => undefined
  }
}
