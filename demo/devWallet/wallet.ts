import { formatEther, hexToBigInt, hexToString, isHex } from 'viem'
import { HARDHAT_ACCOUNT_0 } from '../peers/accounts.mjs'
import type { PromptRequest } from './prompt.ts'
import type { DevSigner } from './signer.ts'

/**
 * The demo's development wallet: an EIP-1193 provider over Hardhat's public test
 * account #0. Loaded on the wallet's first request (announce.ts). Every connection
 * or signing request asks the person in an approve/reject prompt; reads go to the
 * current chain's RPC. It only talks to local chains (127.0.0.1 / localhost).
 */
export interface DevWalletCore {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** Where wallet events (accountsChanged, chainChanged) go. */
  onEvent(emit: (event: string, payload: unknown) => void): void
}

export interface DevWalletOptions {
  readonly storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined
  readonly fetch?: typeof globalThis.fetch
  /** Asks the person; resolves true for Approve. */
  readonly prompt?: (request: PromptRequest) => Promise<boolean>
  readonly loadSigner?: () => Promise<DevSigner>
  /** Who is asking, shown in the prompts. */
  readonly origin?: string
  /** The wallet's label, the title of every prompt. */
  readonly label?: string
}

export const DEV_WALLET_STATE_KEY = 'portico-demo:dev-wallet-state'
export const DEV_WALLET_ADDRESS = HARDHAT_ACCOUNT_0.address

/** EIP-1193 / EIP-1474 error codes the wallet answers with. */
export const ProviderErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  UNRECOGNIZED_CHAIN: 4902,
  INVALID_PARAMS: -32602,
} as const

export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

// Inbound parameters are checked by hand, not with valibot: this chunk sharing valibot
// with the kit would split the kit's first-screen chunk in two (about +250 B gzip on the
// demo's first screen). The settings on the first screen do use valibot.

/** Only local nodes: the demo's CSP allows nothing else, and the key must never meet a real chain. */
export function isLocalRpcUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !/^https?:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?(\/|$)/.test(value)) return false
  try {
    return Boolean(new URL(value))
  } catch {
    return false
  }
}
const isAddress = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const isHexData = (value: unknown): value is `0x${string}` => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const invalid = (method: string, problem: string) => new ProviderRpcError(ProviderErrorCode.INVALID_PARAMS, `${method}: ${problem}`)

/** A hex chain id ("0x7a69") as a number, or an invalid-params error. */
function chainIdOf(value: unknown, method: string): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(value) || Number.parseInt(value, 16) < 1) {
    throw invalid(method, 'chainId must be a hex quantity such as 0x1')
  }
  return Number.parseInt(value, 16)
}

/** The first parameter, which must be an object (wallet_* and eth_sendTransaction take one). */
function firstObject(params: unknown, method: string): Record<string, unknown> {
  const first = Array.isArray(params) ? params[0] : undefined
  if (!isRecord(first)) throw invalid(method, 'expects an object as its first parameter')
  return first
}

export interface DevWalletState {
  readonly authorized: boolean
  readonly chainId: number
  /** Decimal chain id -> local RPC url. */
  readonly chains: Readonly<Record<string, string>>
}

/** What storage holds, if it is a state this wallet could have written; else undefined. */
export function parseState(value: unknown): DevWalletState | undefined {
  if (!isRecord(value) || typeof value['authorized'] !== 'boolean') return undefined
  const { chainId, chains } = value
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1 || !isRecord(chains)) return undefined
  const entries = Object.entries(chains)
  if (!entries.every(([id, url]) => /^[1-9][0-9]*$/.test(id) && isLocalRpcUrl(url))) return undefined
  if (!chains[String(chainId)]) return undefined
  return { authorized: value['authorized'], chainId, chains: Object.fromEntries(entries) as Record<string, string> }
}

/** A fresh wallet knows the demo's default chain only; others are added by the dapp (the 4902 path). */
export const INITIAL_STATE: DevWalletState = Object.freeze({
  authorized: false,
  chainId: 31337,
  chains: Object.freeze({ '31337': 'http://127.0.0.1:8545' }),
})

