// The test wallet's EIP-1193 provider. It runs in Node for unit tests and, as
// source text, in the browser page (installTestWallet), so this function must
// stay self-contained: no imports, no references to anything outside its body.

/** What the wallet remembers between page loads (kept by the Node side). */
export interface WalletState {
  chainId: number
  authorized: boolean
  /** Chains the wallet knows: decimal chain id -> RPC url. */
  chains: Record<string, string>
}

/** Everything that needs the key or the test's decisions; the page side reaches it through one binding. */
export interface WalletBridge {
  load(): Promise<WalletState>
  save(state: WalletState): Promise<void>
  log(method: string, params: unknown): Promise<void>
  approve(method: string, params: unknown): Promise<boolean>
  sign(method: string, params: unknown): Promise<string>
  sendTransaction(tx: Record<string, unknown>, chain: { id: number; rpcUrl: string }): Promise<string>
}

export interface WalletCoreOptions {
  /** The account's address (public; the key stays in Node). */
  address: string
  /** Every chain the wallet could reach: decimal chain id -> RPC url; used when a dapp adds one. */
  rpcUrls: Record<string, string>
}

export interface WalletControl {
  /** A wallet-side chain switch (the visitor picked another chain in the wallet). */
  setChain(chainId: number): Promise<void>
  /** The visitor locks the wallet or revokes the site: accountsChanged([]). */
  lock(): Promise<void>
  emit(event: string, payload?: unknown): void | Promise<void>
}

export interface TestEip1193Provider {
  readonly isPorticoTestWallet: true
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (payload: unknown) => void): TestEip1193Provider
  removeListener(event: string, listener: (payload: unknown) => void): TestEip1193Provider
}

export function createWalletProvider(options: WalletCoreOptions, bridge: WalletBridge): { provider: TestEip1193Provider; control: WalletControl } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let state: WalletState = { chainId: 0, authorized: false, chains: {} }
  const ready = bridge.load().then((loaded) => {
    state = loaded
  })
  let rpcId = 0

  const fail = (code: number, message: string, data?: unknown) => Object.assign(new Error(message), { code, data })
  const hex = (n: number) => `0x${n.toString(16)}`
  const save = () => bridge.save(state)
  const emit = (event: string, payload?: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        console.error('test wallet: a listener threw', error)
      }
    }
  }
  const ask = async (method: string, params: unknown) => {
    if (!(await bridge.approve(method, params))) throw fail(4001, 'User rejected the request.')
  }
  const requireAuthorized = () => {
    if (!state.authorized) throw fail(4100, 'The requested account and/or method has not been authorized by the user.')
  }
  const chainIdOf = (value: unknown) => {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw fail(-32602, `Invalid chainId: ${String(value)}`)
    return Number.parseInt(value, 16)
  }
  const setChain = async (chainId: number) => {
    if (state.chainId === chainId) return
    state = { ...state, chainId }
    await save()
    emit('chainChanged', hex(chainId))
  }
  const forward = async (method: string, params: unknown) => {
    const url = state.chains[String(state.chainId)]
    if (!url) throw fail(4900, 'The wallet is not connected to any chain.')
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    if (body.error) throw fail(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    const first = Array.isArray(params) ? (params[0] as Record<string, unknown> | undefined) : undefined
    switch (method) {
      case 'eth_chainId':
        return hex(state.chainId)
      case 'net_version':
        return String(state.chainId)
      case 'eth_accounts':
        return state.authorized ? [options.address] : []
      case 'eth_requestAccounts':
        if (!state.authorized) {
          await ask(method, params)
          state = { ...state, authorized: true }
          await save()
          emit('accountsChanged', [options.address])
        }
        return [options.address]
      case 'wallet_revokePermissions':
        if (state.authorized) {
          state = { ...state, authorized: false }
          await save()
          emit('accountsChanged', [])
        }
        return null
      case 'wallet_switchEthereumChain': {
        const chainId = chainIdOf(first?.['chainId'])
        if (!state.chains[String(chainId)]) {
          throw fail(4902, `Unrecognized chain ID "${hex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`)
        }
        if (chainId !== state.chainId) await ask(method, params)
        await setChain(chainId)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chainId = chainIdOf(first?.['chainId'])
        const offered = Array.isArray(first?.['rpcUrls']) ? (first['rpcUrls'] as unknown[])[0] : undefined
        const url = options.rpcUrls[String(chainId)] ?? (typeof offered === 'string' ? offered : undefined)
        if (!url) throw fail(-32602, 'rpcUrls must hold at least one url')
        if (!state.chains[String(chainId)]) {
          await ask(method, params)
          state = { ...state, chains: { ...state.chains, [String(chainId)]: url } }
          await save()
        }
        return null
      }
      case 'personal_sign':
      case 'eth_signTypedData_v4':
        requireAuthorized()
        await ask(method, params)
        return bridge.sign(method, params)
      case 'eth_sendTransaction': {
        requireAuthorized()
        const from = typeof first?.['from'] === 'string' ? first['from'].toLowerCase() : undefined
        if (from && from !== options.address.toLowerCase()) throw fail(4100, `Unknown account ${from}`)
        await ask(method, params)
        return bridge.sendTransaction(first ?? {}, { id: state.chainId, rpcUrl: state.chains[String(state.chainId)] ?? '' })
      }
      case 'eth_sign':
      case 'eth_signTransaction':
      case 'eth_signTypedData':
      case 'eth_signTypedData_v3':
        // Forwarding these would let the node sign with its own unlocked account.
        throw fail(4200, `The test wallet does not support ${method}.`)
      default:
        return forward(method, params)
    }
  }

  const provider: TestEip1193Provider = {
    isPorticoTestWallet: true,
    async request(args) {
      const method = args && typeof args.method === 'string' ? args.method : ''
      await ready
      // What the wallet remembers lives on its Node side: another tab of the same wallet may have changed it.
      state = await bridge.load()
      void bridge.log(method, args?.params).catch(() => undefined)
      return handle(method, args?.params)
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  const control: WalletControl = {
    async setChain(chainId) {
      await ready
      if (!state.chains[String(chainId)]) throw new Error(`test wallet: chain ${chainId} is not known`)
      await setChain(chainId)
    },
    async lock() {
      await ready
      state = { ...state, authorized: false }
      await save()
      emit('accountsChanged', [])
    },
    emit,
  }
  return { provider, control }
}
