// The Bitcoin test wallet's Wallet Standard object (bitcoin:connect, bitcoin:signMessage,
// standard:disconnect, standard:events). It runs in Node for unit tests and, as source
// text, in the browser page (installBitcoinTestWallet), so this function must stay
// self-contained: no imports, no references outside its body. Bytes cross to the Node
// side as number arrays.

/** What the wallet remembers between page loads (kept by the Node side). */
export interface BitcoinWalletState {
  authorized: boolean
}

/** Everything that needs the keys or the test's decisions. */
export interface BitcoinWalletBridge {
  load(): Promise<BitcoinWalletState>
  save(state: BitcoinWalletState): Promise<void>
  log(feature: string, detail: unknown): Promise<void>
  approve(feature: string, detail: unknown): Promise<boolean>
  /** The BIP-322 simple signature (its serialized witness) of `message` by `address`. */
  signMessage(address: string, message: number[]): Promise<number[]>
}

export interface BitcoinWalletCoreOptions {
  name: string
  icon: string
  /** Wallet Standard chains, e.g. bitcoin:mainnet, bitcoin:testnet. */
  chains: string[]
  /** In the order `bitcoin:connect` lists them: payment, then ordinals. */
  accounts: { address: string; publicKey: number[]; purpose: 'payment' | 'ordinals' }[]
}

export interface BitcoinWalletControl {
  /** The visitor locks the wallet or revokes the site: change { accounts: [] }. */
  lock(): Promise<void>
}

export function createBitcoinStandardWallet(options: BitcoinWalletCoreOptions, bridge: BitcoinWalletBridge): { wallet: Record<string, unknown>; control: BitcoinWalletControl } {
  const listeners = new Set<(properties: Record<string, unknown>) => void>()
  let state: BitcoinWalletState = { authorized: false }
  const ready = bridge.load().then((loaded) => {
    state = loaded
  })
  const all = options.accounts.map((entry) =>
    Object.freeze({
      address: entry.address,
      publicKey: new Uint8Array(entry.publicKey),
      chains: Object.freeze([...options.chains]),
      features: Object.freeze(['bitcoin:signMessage']),
      label: `${options.name} (${entry.purpose})`,
    }),
  )
  const accounts = () => (state.authorized ? all : [])
  const fail = (code: number, message: string) => Object.assign(new Error(message), { code })
  const emitChange = (properties: Record<string, unknown>) => {
    for (const listener of [...listeners]) {
      try {
        listener(properties)
      } catch (error) {
        console.error('bitcoin test wallet: a listener threw', error)
      }
    }
  }
  const ask = async (feature: string, detail: unknown) => {
    if (!(await bridge.approve(feature, detail))) throw fail(4001, 'User rejected the request.')
  }
  const log = (feature: string, detail: unknown) => void bridge.log(feature, detail).catch(() => undefined)
  const revoke = async () => {
    if (!state.authorized) return
    state = { ...state, authorized: false }
    await bridge.save(state)
    emitChange({ accounts: [] })
  }

  const wallet = {
    version: '1.0.0',
    name: options.name,
    icon: options.icon,
    chains: Object.freeze([...options.chains]),
    get accounts() {
      return accounts()
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect(input?: { purposes?: unknown }) {
          await ready
          log('bitcoin:connect', { purposes: input?.purposes })
          if (!state.authorized) {
            await ask('bitcoin:connect', { purposes: input?.purposes })
            state = { ...state, authorized: true }
            await bridge.save(state)
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
          await revoke()
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
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account?: { address?: unknown }; message: Uint8Array }[]) {
          await ready
          const outputs = []
          for (const input of inputs) {
            if (!state.authorized) throw fail(4100, 'The requested account has not been authorized by the user.')
            const address = String(input?.account?.address)
            if (!all.some((account) => account.address === address)) throw fail(4100, `Unknown account ${address}`)
            const message = Array.from(input.message)
            log('bitcoin:signMessage', { address })
            await ask('bitcoin:signMessage', { address, message })
            const signature = await bridge.signMessage(address, message)
            outputs.push({ signedMessage: input.message, signature: new Uint8Array(signature) })
          }
          return outputs
        },
      },
    },
  }
  return { wallet, control: { lock: revoke } }
}
