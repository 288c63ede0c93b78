import { afterEach, describe, expect, it, vi } from 'vitest'
import { Alerts, EmbeddedWalletErrorText, PorticoError, StorageKeys, base, createMemoryBackend, resolve, solana } from '../../kernel/index.ts'
import { IAuthService } from './index.ts'
import { EVM_ADDRESS, FRAME_URL, SMART_ADDRESS, SOLANA_ADDRESS, createAuthKit, happyFrame, smartFrame, userFor } from './test/authKit.ts'
import { createFakeFrame } from './test/fakeFrame.ts'

afterEach(() => {
  vi.useRealTimers()
})

async function authOf(kit: ReturnType<typeof createAuthKit>['kit']) {
  await kit.plugins.load('auth')
  return resolve(await kit.container(), IAuthService)
}

/** A kit logged in through the frame (the code already checked). */
async function loggedIn(setup = createAuthKit()) {
  await setup.kit.restored
  const auth = await authOf(setup.kit)
  await auth.connectOtp('123456')
  setup.frame.emit({ type: '@portico-frame/SESSION_UPDATE', payload: { token: 'host-token-1' } })
  await auth.connect()
  return { ...setup, auth }
}

describe('the frame loads on first use only', () => {
  it('activating the plugin, opening the modal and the Connect view create no frame and send nothing', async () => {
    const { kit, frame } = createAuthKit()
    await kit.restored
    await kit.plugins.load('auth')
    kit.open()
    expect(frame.created).toEqual([])
    expect(frame.loads).toBe(0)
    expect(frame.sent).toEqual([])
  })

  it('the first use loads it with the project, the chain and the frame origin, then syncs the dapp data and the theme', async () => {
    const { kit, frame } = createAuthKit()
    const auth = await authOf(kit)
    await auth.preload()
    expect(frame.created).toEqual([{ frameUrl: FRAME_URL, projectId: 'test-project', chainId: 1 }])
    expect(frame.names()).toEqual(['SYNC_DAPP_DATA', 'SYNC_THEME'])
    expect(frame.sent[0]!.payload).toEqual({
      metadata: { name: 'Test app', description: 'A test', url: 'https://app.example', icons: ['https://app.example/icon.png'] },
      sdkVersion: expect.any(String),
      sdkType: 'portico',
      projectId: 'test-project',
      networks: [
        { caipNetworkId: 'eip155:1', rpcUrl: 'https://eth.merkle.io' },
        { caipNetworkId: 'eip155:8453', rpcUrl: 'https://mainnet.base.org' },
        { caipNetworkId: solana.caipNetworkId, rpcUrl: 'https://api.mainnet-beta.solana.com' },
      ],
    })
    expect(frame.sent[1]!.payload).toEqual({ themeMode: 'dark', themeVariables: {} })
    await auth.preload()
    expect(frame.loads).toBe(1)
    kit.setThemeVariables({ '--portico-accent': '#ff0000' })
    await vi.waitFor(() => expect(frame.names()).toEqual(['SYNC_DAPP_DATA', 'SYNC_THEME', 'SYNC_THEME']))
    expect(frame.sent[2]!.payload).toEqual({ themeMode: 'dark', themeVariables: { '--portico-accent': '#ff0000' } })
  })

  it('a frame that reloads (a second READY) is told the dapp data and the theme again', async () => {
    const { kit, frame } = createAuthKit()
    const auth = await authOf(kit)
    await auth.preload()
    expect(frame.names()).toEqual(['SYNC_DAPP_DATA', 'SYNC_THEME'])
    frame.emit({ type: '@portico-frame/READY', payload: { version: 4 } })
    await vi.waitFor(() => expect(frame.names()).toEqual(['SYNC_DAPP_DATA', 'SYNC_THEME', 'SYNC_DAPP_DATA', 'SYNC_THEME']))
  })

  it('reload() asks RELOAD and resolves only once the frame is back (READY) and told the dapp data again', async () => {
    const { kit, frame } = createAuthKit()
    const auth = await authOf(kit)
    await auth.preload()
    frame.on('RELOAD', () => ({}))
    let done = false
    const reloading = auth.reload().then(() => (done = true))
    await vi.waitFor(() => expect(frame.names()).toContain('RELOAD'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(done).toBe(false)
    frame.emit({ type: '@portico-frame/READY', payload: { version: 4 } })
    await reloading
    expect(frame.names()).toEqual(['SYNC_DAPP_DATA', 'SYNC_THEME', 'RELOAD', 'SYNC_DAPP_DATA', 'SYNC_THEME'])
  })

  it("reload() of a frame that does not come back rejects 'Unable to load email login dependency' after 15 s", async () => {
    const { kit, frame } = createAuthKit()
    const auth = await authOf(kit)
    await auth.preload()
    frame.on('RELOAD', () => ({}))
    vi.useFakeTimers()
    const reloading = auth.reload()
    const outcome = expect(reloading).rejects.toThrow('Unable to load email login dependency')
    await vi.advanceTimersByTimeAsync(14_999)
    let settled = false
    void reloading.catch(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await outcome
  })

  it('reload() of a frame never loaded loads nothing and sends nothing', async () => {
    const { kit, frame } = createAuthKit()
    const auth = await authOf(kit)
    await auth.reload()
    expect(frame.loads).toBe(0)
    expect(frame.sent).toEqual([])
  })

  it("a frame that fails to load rejects 'Unable to load email login dependency' with the SOCIALS_TIMEOUT alert", async () => {
    const frame = happyFrame()
    frame.failLoad(new PorticoError(EmbeddedWalletErrorText.UNABLE_TO_LOAD))
    const { kit } = createAuthKit({ frame })
    const auth = await authOf(kit)
    await expect(auth.preload()).rejects.toThrow('Unable to load email login dependency')
    expect(kit.alerts.store.get().current?.alert).toBe(Alerts.SOCIALS_TIMEOUT)
  })
})

describe('social login requests', () => {
  it('GET_SOCIAL_REDIRECT_URI carries a return URL only for the redirect flow; CONNECT_SOCIAL with no result in the frame is a cancel (undefined), any other refusal rejects', async () => {
    const frame = happyFrame(createFakeFrame())
    frame.on('GET_SOCIAL_REDIRECT_URI', () => ({ uri: `${FRAME_URL}/v1/social/begin?t=x` }))
    const { kit } = createAuthKit({ frame })
    const auth = await authOf(kit)
    expect(await auth.getSocialRedirectUri('google', undefined)).toBe(`${FRAME_URL}/v1/social/begin?t=x`)
    await auth.getSocialRedirectUri('github', 'http://127.0.0.1:5173/app')
    expect(frame.sent.filter((r) => r.name === 'GET_SOCIAL_REDIRECT_URI').map((r) => r.payload)).toEqual([
      { provider: 'google' },
      { provider: 'github', returnUrl: 'http://127.0.0.1:5173/app' },
    ])

    frame.on('CONNECT_SOCIAL', () => Promise.reject(new PorticoError('This address holds no social login answer')))
    expect(await auth.connectSocial(`${FRAME_URL}/v1/social/begin?t=x`)).toBeUndefined()
    frame.on('CONNECT_SOCIAL', () => Promise.reject(new PorticoError('This login was already used: start again')))
    await expect(auth.connectSocial(`${FRAME_URL}/v1/social/begin?t=x`)).rejects.toThrow('This login was already used: start again')
  })
})

describe('connect through the AUTH connector', () => {
  it('after the login the account has the address, user, smartAccountDeployed, preferredAccountType and accounts', async () => {
    const { kit, frame } = await loggedIn()
    expect(frame.held('GET_USER').payload).toEqual({ chainId: 1, preferredAccountType: 'smartAccount' })
    expect(kit.chains.record('eip155')!.accountState).toMatchObject({
      address: EVM_ADDRESS,
      caipAddress: `eip155:1:${EVM_ADDRESS}`,
      user: { email: 'ada@example.com' },
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      allAccounts: [{ address: EVM_ADDRESS, type: 'eoa', namespace: 'eip155' }],
      status: 'connected',
    })
    expect(kit.storage.get('connectedConnectorIds')).toEqual({ eip155: 'auth' })
    expect(kit.storage.get('frameLastUsedChain')).toBe('eip155:1')
  })

  it('the AUTH connector is not a recent wallet', async () => {
    const { kit } = await loggedIn()
    expect(kit.storage.get('recentWallets')).toBeUndefined()
  })

  it('a refused change to a smart account falls back to eoa, stored so the next login does not ask again', async () => {
    const enabled = happyFrame()
    enabled.on('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => ({ smartAccountEnabledNetworks: [1] }))
    enabled.on('INIT_SMART_ACCOUNT', () => ({}))
    const { kit, frame, auth } = await loggedIn(createAuthKit({ frame: enabled }))
    expect(frame.held('SET_PREFERRED_ACCOUNT').payload).toEqual({ type: 'smartAccount' })
    expect(kit.storage.get('framePreferredAccountType')).toBe('eoa')
    await kit.disconnect()
    const before = frame.names().filter((name) => name === 'SET_PREFERRED_ACCOUNT').length
    await auth.connectOtp('123456')
    await auth.connect()
    expect(frame.held('GET_USER').payload).toEqual({ chainId: 1, preferredAccountType: 'eoa' })
    expect(frame.names().filter((name) => name === 'SET_PREFERRED_ACCOUNT').length).toBe(before)
  })

  it('on a network without smart accounts the account is the eoa: no change is asked and nothing is stored', async () => {
    const { kit, frame } = await loggedIn()
    expect(frame.names()).not.toContain('SET_PREFERRED_ACCOUNT')
    expect(frame.names()).not.toContain('INIT_SMART_ACCOUNT')
    expect(kit.chains.record('eip155')!.accountState.preferredAccountType).toBe('eoa')
    expect(kit.storage.get('framePreferredAccountType')).toBeUndefined()
    expect(kit.storage.get('preferredAccountTypes')).toBeUndefined()
  })

  it('on a smart-account network eip155 defaults to the smart account: INIT_SMART_ACCOUNT, then GET_USER for it', async () => {
    const frame = smartFrame()
    const { kit } = await loggedIn(createAuthKit({ frame }))
    expect(frame.names().slice(-3)).toEqual(['GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'INIT_SMART_ACCOUNT', 'GET_USER'])
    expect(frame.held('GET_USER').payload).toEqual({ chainId: 1, preferredAccountType: 'smartAccount' })
    expect(kit.chains.record('eip155')!.accountState).toMatchObject({
      address: SMART_ADDRESS,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      allAccounts: [
        { address: EVM_ADDRESS, type: 'eoa', namespace: 'eip155' },
        { address: SMART_ADDRESS, type: 'smartAccount', namespace: 'eip155' },
      ],
    })
  })

  it('the Account view’s switch: set preferred account, the other address in use, the type stored and restored after a reload', async () => {
    const frame = smartFrame()
    const first = await loggedIn(createAuthKit({ frame }))
    await first.auth.setAccountType('eoa')
    expect(frame.held('SET_PREFERRED_ACCOUNT').payload).toEqual({ type: 'eoa' })
    await vi.waitFor(() => expect(first.kit.chains.record('eip155')!.accountState).toMatchObject({ address: EVM_ADDRESS, preferredAccountType: 'eoa' }))
    expect(first.kit.storage.get('preferredAccountTypes')).toEqual({ eip155: 'eoa' })
    expect(first.kit.storage.get('framePreferredAccountType')).toBe('eoa')

    const again = smartFrame()
    const { kit } = createAuthKit({ frame: again, backend: first.backend })
    await kit.restored
    expect(again.held('GET_USER').payload).toEqual({ chainId: 1, preferredAccountType: 'eoa' })
    expect(kit.chains.record('eip155')!.accountState.address).toBe(EVM_ADDRESS)

    await first.auth.setAccountType('smartAccount')
    await vi.waitFor(() => expect(first.kit.chains.record('eip155')!.accountState).toMatchObject({ address: SMART_ADDRESS, preferredAccountType: 'smartAccount' }))
  })

  it('a network without a smart account falls back to the eoa, and the next one with it has the smart account again', async () => {
    const { kit } = await loggedIn(createAuthKit({ frame: smartFrame() }))
    expect(kit.chains.record('eip155')!.accountState.address).toBe(SMART_ADDRESS)
    await kit.switchNetwork(base)
    await vi.waitFor(() =>
      expect(kit.chains.record('eip155')!.accountState).toMatchObject({ address: EVM_ADDRESS, preferredAccountType: 'eoa', caipAddress: `eip155:8453:${EVM_ADDRESS}` }),
    )
    await kit.switchNetwork(kit.chains.networks().find((network) => network.id === 1)!)
    await vi.waitFor(() =>
      expect(kit.chains.record('eip155')!.accountState).toMatchObject({ address: SMART_ADDRESS, preferredAccountType: 'smartAccount', caipAddress: `eip155:1:${SMART_ADDRESS}` }),
    )
    expect(kit.storage.get('framePreferredAccountType')).toBeUndefined()
  })

  it('a refused switch stores eoa and rejects with the frame’s reason', async () => {
    const frame = smartFrame()
    const { kit, auth } = await loggedIn(createAuthKit({ frame }))
    frame.on('SET_PREFERRED_ACCOUNT', () => {
      throw new Error('Smart accounts are not available')
    })
    await expect(auth.setAccountType('smartAccount')).rejects.toThrow('Smart accounts are not available')
    expect(kit.storage.get('framePreferredAccountType')).toBe('eoa')
  })

  it('the smart-account networks are stored as the frame answers; a rejected lookup stores an empty list', async () => {
    const frame = happyFrame()
    frame.on('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => ({ smartAccountEnabledNetworks: [8453] }))
    const first = await loggedIn(createAuthKit({ frame }))
    expect(first.kit.storage.get('frameSmartAccountEnabledNetworks')).toEqual([8453])
    expect(first.kit.chains.record('eip155')!.networkState.smartAccountEnabledNetworks).toEqual([8453])

    const failing = happyFrame()
    failing.on('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => {
      throw new Error('lookup failed')
    })
    const second = await loggedIn(createAuthKit({ frame: failing }))
    expect(second.kit.storage.get('frameSmartAccountEnabledNetworks')).toEqual([])
    expect(second.kit.chains.record('eip155')!.networkState.smartAccountEnabledNetworks).toEqual([])
    expect(second.kit.chains.record('eip155')!.accountState.address).toBe(EVM_ADDRESS)
  })

  it('the balance is read through the namespace adapter over its normal RPC', async () => {
    const { kit, getBalance } = await loggedIn()
    await vi.waitFor(() => expect(kit.chains.record('eip155')!.accountState.balance).toBe('1.5'))
    expect(getBalance).toHaveBeenCalledWith(EVM_ADDRESS, expect.objectContaining({ caipNetworkId: 'eip155:1' }))
  })
})

describe('the frame session after a reload', () => {
  it('SESSION_UPDATE stores the host token under the prefixed key', async () => {
    const { backend } = await loggedIn()
    expect(StorageKeys.frameSessionToken.key).toBe('@portico-frame/session_token')
    expect(JSON.parse(backend.getItem('@portico-frame/session_token')!)).toBe('host-token-1')
  })

  it('a reload restores the session with IS_CONNECTED {token} and GET_USER, without a new code', async () => {
    const first = await loggedIn()
    const frame = happyFrame(createFakeFrame())
    const { kit } = createAuthKit({ frame, backend: first.backend })
    await kit.restored
    expect(frame.names()).toEqual(['SYNC_DAPP_DATA', 'SYNC_THEME', 'IS_CONNECTED', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'GET_USER'])
    expect(frame.held('IS_CONNECTED').payload).toEqual({ token: 'host-token-1' })
    expect(frame.names()).not.toContain('CONNECT_OTP')
    expect(kit.chains.record('eip155')!.accountState.address).toBe(EVM_ADDRESS)
    expect(kit.chains.isConnected()).toBe(true)
  })

  it('the modal is loading while the auth connector syncs a stored session, and not after (SPEC §4)', async () => {
    const first = await loggedIn()
    const frame = happyFrame(createFakeFrame())
    const { kit } = createAuthKit({ frame, backend: first.backend })
    const seen: boolean[] = []
    kit.modal.store.subscribe((state) => seen.at(-1) !== state.loading && seen.push(state.loading))
    await kit.restored
    expect(seen).toEqual([true, false])
    expect(kit.chains.isConnected()).toBe(true)
  })

  it('a not-connected answer clears the address and the stored token', async () => {
    const first = await loggedIn()
    const frame = happyFrame(createFakeFrame())
    frame.on('IS_CONNECTED', () => ({ isConnected: false }))
    const { kit } = createAuthKit({ frame, backend: first.backend })
    await kit.restored
    expect(kit.chains.record('eip155')!.accountState.address).toBeUndefined()
    expect(kit.storage.get('frameSessionToken')).toBeUndefined()
    expect(kit.storage.get('connectionStatus')).toBe('disconnected')
  })

  it("a social login's provider is the account's socialProvider and connectedWalletInfo.social, and a reload keeps it", async () => {
    const setup = createAuthKit()
    // The socials plugin stores the provider before it connects.
    setup.kit.storage.set('connectedSocial', 'google')
    const first = await loggedIn(setup)
    expect(first.kit.chains.record('eip155')!.accountState).toMatchObject({ socialProvider: 'google', connectedWalletInfo: { social: 'google' } })

    const { kit } = createAuthKit({ frame: happyFrame(createFakeFrame()), backend: first.backend })
    await kit.restored
    expect(kit.chains.record('eip155')!.accountState).toMatchObject({ socialProvider: 'google', connectedWalletInfo: { social: 'google' } })
  })

  it('a failed connection check forgets the social provider and username (§4)', async () => {
    const setup = createAuthKit()
    setup.kit.storage.set('connectedSocial', 'github')
    setup.kit.storage.set('connectedSocialUsername', 'octocat')
    const first = await loggedIn(setup)
    const frame = happyFrame(createFakeFrame())
    frame.on('IS_CONNECTED', () => ({ isConnected: false }))
    const { kit } = createAuthKit({ frame, backend: first.backend })
    await kit.restored
    expect(kit.chains.record('eip155')!.accountState.socialProvider).toBeUndefined()
    expect(kit.storage.get('connectedSocial')).toBeUndefined()
    expect(kit.storage.get('connectedSocialUsername')).toBeUndefined()
  })

  it('a visit with nothing stored never loads the frame', async () => {
    const { kit, frame } = createAuthKit({ backend: createMemoryBackend() })
    await kit.restored
    expect(frame.loads).toBe(0)
  })
})

describe('disconnect and the end of the session', () => {
  it('disconnect signs out once for every namespace the session spans and clears the login cache', async () => {
    const { kit, frame } = await loggedIn()
    await kit.switchNetwork(solana)
    expect(kit.chains.record('solana')!.accountState.address).toBe(SOLANA_ADDRESS)
    kit.storage.set('frameEmail', 'ada@example.com')
    kit.storage.set('frameEmailLoginUsed', true)
    await kit.disconnect('eip155')
    expect(frame.names().filter((name) => name === 'SIGN_OUT')).toHaveLength(1)
    expect(kit.chains.record('eip155')!.accountState.address).toBeUndefined()
    expect(kit.chains.record('solana')!.accountState.address).toBeUndefined()
    for (const key of ['frameEmail', 'frameEmailLoginUsed', 'frameLastUsedChain', 'frameSessionToken'] as const) {
      expect(kit.storage.get(key)).toBeUndefined()
    }
  })

  it('SESSION_ENDED from the frame clears the address', async () => {
    const { kit, frame } = await loggedIn()
    frame.emit({ type: '@portico-frame/SESSION_ENDED', payload: {} })
    await vi.waitFor(() => expect(kit.chains.record('eip155')!.accountState.address).toBeUndefined())
    expect(kit.storage.get('frameSessionToken')).toBeUndefined()
    expect(frame.names()).not.toContain('SIGN_OUT')
  })
})

describe('networks', () => {
  it('a switch within the namespace is SWITCH_NETWORK, and the chain is remembered for the frame', async () => {
    const { kit, frame } = await loggedIn()
    await kit.switchNetwork(base)
    expect(frame.held('SWITCH_NETWORK').payload).toEqual({ chainId: 8453 })
    expect(kit.storage.get('frameLastUsedChain')).toBe('eip155:8453')
    expect(kit.chains.record('eip155')!.accountState.caipAddress).toBe(`eip155:8453:${EVM_ADDRESS}`)
  })

  it('a switch to another namespace connects it through the auth connector', async () => {
    const { kit, frame } = await loggedIn()
    await kit.switchNetwork(solana)
    expect(frame.held('GET_USER').payload).toEqual({ chainId: solana.id, preferredAccountType: 'eoa' })
    expect(kit.storage.get('connectedConnectorIds')).toEqual({ eip155: 'auth', solana: 'auth' })
    expect(kit.chains.record('solana')!.accountState).toMatchObject({ address: SOLANA_ADDRESS, status: 'connected' })
  })

  it('when the auth connector cannot, the namespace is left for its own adapter', async () => {
    const { kit, frame, logger } = await loggedIn()
    frame.on('IS_CONNECTED', () => {
      throw new Error('frame gone')
    })
    await kit.switchNetwork(solana)
    expect(kit.chains.get().activeNamespace).toBe('solana')
    expect(kit.chains.record('solana')!.accountState.address).toBeUndefined()
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('could not resync the solana account'), expect.any(Error))
  })

  it('eth_chainId is answered from the stored last-used chain, without asking the frame', async () => {
    const { kit, frame } = await loggedIn()
    await kit.switchNetwork(base)
    const before = frame.sent.length
    await expect(kit.request({ method: 'eth_chainId' })).resolves.toBe('0x2105')
    expect(frame.sent.length).toBe(before)
  })

  it('the GET_USER of a new login uses the stored last-used chain', async () => {
    const { kit, frame, auth } = await loggedIn()
    await kit.switchNetwork(base)
    await kit.disconnect()
    kit.storage.set('frameLastUsedChain', base.caipNetworkId)
    await auth.connect()
    expect(frame.held('GET_USER').payload).toMatchObject({ chainId: 8453 })
    expect(userFor(8453).address).toBe(EVM_ADDRESS)
  })
})