/** eth_sendTransaction's object, as far as the wallet reads it. */
export interface DevTransaction {
  readonly from?: `0x${string}`
  readonly to?: `0x${string}` | null
  readonly value?: `0x${string}`
  readonly data?: `0x${string}`
  readonly gas?: `0x${string}`
  readonly gasPrice?: `0x${string}`
  readonly maxFeePerGas?: `0x${string}`
  readonly maxPriorityFeePerGas?: `0x${string}`
  readonly nonce?: `0x${string}`
}
const TRANSACTION_HEX_FIELDS = ['value', 'data', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce'] as const

function transactionOf(params: unknown, method: string): DevTransaction {
  const tx = firstObject(params, method)
  if (tx['from'] !== undefined && !isAddress(tx['from'])) throw invalid(method, 'from must be an address')
  if (tx['to'] !== undefined && tx['to'] !== null && !isAddress(tx['to'])) throw invalid(method, 'to must be an address')
  for (const field of TRANSACTION_HEX_FIELDS) {
    if (tx[field] !== undefined && !isHexData(tx[field])) throw invalid(method, `${field} must be hex`)
  }
  return tx as DevTransaction
}

export interface DevTypedData {
  readonly domain: Record<string, unknown>
  readonly types: Record<string, readonly { name: string; type: string }[]>
  readonly primaryType: string
  readonly message: Record<string, unknown>
}

function typedDataOf(value: unknown, method: string): DevTypedData {
  let typed = value
  if (typeof value === 'string') {
    try {
      typed = JSON.parse(value)
    } catch {
      throw invalid(method, 'typed data must be JSON')
    }
  }
  const ok =
    isRecord(typed) &&
    isRecord(typed['domain']) &&
    isRecord(typed['message']) &&
    typeof typed['primaryType'] === 'string' &&
    isRecord(typed['types']) &&
    Object.values(typed['types']).every((fields) => Array.isArray(fields) && fields.every((f) => isRecord(f) && typeof f['name'] === 'string' && typeof f['type'] === 'string'))
  if (!ok) throw invalid(method, 'typed data needs domain, types, primaryType and message')
  return typed as unknown as DevTypedData
}

/** Read-only JSON-RPC the wallet forwards to the current chain's node. Anything else it refuses. */
export const FORWARDED_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_createAccessList',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_syncing',
  'web3_clientVersion',
])

const hex = (n: number) => `0x${n.toString(16)}`
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** A message as a person can read it: UTF-8 text when it is, the hex otherwise. */
export function readableMessage(data: string): string {
  if (!isHex(data)) return data
  try {
    const text = hexToString(data)
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : data
  } catch {
    return data
  }
}

