import { Connection, PublicKey } from '@solana/web3.js'
import * as v from 'valibot'
import { type CaipNetwork, HttpRpcErrorText, PorticoError, SnackText, isSolanaAddress } from '../../../kernel/index.ts'
import { parseOrThrow } from '../../../kernel/wallets/index.ts'
import type { NamespaceSender, SendDraft, SenderContext } from '../sender.ts'
import { buildTransfer, feeOf } from './transfers.ts'

/* The connected wallet's provider and its answer are untrusted like any other input. */
const SigningProviderSchema = v.object({ signAndSendTransaction: v.function() })
type SigningProvider = { signAndSendTransaction(transaction: Uint8Array): Promise<unknown> }
const SignatureSchema = v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'a base58 transaction signature'))

/** A base58 text that is a 32-byte public key (the address rule allows 44 characters that decode to more). */
function isPublicKey(text: string): boolean {
  try {
    return new PublicKey(text).toBase58() === text
  } catch {
    return false
  }
}

/**
 * Sends SOL and SPL tokens on Solana networks. The transfer is built here over the
 * network's RPC (web3.js) and handed, unsigned, to the connected wallet through the Solana
 * plugin's provider (`signAndSendTransaction`: the wallet signs and sends, or signs and
 * the plugin sends). An SPL send creates the receiver's associated token account when it
 * has none; the sender pays that account's rent, so the quote counts it with the fee.
 */
export function createSolanaSender(): NamespaceSender {
  const connections = new Map<string, Connection>()
  const connectionFor = (network: CaipNetwork) => {
    const url = network.rpcUrls.default.http[0]
    if (!url) throw new PorticoError(HttpRpcErrorText.NO_URL, { details: network.caipNetworkId })
    let connection = connections.get(url)
    if (!connection) connections.set(url, (connection = new Connection(url, { commitment: 'confirmed' })))
    return connection
  }
  const transferOf = ({ token, receiver, amount }: SendDraft, from: string) => ({
    from,
    to: receiver ?? from,
    amount: amount ?? 0n,
    decimals: token.decimals,
    ...(token.address ? { mint: token.address } : {}),
  })

  return {
    namespace: 'solana',
    isValidReceiver: (text) => isSolanaAddress(text) && isPublicKey(text),
    failureText: SnackText.SOLANA_SEND_FAILED,
    formatGasPrice: (lamports) => `${lamports} lamports per signature`,

    async quote(draft, context: SenderContext) {
      const connection = connectionFor(context.network)
      // Without a receiver yet, the sender itself stands in (a token account it has: no rent).
      const [{ transaction, rent }, nativeBalance] = await Promise.all([
        buildTransfer(connection, transferOf(draft, context.from)),
        connection.getBalance(new PublicKey(context.from)).then(BigInt),
      ])
      const networkFee = await feeOf(connection, transaction)
      const signatures = BigInt(transaction.compileMessage().header.numRequiredSignatures)
      return { gasPrice: networkFee / signatures, fee: networkFee + rent, nativeBalance }
    },

    async send(request, context) {
      const { transaction } = await buildTransfer(connectionFor(context.network), transferOf(request, context.from))
      const provider = context.provider()
      if (!v.is(SigningProviderSchema, provider)) throw new PorticoError('send: no Solana wallet provider to sign with')
      const bytes = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
      const answer = await (provider as SigningProvider).signAndSendTransaction(bytes)
      return parseOrThrow(SignatureSchema, answer, (issue) => new PorticoError(`signAndSendTransaction: the wallet answered ${issue}`))
    },
  }
}
