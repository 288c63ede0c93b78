// Plain ESM so demo/start.mjs can run it too; types in wcWallet.d.mts.
// A WalletConnect wallet for tests and the demo's "dev phone wallet": a real
// @walletconnect/sign-client on the wallet side of a relay, signing with a local
// key through viem. Node only.
import { SignClient } from '@walletconnect/sign-client'
import { http, createWalletClient, hexToString, isHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
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
export async function startWcWallet(options) {
  const account = privateKeyToAccount(options.privateKey)
  const approve = options.approve ?? (() => true)
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
  })
  const requests = []
  const proposals = new Map()
  let pendingPair
  const supported = Object.keys(options.rpcUrls).map((id) => `eip155:${id}`)
  client.on('session_proposal', async (event) => {
    const proposal = event
    const waiter = pendingPair
    pendingPair = undefined
    if (waiter) proposals.set(proposal.params.id, waiter)
    const { requiredNamespaces, optionalNamespaces } = proposal.params
    const asked = [requiredNamespaces['eip155'], optionalNamespaces['eip155']].filter(Boolean)
    const chains = [...new Set(asked.flatMap((ns) => ns.chains ?? []))].filter((c) => supported.includes(c))
    const methods = [...new Set(asked.flatMap((ns) => ns.methods))]
    const events = [...new Set(asked.flatMap((ns) => ns.events))]
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
      proposals.get(proposal.params.id)?.reject(error)
    } finally {
      proposals.delete(proposal.params.id)
    }
  })
  client.on('session_request', async (event) => {
    const { topic, id, params } = event
    const request = { topic, id, method: params.request.method, params: params.request.params, chainId: params.chainId }
    requests.push(request)
    const respond = (response) => client.respond({ topic, response: { id, jsonrpc: '2.0', ...response } })
    try {
      if (!(await approve(request.method, request.params))) return await respond({ error: USER_REJECTED_REQUEST })
      const result = await answer(request)
      await respond(result === undefined ? { error: METHOD_NOT_SUPPORTED } : { result })
    } catch (error) {
      await respond({ error: { code: 5000, message: error instanceof Error ? error.message : String(error) } })
    }
  })
  const answer = async ({ method, params, chainId }) => {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'personal_sign': {
        const [message] = list
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [, typed] = list
        return account.signTypedData(typeof typed === 'string' ? JSON.parse(typed) : typed)
      }
      case 'eth_sendTransaction': {
        const id = Number(chainId.split(':')[1])
        const url = options.rpcUrls[id]
        if (!url) throw new Error(`no RPC url for ${chainId}`)
        const tx = list[0]
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
export function personalSignText(hex) {
  return hexToString(hex)
}
/**
 * A key-value storage in memory that two universal providers can share (the
 * second kit of a test restores the first one's session from it). Values are
 * copied through JSON, as a real storage would.
 */
export function createSharedKeyValueStorage() {
  const map = new Map()
  return {
    async getKeys() {
      return [...map.keys()]
    },
    async getEntries() {
      return [...map.entries()].map(([key, value]) => [key, JSON.parse(value)])
    },
    async getItem(key) {
      const value = map.get(key)
      return value === undefined ? undefined : JSON.parse(value)
    },
    async setItem(key, value) {
      map.set(key, JSON.stringify(value))
    },
    async removeItem(key) {
      map.delete(key)
    },
  }
}
