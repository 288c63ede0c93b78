// The demo's Solana development wallet, registered through the Wallet Standard.
// Only this small shell is on the first screen; prompts and signing (WebCrypto
// Ed25519) download on the first request, as the island ./solanaWallet.ts.
import { loadIsland } from '../loadIsland.ts'
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_AUTHORIZED_KEY, DEV_SOLANA_CHAINS, DEV_SOLANA_ICON, DEV_SOLANA_PUBLIC_KEY, DEV_SOLANA_WALLET_NAME } from './solanaInfo.ts'

export { DEV_SOLANA_ADDRESS, DEV_SOLANA_AUTHORIZED_KEY, DEV_SOLANA_WALLET_NAME } from './solanaInfo.ts'

type Listener = (properties: Record<string, unknown>) => void
type Core = import('./solanaWallet.ts').DevSolanaWalletCore

export interface DevSolanaWalletOptions {
  readonly target?: Window
  readonly storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
  /** Where signAndSendTransaction sends (the demo's Solana Local). */
  readonly rpcUrl?: string
  /** The prompt; the demo's dialog by default. */
  readonly approve?: (title: string, action: string, details: [string, string][]) => Promise<boolean>
  /** How the working part is loaded; the island by URL by default (tests import it directly). */
  readonly loadCore?: () => Promise<typeof import('./solanaWallet.ts')>
}

const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

/** Registers the wallet (now and on every `wallet-standard:app-ready`); returns the wallet object. */
export function registerDevSolanaWallet(options: DevSolanaWalletOptions = {}): Record<string, unknown> {
  const target = options.target ?? window
  const storage = options.storage
  const listeners = new Set<Listener>()
  const read = () => {
    try {
      return storage?.getItem(DEV_SOLANA_AUTHORIZED_KEY) === 'yes'
    } catch {
      return false
    }
  }
  let authorized = read()
  const account = Object.freeze({
    address: DEV_SOLANA_ADDRESS,
    publicKey: fromBase64Url(DEV_SOLANA_PUBLIC_KEY),
    chains: DEV_SOLANA_CHAINS,
    features: Object.freeze(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']),
    label: 'Dev test key',
  })
  const accounts = () => (authorized ? [account] : [])
  const setAuthorized = (value: boolean) => {
    authorized = value
    try {
      if (value) storage?.setItem(DEV_SOLANA_AUTHORIZED_KEY, 'yes')
      else storage?.removeItem(DEV_SOLANA_AUTHORIZED_KEY)
    } catch {
      // Storage off: the authorization lasts for this page only.
    }
    for (const listener of [...listeners]) listener({ accounts: accounts() })
  }
  let core: Promise<Core> | undefined
  const load = () =>
    (core ??= (options.loadCore ?? (() => loadIsland<typeof import('./solanaWallet.ts')>('dev-solana-wallet')))().then(
      (m) => m.createDevSolanaWalletCore({ rpcUrl: options.rpcUrl ?? 'http://127.0.0.1:8899', ...(options.approve ? { approve: options.approve } : {}) }),
      (error: unknown) => {
        core = undefined
        throw error
      },
    ))
  const fail = (code: number, message: string) => Object.assign(new Error(message), { code })
  const requireAccount = (input: { account?: { address?: unknown } }) => {
    if (!authorized || input?.account?.address !== DEV_SOLANA_ADDRESS) throw fail(4100, 'The requested account has not been authorized by the user.')
  }
  type Input = { account: { address: string }; message?: Uint8Array; transaction?: Uint8Array; chain?: string; options?: unknown }
  const wallet = {
    version: '1.0.0',
    name: DEV_SOLANA_WALLET_NAME,
    icon: DEV_SOLANA_ICON,
    chains: DEV_SOLANA_CHAINS,
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!authorized && !input?.silent) {
            if (!(await (await load()).approveConnect())) throw fail(4001, 'User rejected the request.')
            setAuthorized(true)
          }
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          if (authorized) setAuthorized(false)
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: Listener) {
          if (event !== 'change') return () => undefined
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: Input[]) {
          const c = await load()
          const outputs = []
          for (const input of inputs) {
            requireAccount(input)
            const signature = await c.signMessage(input.message!)
            outputs.push({ signedMessage: input.message, signature, signatureType: 'ed25519' })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: Input[]) {
          const c = await load()
          const outputs = []
          for (const input of inputs) {
            requireAccount(input)
            outputs.push({ signedTransaction: await c.signTransaction(input.transaction!, input.chain) })
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: Input[]) {
          const c = await load()
          const outputs = []
          for (const input of inputs) {
            requireAccount(input)
            if (!DEV_SOLANA_CHAINS.includes(String(input.chain))) throw fail(4100, `Unsupported chain ${String(input.chain)}`)
            outputs.push({ signature: await c.signAndSendTransaction(input.transaction!, String(input.chain), input.options) })
          }
          return outputs
        },
      },
    },
  }
  const callback = ({ register }: { register(...wallets: unknown[]): unknown }) => register(wallet)
  target.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail))
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return wallet
}
