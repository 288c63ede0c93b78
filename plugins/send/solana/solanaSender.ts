import * as v from 'valibot'
import { PorticoError, SnackText, isSolanaAddress } from '../../../kernel/index.ts'
import { decodeBase58 } from '../../../protocol/base58.ts'
import { parseOrThrow } from '../../../kernel/wallets/index.ts'
import type { NamespaceSender, SendDraft, SenderContext } from '../sender.ts'

/*
 * The connected wallet's provider is the Solana plugin's (kit.getProvider('solana')): it
 * builds the transfer with the SDK it already loads and hands it to the wallet. Its shape and
 * answers are checked like any other input.
 */
const ProviderSchema = v.object({ prepareTransfer: v.function(), signAndSendTransaction: v.function() })
const PreparedSchema = v.object({
  transaction: v.instance(Uint8Array),
  fee: v.bigint(),
  rent: v.bigint(),
  lamportsPerSignature: v.bigint(),
  balance: v.bigint(),
})
const SignatureSchema = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'a base58 transaction signature'))

interface SolanaSendingProvider {
  prepareTransfer(parameters: { amount: bigint; receiver: string; mint?: string }): Promise<unknown>
  signAndSendTransaction(transaction: Uint8Array): Promise<unknown>
}

function providerOf(context: SenderContext): SolanaSendingProvider {
  const provider = context.provider()
  if (!v.is(ProviderSchema, provider)) throw new PorticoError('send: no Solana wallet provider (is the Solana plugin listed?)')
  return provider as SolanaSendingProvider
}

/** The draft's transfer; without a receiver yet the sender stands in (its own token account exists: no rent). */
async function prepare(context: SenderContext, { token, receiver, amount }: SendDraft) {
  const answer = await providerOf(context).prepareTransfer({
    amount: amount ?? 0n,
    receiver: receiver ?? context.from,
    ...(token.address ? { mint: token.address } : {}),
  })
  return parseOrThrow(PreparedSchema, answer, (issue) => new PorticoError(`prepareTransfer: the provider answered ${issue}`))
}

/**
 * Sends SOL and SPL tokens on Solana networks through the Solana plugin's provider: it
 * builds the transfer over the network's RPC (an SPL send creates the receiver's
 * associated token account when it has none) and the wallet signs and sends it. Nothing
 * here imports the Solana SDK, so an app without Solana never needs it for Send. The
 * quote counts a new token account's rent with the fee: the sender pays both in SOL.
 */
export function createSolanaSender(): NamespaceSender {
  return {
    namespace: 'solana',
    // The address rule (base58, 32 to 44 characters), and 32 bytes: 44 characters can decode to more.
    isValidReceiver: (text) => isSolanaAddress(text) && decodeBase58(text)?.length === 32,
    failureText: SnackText.SOLANA_SEND_FAILED,
    formatGasPrice: (lamports) => `${lamports} lamports per signature`,

    async quote(draft, context) {
      const prepared = await prepare(context, draft)
      return { gasPrice: prepared.lamportsPerSignature, fee: prepared.fee + prepared.rent, nativeBalance: prepared.balance }
    },

    async send(request, context) {
      const { transaction } = await prepare(context, request)
      const answer = await providerOf(context).signAndSendTransaction(transaction)
      return parseOrThrow(SignatureSchema, answer, (issue) => new PorticoError(`signAndSendTransaction: the wallet answered ${issue}`))
    },
  }
}
