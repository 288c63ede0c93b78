import { Connection, PublicKey, type SendOptions, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import { type CaipNetwork, HttpRpcErrorText, PorticoError } from '../../../kernel/index.ts'

/**
 * Everything that needs @solana/web3.js, in one module behind `import()`: the
 * Connect view never downloads it, the first balance read or transaction does.
 */
export { type PreparedTransfer, prepareTransfer } from './transfers.ts'

/** One web3.js Connection per network, owned by one adapter (no module-level singletons). */
export interface Connections {
  get(network: CaipNetwork): Connection
  clear(): void
}

export function createConnections(): Connections {
  const connections = new Map<string, Connection>()
  return {
    get(network) {
      let connection = connections.get(network.caipNetworkId)
      if (!connection) {
        const url = network.rpcUrls.default.http[0]
        if (!url) throw new PorticoError(HttpRpcErrorText.NO_URL, { details: network.caipNetworkId })
        connection = new Connection(url, { commitment: 'confirmed' })
        connections.set(network.caipNetworkId, connection)
      }
      return connection
    },
    clear: () => connections.clear(),
  }
}

/** A node failure with the catalogue's RPC error text, the node's own message as details. */
export const rpcError = (method: string, cause: unknown) =>
  new PorticoError(HttpRpcErrorText.RPC_ERROR, {
    details: `${method}: ${cause instanceof Error ? cause.message.slice(0, 300) : String(cause)}`,
    cause,
  })

/** `getBalance` in lamports through web3.js. */
export async function getLamports(connection: Connection, address: string): Promise<bigint> {
  try {
    return BigInt(await connection.getBalance(new PublicKey(address)))
  } catch (error) {
    throw rpcError('getBalance', error)
  }
}

/** An unsigned SOL transfer with the latest blockhash, serialized for the wallet. */
export async function buildTransfer(connection: Connection, from: string, to: string, lamports: bigint): Promise<Uint8Array> {
  const fromPubkey = new PublicKey(from)
  let blockhash: string
  try {
    ;({ blockhash } = await connection.getLatestBlockhash())
  } catch (error) {
    throw rpcError('getLatestBlockhash', error)
  }
  const transaction = new Transaction({ feePayer: fromPubkey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey, toPubkey: new PublicKey(to), lamports }))
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
}

/** Sends a signed transaction; resolves with its base58 signature. */
export async function sendRawTransaction(connection: Connection, signed: Uint8Array, options: SendOptions): Promise<string> {
  try {
    return await connection.sendRawTransaction(signed, options)
  } catch (error) {
    throw rpcError('sendTransaction', error)
  }
}

/** Wire bytes as a web3.js object of the kind the caller handed in. */
export function transactionFromBytes(bytes: Uint8Array, versioned: boolean): Transaction | VersionedTransaction {
  return versioned ? VersionedTransaction.deserialize(bytes) : Transaction.from(bytes)
}
