// A WalletConnect wallet for tests and the demo's "dev phone wallet": a real
// @walletconnect/sign-client on the wallet side of a relay, signing with a local
// key through viem. Node only.
import { SignClient } from '@walletconnect/sign-client'
import { http, type Hex, createWalletClient, hexToString, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>
type Proposal = Parameters<Parameters<SignClientInstance['on']>[1]>[0] & { params: ProposalParams }

interface ProposalParams {
  id: number
  requiredNamespaces: Record<string, { chains?: string[]; methods: string[]; events: string[] }>
  optionalNamespaces: Record<string, { chains?: string[]; methods: string[]; events: string[] }>
  proposer: { metadata: { name: string; url: string } }
}

export interface WcRequest {
  readonly topic: string
  readonly id: number
  readonly method: string
  readonly params: unknown
  readonly chainId: string
}

export type WcApproveFn = (method: string, params: unknown) => boolean | Promise<boolean>

export interface WcWalletOptions {
  readonly relayUrl: string
  readonly privateKey: Hex
  /** Decimal eip155 chain id -> RPC url: the chains the wallet approves. */
  readonly rpcUrls: Readonly<Record<number, string>>
  /** Decides proposals (method 'session_proposal') and requests; default: approve everything. */
  readonly approve?: WcApproveFn
  readonly name?: string
  /** Keeps two wallets in one process apart. */
  readonly storagePrefix?: string
}

export interface WcWallet {
  readonly address: Hex
  readonly client: SignClientInstance
  /** Every session request received, answered or not. */
  readonly requests: readonly WcRequest[]
  /** Pairs with a `wc:` uri; resolves once the proposal has been approved (or rejects when declined). */
  pair(uri: string): Promise<{ topic: string; namespaces: Record<string, { accounts: string[] }> }>
  /** The active sessions' topics. */
  sessions(): string[]
  /** Ends a session from the wallet side (wc_sessionDelete). */
  disconnect(topic?: string): Promise<void>
  /** Emits a session event (accountsChanged, chainChanged) to the dapp. */
  emit(name: string, data: unknown, chainId: string, topic?: string): Promise<void>
  stop(): Promise<void>
}

const USER_REJECTED = { code: 5000, message: 'User rejected.' }
const USER_REJECTED_REQUEST = { code: 4001, message: 'User rejected the request.' }
const METHOD_NOT_SUPPORTED = { code: 4200, message: 'Method not supported by the test wallet.' }

let instances = 0

/**
 * Starts a wallet client on `relayUrl`.
 *
 * @example
 * const wallet = await startWcWallet({ relayUrl: relay.url, privateKey, rpcUrls: { 31337: node.url } })
 * await wallet.pair(kit.connection.get().wcUri!)
 */
export async function startWcWallet(options: WcWalletOptions): Promise<WcWallet> {
  const account = privateKeyToAccount(options.privateKey)
  const approve: WcApproveFn = options.approve ?? (() => true)
  const client = await SignClient.init({
    projectId: 'portico-test',
    relayUrl: options.relayUrl,
    metadata: {
      name: options.name ?? 'Portico Test Phone Wallet',
      description: 'A WalletConnect wallet for tests',
      url: 'https://wallet.portico.test',
      icons: [],
    },
    storageOptions: { database: ':memory:' },
    customStoragePrefix: options.storagePrefix ?? `portico-wc-wallet-${process.pid}-${++instances}`,
    telemetryEnabled: false,
    logger: 'silent',
  } as Parameters<typeof SignClient.init>[0])
  const requests: WcRequest[] = []
  const proposals = new Map<number, { resolve: (value: Awaited<ReturnType<WcWallet['pair']>>) => void; reject: (e: Error) => void }>()
  let pendingPair: { resolve: (value: Awaited<ReturnType<WcWallet['pair']>>) => void; reject: (e: Error) => void } | undefined

  const supported = Object.keys(options.rpcUrls).map((id) => `eip155:${id}`)

  client.on('session_proposal', async (event) => {
    const proposal = event as unknown as Proposal
    const waiter = pendingPair
    pendingPair = undefined
    if (waiter) proposals.set(proposal.params.id, waiter)
    const { requiredNamespaces, optionalNamespaces } = proposal.params
    const asked = [requiredNamespaces['eip155'], optionalNamespaces['eip155']].filter(Boolean)
    const chains = [...new Set(asked.flatMap((ns) => ns!.chains ?? []))].filter((c) => supported.includes(c))
    const methods = [...new Set(asked.flatMap((ns) => ns!.methods))]
    const events = [...new Set(asked.flatMap((ns) => ns!.events))]
    try {
      if (chains.length === 0 || !(await approve('session_proposal', proposal.params))) {
        await client.reject({ id: proposal.params.id, reason: USER_REJECTED })
        proposals.get(proposal.params.id)?.reject(new Error('declined'))
        return
      }
      const namespaces = { eip155: { chains, methods, events, accounts: chains.map((c) => `${c}:${account.address}`) } }
      const { acknowledged } = await client.approve({ id: proposal.params.id, namespaces })
      const session = await acknowledged()
      proposals.get(proposal.params.id)?.resolve({ topic: session.topic, namespaces: session.namespaces })
    } catch (error) {
      proposals.get(proposal.params.id)?.reject(error as Error)
    } finally {
      proposals.delete(proposal.params.id)
    }
  })

  client.on('session_request', async (event) => {
    const { topic, id, params } = event
    const request: WcRequest = { topic, id, method: params.request.method, params: params.request.params, chainId: params.chainId }
    requests.push(request)
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } as never })
    try {
      if (!(await approve(request.method, request.params))) return await respond({ error: USER_REJECTED_REQUEST })
      const result = await answer(request)
      await respond(result === undefined ? { error: METHOD_NOT_SUPPORTED } : { result })
    } catch (error) {
      await respond({ error: { code: 5000, message: error instanceof Error ? error.message : String(error) } })
    }
  })

  const answer = async ({ method, params, chainId }: WcRequest): Promise<unknown> => {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'personal_sign': {
        const [message] = list as [string]
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [, typed] = list as [string, string]
        return account.signTypedData(typeof typed === 'string' ? JSON.parse(typed) : typed)
      }
      case 'eth_sendTransaction': {
        const id = Number(chainId.split(':')[1])
        const url = options.rpcUrls[id]
        if (!url) throw new Error(`no RPC url for ${chainId}`)
        const tx = list[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        const wallet = createWalletClient({ account, transport: http(url) })
        return wallet.sendTransaction({
          chain: null,
          to: tx.to ?? null,
          value: tx.value ? BigInt(tx.value) : undefined,
          data: tx.data,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        })
      }
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      default:
        return undefined
    }
  }

  const firstSession = () => client.session.getAll()[0]?.topic

  return {
    address: account.address,
    client,
    requests,
    pair(uri) {
      return new Promise((resolve, reject) => {
        pendingPair = { resolve, reject }
        client.core.pairing.pair({ uri }).catch(reject)
      })
    },
    sessions: () => client.session.getAll().map((s) => s.topic),
    async disconnect(topic = firstSession()) {
      if (topic) await client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } })
    },
    async emit(name, data, chainId, topic = firstSession()) {
      if (topic) await client.emit({ topic, event: { name, data }, chainId })
    },
    async stop() {
      await client.core.relayer.transportClose().catch(() => undefined)
    },
  }
}

/** A personal_sign message as the text it encodes (for assertions). */
export function personalSignText(hex: Hex): string {
  return hexToString(hex)
}

/**
 * A key-value storage in memory that two universal providers can share (the
 * second kit of a test restores the first one's session from it). Values are
 * copied through JSON, as a real storage would.
 */
export function createSharedKeyValueStorage() {
  const map = new Map<string, string>()
  return {
    async getKeys() {
      return [...map.keys()]
    },
    async getEntries<T = unknown>(): Promise<[string, T][]> {
      return [...map.entries()].map(([key, value]) => [key, JSON.parse(value) as T])
    },
    async getItem<T = unknown>(key: string): Promise<T | undefined> {
      const value = map.get(key)
      return value === undefined ? undefined : (JSON.parse(value) as T)
    },
    async setItem<T = unknown>(key: string, value: T): Promise<void> {
      map.set(key, JSON.stringify(value))
    },
    async removeItem(key: string): Promise<void> {
      map.delete(key)
    },
  }
}
