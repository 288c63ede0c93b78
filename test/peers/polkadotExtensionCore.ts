// The Polkadot test wallet's injected extension, the shape polkadot{.js}, Talisman and
// SubWallet put under `window.injectedWeb3[key]`: `{ version, enable(appName) }`, where
// enable resolves with `{ accounts: { get, subscribe }, signer: { signRaw } }`. It runs
// in Node for unit tests and, as source text, in the browser page
// (installPolkadotTestWallet), so this function must stay self-contained.

/** What the extension remembers between page loads (kept by the Node side). */
export interface PolkadotExtensionState {
  authorized: boolean
}

export interface SignerPayloadRaw {
  address: string
  /** Hex of the bytes to sign. */
  data: string
  type: 'bytes' | 'payload'
}

/** Everything that needs the key or the test's decisions. */
export interface PolkadotExtensionBridge {
  load(): Promise<PolkadotExtensionState>
  save(state: PolkadotExtensionState): Promise<void>
  log(method: string, detail: unknown): Promise<void>
  approve(method: string, detail: unknown): Promise<boolean>
  /** Signs `<Bytes>data</Bytes>` as the extensions do; resolves with the hex signature. */
  signRaw(payload: SignerPayloadRaw): Promise<string>
}

export interface PolkadotExtensionCoreOptions {
  version: string
  /** SS58 addresses with the names the extension shows. */
  accounts: { address: string; name: string; type: 'sr25519' }[]
}

export interface PolkadotExtensionControl {
  /** The visitor removes the site's access: subscribers get an empty list. */
  lock(): Promise<void>
}

export function createPolkadotExtension(
  options: PolkadotExtensionCoreOptions,
  bridge: PolkadotExtensionBridge,
): { wallet: Record<string, unknown>; control: PolkadotExtensionControl } {
  const subscribers = new Set<(accounts: unknown[]) => void>()
  let state: PolkadotExtensionState = { authorized: false }
  let nextId = 0
  const ready = bridge.load().then((loaded) => {
    state = loaded
  })
  const accounts = () => (state.authorized ? options.accounts.map((account) => ({ ...account })) : [])
  const notify = () => subscribers.forEach((subscriber) => subscriber(accounts()))
  const log = (method: string, detail: unknown) => void bridge.log(method, detail).catch(() => undefined)
  // The extensions' own refusal texts: the site is not allowed, or the visitor said no.
  const refuse = (message: string) => new Error(message)

  const injected = {
    accounts: {
      async get() {
        await ready
        log('accounts.get', {})
        return accounts()
      },
      subscribe(callback: (accounts: unknown[]) => void) {
        // Like polkadot{.js}: the current list at once, then each change.
        subscribers.add(callback)
        void ready.then(() => subscribers.has(callback) && callback(accounts()))
        return () => subscribers.delete(callback)
      },
    },
    signer: {
      async signRaw(payload: SignerPayloadRaw) {
        await ready
        log('signRaw', { address: payload?.address, type: payload?.type })
        if (!state.authorized) throw refuse('The source is not allowed to sign')
        if (!options.accounts.some((account) => account.address === payload?.address)) throw refuse(`Unable to find account ${String(payload?.address)}`)
        if (!(await bridge.approve('signRaw', { address: payload.address, data: payload.data, type: payload.type }))) throw refuse('Cancelled')
        return { id: ++nextId, signature: await bridge.signRaw({ address: payload.address, data: payload.data, type: payload.type }) }
      },
    },
  }
  const wallet = {
    version: options.version,
    async enable(appName: unknown) {
      await ready
      log('enable', { appName })
      if (!state.authorized) {
        if (!(await bridge.approve('enable', { appName }))) throw refuse(`The source ${String(appName)} is not allowed to interact with this extension`)
        state = { ...state, authorized: true }
        await bridge.save(state)
        notify()
      }
      return injected
    },
  }
  const lock = async () => {
    state = { ...state, authorized: false }
    await bridge.save(state)
    notify()
  }
  return { wallet, control: { lock } }
}
