// The Solana test wallet's Wallet Standard object. It runs in Node for unit tests
// and, as source text, in the browser page (installSolanaTestWallet), so this
// function must stay self-contained: no imports, no references outside its body.
// Bytes cross to the Node side as number arrays (page.exposeFunction speaks JSON).

/** What the wallet remembers between page loads (kept by the Node side). */
export interface SolanaWalletState {
  authorized: boolean
}

/** Everything that needs the key or the test's decisions. */
export interface SolanaWalletBridge {
  load(): Promise<SolanaWalletState>
  save(state: SolanaWalletState): Promise<void>
  log(feature: string, detail: unknown): Promise<void>
  approve(feature: string, detail: unknown): Promise<boolean>
  signMessage(message: number[]): Promise<number[]>
  signTransaction(transaction: number[]): Promise<number[]>
  /** Signs and sends to the chain's node; resolves with the signature bytes. */
  signAndSendTransaction(transaction: number[], chain: string, options: unknown): Promise<number[]>
}

export interface SolanaWalletCoreOptions {
  name: string
  icon: string
  /** base58 public key. */
  address: string
  publicKey: number[]
  /** Wallet Standard chains, e.g. solana:mainnet, solana:devnet, solana:localnet. */
  chains: string[]
}

export interface SolanaWalletControl {
  /** The visitor locks the wallet or revokes the site: change { accounts: [] }. */
  lock(): Promise<void>
  /** Emits a `standard:events` change with the given properties. */
  emitChange(properties: Record<string, unknown>): void
}

export function createSolanaStandardWallet(options: SolanaWalletCoreOptions, bridge: SolanaWalletBridge): { wallet: Record<string, unknown>; control: SolanaWalletControl } {
  const listeners = new Set<(properties: Record<string, unknown>) => void>()
  let state: SolanaWalletState = { authorized: false }
  const ready = bridge.load().then((loaded) => {
    state = loaded
  })
  const signingFeatures = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
  const account = Object.freeze({
    address: options.address,
    publicKey: new Uint8Array(options.publicKey),
    chains: Object.freeze([...options.chains]),
    features: Object.freeze([...signingFeatures]),
    label: options.name,
  })
  const accounts = () => (state.authorized ? [account] : [])
  const fail = (code: number, message: string) => Object.assign(new Error(message), { code })
  const emitChange = (properties: Record<string, unknown>) => {
    for (const listener of [...listeners]) {
      try {
        listener(properties)
      } catch (error) {
        console.error('solana test wallet: a listener threw', error)
      }
    }
  }
  const ask = async (feature: string, detail: unknown) => {
    if (!(await bridge.approve(feature, detail))) throw fail(4001, 'User rejected the request.')
  }
  const save = () => bridge.save(state)
  const requireAccount = (input: { account?: { address?: unknown } }) => {
    if (!state.authorized) throw fail(4100, 'The requested account has not been authorized by the user.')
    if (input?.account?.address !== options.address) throw fail(4100, `Unknown account ${String(input?.account?.address)}`)
  }
  const bytes = (value: unknown) => Array.from(value as Uint8Array)
  const log = (feature: string, detail: unknown) => void bridge.log(feature, detail).catch(() => undefined)

  const wallet = {
    version: '1.0.0',
    name: options.name,
    icon: options.icon,
    chains: Object.freeze([...options.chains]),
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          await ready
          log('standard:connect', { silent: Boolean(input?.silent) })
          if (!state.authorized && !input?.silent) {
            await ask('standard:connect', {})
            state = { ...state, authorized: true }
            await save()
            emitChange({ accounts: accounts() })
          }
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          await ready
          log('standard:disconnect', {})
          if (!state.authorized) return
          state = { ...state, authorized: false }
          await save()
          emitChange({ accounts: [] })
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (properties: Record<string, unknown>) => void) {
          if (event !== 'change') return () => undefined
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
          await ready
          const outputs = []
          for (const input of inputs) {
            requireAccount(input)
            log('solana:signMessage', {})
            await ask('solana:signMessage', { message: bytes(input.message) })
            const signature = await bridge.signMessage(bytes(input.message))
            outputs.push({ signedMessage: input.message, signature: new Uint8Array(signature), signatureType: 'ed25519' })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: { account: { address: string }; transaction: Uint8Array; chain?: string }[]) {
          await ready
          const outputs = []
          for (const input of inputs) {
            requireAccount(input)
            log('solana:signTransaction', { chain: input.chain })
            await ask('solana:signTransaction', { chain: input.chain })
            outputs.push({ signedTransaction: new Uint8Array(await bridge.signTransaction(bytes(input.transaction))) })
          }
          return outputs
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(...inputs: { account: { address: string }; transaction: Uint8Array; chain: string; options?: unknown }[]) {
          await ready
          const outputs = []
          for (const input of inputs) {
            requireAccount(input)
            log('solana:signAndSendTransaction', { chain: input.chain, options: input.options ?? null })
            if (!options.chains.includes(input.chain)) throw fail(4100, `Unsupported chain ${String(input.chain)}`)
            await ask('solana:signAndSendTransaction', { chain: input.chain })
            const signature = await bridge.signAndSendTransaction(bytes(input.transaction), input.chain, input.options ?? {})
            outputs.push({ signature: new Uint8Array(signature) })
          }
          return outputs
        },
      },
    },
  }
  const control: SolanaWalletControl = {
    async lock() {
      await ready
      state = { ...state, authorized: false }
      await save()
      emitChange({ accounts: [] })
    },
    emitChange,
  }
  return { wallet, control }
}