export function createDevWallet(options: DevWalletOptions = {}): DevWalletCore {
  const storage = options.storage ?? safeLocalStorage()
  const fetchRpc = options.fetch ?? ((...args) => globalThis.fetch(...args))
  const prompt = options.prompt ?? (async (request) => (await import('./prompt.ts')).showPrompt(request))
  const loadSigner = options.loadSigner ?? (() => import('./signer.ts').then((m) => m.createDevSigner()))
  const origin = options.origin ?? globalThis.location?.host ?? 'this page'
  const label = options.label ?? 'Portico Dev Wallet'
  let emit: (event: string, payload: unknown) => void = () => undefined
  let signer: Promise<DevSigner> | undefined
  const sign = () =>
    (signer ??= loadSigner().catch((error: unknown) => {
      signer = undefined
      throw error
    }))

  let state = load(storage)
  const save = (next: DevWalletState) => {
    state = next
    try {
      storage?.setItem(DEV_WALLET_STATE_KEY, JSON.stringify(next))
    } catch {
      // A wallet without storage forgets on reload; it still works.
    }
  }
  const ask = async (request: Omit<PromptRequest, 'title'>) => {
    if (!(await prompt({ title: label, ...request }))) throw new ProviderRpcError(ProviderErrorCode.USER_REJECTED, 'User rejected the request.')
  }
  const requireAuthorized = () => {
    if (!state.authorized) {
      throw new ProviderRpcError(ProviderErrorCode.UNAUTHORIZED, 'The requested account and/or method has not been authorized by the user.')
    }
  }
  const requireOwnAccount = (address: string | undefined) => {
    if (address && address.toLowerCase() !== DEV_WALLET_ADDRESS.toLowerCase()) {
      throw new ProviderRpcError(ProviderErrorCode.UNAUTHORIZED, `Unknown account ${address}`)
    }
  }
  const chainName = (chainId: number) => `chain ${chainId}`
  const currentRpc = () => {
    const url = state.chains[String(state.chainId)]
    if (!url) throw new ProviderRpcError(ProviderErrorCode.DISCONNECTED, 'The wallet is not connected to any chain.')
    return url
  }
  const switchTo = (chainId: number) => {
    if (chainId === state.chainId) return
    save({ ...state, chainId })
    emit('chainChanged', hex(chainId))
  }

  const forward = async (method: string, params: unknown) => {
    const response = await fetchRpc(currentRpc(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }
    if (body.error) {
      const code = typeof body.error.code === 'number' ? body.error.code : -32603
      throw new ProviderRpcError(code, String(body.error.message ?? 'RPC error'), body.error.data)
    }
    return body.result
  }

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    switch (method) {
      case 'eth_chainId':
        return hex(state.chainId)
      case 'net_version':
        return String(state.chainId)
      case 'eth_accounts':
        return state.authorized ? [DEV_WALLET_ADDRESS] : []
      case 'eth_requestAccounts':
        if (!state.authorized) {
          await ask({
            action: `${origin} asks to connect to your account.`,
            details: [
              ['Account', DEV_WALLET_ADDRESS],
              ['Network', chainName(state.chainId)],
            ],
          })
          save({ ...state, authorized: true })
          emit('accountsChanged', [DEV_WALLET_ADDRESS])
        }
        return [DEV_WALLET_ADDRESS]
      case 'wallet_revokePermissions':
        if (state.authorized) {
          save({ ...state, authorized: false })
          emit('accountsChanged', [])
        }
        return null
      case 'wallet_switchEthereumChain': {
        const chainId = chainIdOf(firstObject(params, method)['chainId'], method)
        if (!state.chains[String(chainId)]) {
          throw new ProviderRpcError(ProviderErrorCode.UNRECOGNIZED_CHAIN, `Unrecognized chain ID "${hex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`)
        }
        // Switching between chains the person already added needs no prompt.
        switchTo(chainId)
        return null
      }
      case 'wallet_addEthereumChain': {
        const offer = firstObject(params, method)
        const chain = {
          chainId: chainIdOf(offer['chainId'], method),
          chainName: typeof offer['chainName'] === 'string' ? offer['chainName'].slice(0, 100) : undefined,
        }
        const rpcUrls = offer['rpcUrls']
        if (!Array.isArray(rpcUrls) || rpcUrls.length === 0) throw invalid(method, 'rpcUrls must hold at least one url')
        const rpcUrl = rpcUrls.find(isLocalRpcUrl)
        if (!rpcUrl) {
          throw new ProviderRpcError(
            ProviderErrorCode.INVALID_PARAMS,
            `The Portico Dev Wallet only talks to local chains (http://127.0.0.1); ${chain.chainName ?? chainName(chain.chainId)} has none.`,
          )
        }
        if (state.chains[String(chain.chainId)] !== rpcUrl) {
          await ask({
            action: `${origin} asks to add a network.`,
            details: [
              ['Network', chain.chainName ?? chainName(chain.chainId)],
              ['Chain id', String(chain.chainId)],
              ['RPC', rpcUrl],
            ],
          })
          save({ ...state, chains: { ...state.chains, [String(chain.chainId)]: rpcUrl } })
        }
        return null
      }
      case 'personal_sign': {
        const [message, address] = Array.isArray(params) ? params : []
        if (typeof message !== 'string' || message.length > 100_000) throw invalid(method, 'the message must be a string')
        if (!isAddress(address)) throw invalid(method, 'the second parameter must be the address')
        requireAuthorized()
        requireOwnAccount(address)
        await ask({
          action: `${origin} asks you to sign a message.`,
          details: [
            ['Message', readableMessage(message)],
            ['Account', short(address)],
          ],
        })
        return (await sign()).signMessage(message)
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = Array.isArray(params) ? params : []
        if (!isAddress(address)) throw invalid(method, 'the first parameter must be the address')
        const typed = typedDataOf(data, method)
        requireAuthorized()
        requireOwnAccount(address)
        await ask({
          action: `${origin} asks you to sign typed data.`,
          details: [
            ['Type', typed.primaryType],
            ['Domain', String(typed.domain['name'] ?? '—')],
            ['Message', JSON.stringify(typed.message, null, 1).slice(0, 1_000)],
          ],
        })
        return (await sign()).signTypedData(typed)
      }
      case 'eth_sendTransaction': {
        const tx = transactionOf(params, method)
        requireAuthorized()
        requireOwnAccount(tx.from)
        const rpcUrl = currentRpc()
        await ask({
          action: `${origin} asks you to send a transaction.`,
          details: [
            ['To', tx.to ?? 'new contract'],
            ['Value', `${formatEther(tx.value ? hexToBigInt(tx.value) : 0n)} ETH`],
            ['Network', chainName(state.chainId)],
            ...(tx.data && tx.data !== '0x' ? [['Data', `${tx.data.slice(0, 66)}${tx.data.length > 66 ? '…' : ''}`] as [string, string]] : []),
          ],
        })
        return (await sign()).sendTransaction(tx, { id: state.chainId, rpcUrl })
      }
      default:
        if (FORWARDED_METHODS.has(method)) return forward(method, params)
        throw new ProviderRpcError(ProviderErrorCode.UNSUPPORTED_METHOD, `The Portico Dev Wallet does not support ${method}.`)
    }
  }

  return {
    async request(args) {
      const method = typeof args?.method === 'string' ? args.method : ''
      return handle(method, args?.params)
    },
    onEvent(next) {
      emit = next
    },
  }
}

function load(storage: DevWalletOptions['storage']): DevWalletState {
  try {
    const raw = storage?.getItem(DEV_WALLET_STATE_KEY)
    const parsed = raw ? parseState(JSON.parse(raw)) : undefined
    if (parsed) return parsed
  } catch {
    // Unreadable or tampered storage: start fresh.
  }
  return INITIAL_STATE
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}
