import * as v from 'valibot'
import { SolanaErrorText } from './errors.ts'
import { ConnectOutputSchema, SignAndSendOutputSchema, SignMessageOutputSchema, SignTransactionOutputSchema, StandardAccountSchema, StandardWalletSchema } from './schemas.ts'
import type { SolanaWallet } from './wallet.ts'
import { callFeature, hasFeature, onAccountsChange, safeParse, standardAccounts, WalletError } from '../../../kernel/wallets/index.ts'

/** A Wallet Standard wallet that can serve Solana: `standard:connect` and a `solana:*` chain. */
export function isSolanaStandardWallet(wallet: unknown): boolean {
  const parsed = safeParse(StandardWalletSchema, wallet)
  return Boolean(parsed?.chains.some((chain) => chain.startsWith('solana:')) && hasFeature(wallet, 'standard:connect', 'connect'))
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

/** A Wallet Standard wallet through the `standard:*` and `solana:*` features. */
export function fromStandardWallet(wallet: unknown): SolanaWallet {
  /** The wallet's own account object: Wallet Standard inputs take it, not the address. */
  const account = (address: string) => {
    const found = standardAccounts(wallet).find((a) => safeParse(StandardAccountSchema, a)?.address === address)
    if (!found) throw new WalletError(SolanaErrorText.NOT_CONNECTED, { method: 'accounts', details: address })
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
      if (!hasFeature(wallet, 'standard:disconnect', 'disconnect')) return
      await callFeature(wallet, 'standard:disconnect', 'disconnect', [], v.unknown())
    },
    async signMessage(address, message) {
      const [output] = await callFeature(wallet, 'solana:signMessage', 'signMessage', [{ account: account(address), message }], SignMessageOutputSchema)
      return output!.signature
    },
    async signTransaction(address, transaction, chain) {
      const [output] = await callFeature(wallet, 'solana:signTransaction', 'signTransaction', [{ account: account(address), transaction, chain }], SignTransactionOutputSchema)
      return output!.signedTransaction
    },
    get canSend() {
      return hasFeature(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction')
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
      return onAccountsChange(wallet, (accounts) => listener(solanaAddresses(accounts)))
    },
  }
}
