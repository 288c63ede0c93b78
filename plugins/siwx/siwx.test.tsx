// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { type Hex, verifyMessage } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ErrorText, type PorticoKit, type PorticoOptions, createKernel, createMemoryBackend, definePlugin, isUnsupportedPlaceholder } from '../../kernel/index.ts'
import { parseSiwxMessage } from '../../protocol/siwx/index.ts'
import { LOCAL_SIWX_STORAGE_KEY, type SiweConfig, type SiwxConfig, localSiwx, requestSiwxSignIn, siwxPlugin, siwxSignOut } from '../../entries/siwx.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { modalRoot } from '../../shell/test/testKit.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { type ApproveFn, createTestWallet } from '../../test/peers/testWallet.ts'
import { eip155Plugin } from '../namespaces/eip155/index.ts'
import { serverSiwx } from '../../entries/siwx.ts'
import { type SiwxServerPeer, startSiwxServer } from './test/startSiwxServer.ts'

// The sign-in flow in the real modal (jsdom) with the real kernel, the real eip155
// plugin and a test wallet (EIP-6963) on a real Hardhat node, which signs with its key.
// Port 8577 belongs to this file.
const RDNS = 'org.portico.siwx-test'
const ADDRESS = HARDHAT_ACCOUNT_0.address
let node: HardhatNode
beforeAll(async () => {
  node = await startHardhat({ port: 8577 })
})
afterAll(async () => {
  await node?.stop()
})

const kits: PorticoKit[] = []
const unannounce: (() => void)[] = []
afterEach(() => {
  cleanup()
  kits.splice(0).forEach((kit) => kit.destroy())
  unannounce.splice(0).forEach((stop) => stop())
  localStorage.clear()
})

function wallet(approve: ApproveFn = () => true) {
  const w = createTestWallet({
    name: 'SIWX Test Wallet',
    rdns: RDNS,
    rpcUrls: { 31337: node.url },
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: [31337],
    approve,
  })
  unannounce.push(w.announce())
  return w
}

function setup(options: Partial<PorticoOptions>, plugins = [eip155Plugin(), siwxPlugin()], storage = createMemoryBackend()) {
  const kit = createKernel(
    { projectId: 'p', networks: [hardhatNetwork(node.url)], features: { analytics: false }, plugins, ...options },
    {
      storage,
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
    },
  )
  kits.push(kit)
  render(<PorticoProvider kit={kit} />)
  return kit
}

const shadow = () => modalRoot()
const button = (name: string) => [...shadow().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name || b.getAttribute('aria-label') === name)
const view = (kit: PorticoKit) => kit.router.current().view
const isOpen = (kit: PorticoKit) => kit.modal.store.get().open

/** Connects the way the Connect view does: modal open, eip155 body active, then kit.connect. */
async function connect(kit: PorticoKit) {
  await kit.restored
  act(() => kit.open())
  await kit.plugins.load('eip155')
  await act(async () => kit.connect({ connectorId: RDNS, namespace: 'eip155' }))
}

/** Waits for the view to offer Sign (the message is prepared). */
async function signReady() {
  await waitFor(() => expect(button('Sign')?.disabled).toBe(false))
}

const storedSessions = () => JSON.parse(localStorage.getItem(LOCAL_SIWX_STORAGE_KEY) ?? '[]') as { data: { chainId: string }; message: string; signature: Hex }[]

describe('after connect', () => {
  it('with SIWX on, a supported network and no session, SIWXSignMessage opens and says what is asked: the domain, the account, the statement', async () => {
    wallet()
    const kit = setup({ siwx: localSiwx({ statement: 'Sign in to the SIWX test' }) })
    await connect(kit)
    expect(isOpen(kit)).toBe(true)
    expect(view(kit)).toBe('SIWXSignMessage')
    await signReady()
    const text = shadow().textContent ?? ''
    expect(text).toContain(`${location.host} asks you to sign in`)
    expect(text).toContain('Sign in to the SIWX test')
    expect(shadow().querySelector(`[title="${ADDRESS}"]`)).not.toBeNull()
    expect(button('Cancel')).toBeDefined()
    // The dialog is named by the view's title.
    const dialog = shadow().querySelector('dialog')!
    expect(shadow().getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Sign In')
  })

  it('Sign: the message (every field set) is signed by the wallet with personal_sign, the session is stored, and the modal closes', async () => {
    const w = wallet()
    const kit = setup({ siwx: localSiwx({ statement: 'Sign in', expirationSeconds: 3600 }) })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(isOpen(kit)).toBe(false))
    expect(w.prompts.filter((p) => p.method === 'personal_sign')).toHaveLength(1)
    const [session] = storedSessions()
    expect(session?.data.chainId).toBe('eip155:31337')
    const fields = parseSiwxMessage(session!.message)
    expect(fields).toMatchObject({ domain: location.host, uri: location.origin, accountAddress: ADDRESS, chainId: 'eip155:31337', statement: 'Sign in', version: '1' })
    expect(Date.parse(fields.expirationTime!) - Date.parse(fields.issuedAt)).toBe(3_600_000)
    // What the wallet signed is the message text itself: an outside verifier accepts it.
    expect(await verifyMessage({ address: ADDRESS as Hex, message: session!.message, signature: session!.signature })).toBe(true)
    expect(kit.chains.isConnected()).toBe(true)
  })

  it('with a session for the account and chain, nothing is asked: the modal closes as after any connection', async () => {
    const w = wallet()
    const siwx = localSiwx()
    const data = await siwx.createMessage({ accountAddress: ADDRESS, chainId: 'eip155:31337' })
    await siwx.addSession({ data, message: 'kept', signature: '0x01' })
    const kit = setup({ siwx })
    await connect(kit)
    expect(isOpen(kit)).toBe(false)
    expect(w.prompts.some((p) => p.method === 'personal_sign')).toBe(false)
  })

  it('a network the app does not list asks nothing (the wallet is on 31337 and refuses to move; the app lists 31338 only)', async () => {
    wallet((method) => method !== 'wallet_switchEthereumChain' && method !== 'wallet_addEthereumChain')
    const kit = createKernel(
      {
        projectId: 'p',
        networks: [hardhatNetwork(node.url, 31338)],
        allowUnsupportedChain: true,
        features: { analytics: false },
        plugins: [eip155Plugin(), siwxPlugin()],
        siwx: localSiwx({ required: true }),
      },
      { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
    )
    kits.push(kit)
    render(<PorticoProvider kit={kit} />)
    await connect(kit)
    expect(kit.chains.isConnected()).toBe(true)
    expect(isUnsupportedPlaceholder(kit.chains.get().activeCaipNetwork)).toBe(true)
    expect(view(kit)).not.toBe('SIWXSignMessage')
    expect(isOpen(kit)).toBe(false)
  })

  it('without siwx or siweConfig the plugin is absent: connecting closes the modal, and the public calls throw SIWX is not enabled', async () => {
    wallet()
    const kit = setup({})
    expect(kit.plugins.manifests.map((m) => m.id)).toEqual(['eip155'])
    await connect(kit)
    expect(isOpen(kit)).toBe(false)
    await expect(requestSiwxSignIn(kit)).rejects.toMatchObject({ shortMessage: ErrorText.SIWX_NOT_ENABLED })
    await expect(siwxSignOut(kit)).rejects.toMatchObject({ shortMessage: ErrorText.SIWX_NOT_ENABLED })
  })
})

describe('resumed and changed connections', () => {
  it('a connection resumed at start (a reload) with no session in the store asks again; with the session kept, nothing is asked', async () => {
    const w = wallet()
    const storage = createMemoryBackend()
    const siwx = localSiwx()
    const first = setup({ siwx }, undefined, storage)
    await connect(first)
    await signReady()
    // Optional: the visitor skips it; the connection stays and is resumed by the next page.
    await act(async () => fireEvent.click(button('Cancel')!))
    expect(first.chains.isConnected()).toBe(true)
    cleanup()
    first.destroy()

    const reloaded = setup({ siwx }, undefined, storage)
    await reloaded.restored
    await waitFor(() => expect(view(reloaded)).toBe('SIWXSignMessage'))
    expect(isOpen(reloaded)).toBe(true)
    expect(reloaded.chains.activeAccount()?.address).toBe(ADDRESS)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(isOpen(reloaded)).toBe(false))
    cleanup()
    reloaded.destroy()

    const signs = w.prompts.filter((p) => p.method === 'personal_sign').length
    const again = setup({ siwx }, undefined, storage)
    await again.restored
    await waitFor(() => expect(again.chains.isConnected()).toBe(true))
    await new Promise((settle) => setTimeout(settle, 200))
    expect(isOpen(again)).toBe(false)
    expect(w.prompts.filter((p) => p.method === 'personal_sign')).toHaveLength(signs)
  })

  it('another account chosen in the wallet (accountsChanged) is asked for its own sign-in', async () => {
    const w = wallet()
    const kit = setup({ siwx: localSiwx() })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(isOpen(kit)).toBe(false))
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    await act(async () => w.emit('accountsChanged', [other]))
    await waitFor(() => expect(view(kit)).toBe('SIWXSignMessage'))
    expect(isOpen(kit)).toBe(true)
    await signReady()
    expect(shadow().querySelector(`[title="${other}"]`)).not.toBeNull()
  })
})

describe('cancel, close guard and failure', () => {
  it('Cancel when SIWX is optional: the modal closes, the view resets to Connect, the wallet stays connected', async () => {
    wallet()
    const kit = setup({ siwx: localSiwx() })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Cancel')!))
    expect(isOpen(kit)).toBe(false)
    expect(view(kit)).toBe('Connect')
    expect(kit.chains.isConnected()).toBe(true)
    expect(storedSessions()).toEqual([])
  })

  it('Cancel when SIWX is required: the wallet is disconnected and the modal shows Connect', async () => {
    wallet()
    const kit = setup({ siwx: localSiwx({ required: true }) })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Cancel')!))
    await waitFor(() => expect(kit.chains.isConnected()).toBe(false))
    expect(isOpen(kit)).toBe(true)
    expect(view(kit)).toBe('Connect')
  })

  it('required and no session: the Close button is disabled and closing is refused (the dialog shakes) on SIWXSignMessage and on ApproveTransaction, allowed elsewhere', async () => {
    wallet()
    // The embedded wallet's approval view, as the auth plugin contributes it.
    const approval = definePlugin({
      id: 'approval-test',
      contributes: { views: ['ApproveTransaction'] },
      load: async () => ({ activate: ({ views }) => views.register('ApproveTransaction', { component: () => <p>Approve</p>, title: 'Approve' }) }),
    })
    const kit = setup({ siwx: localSiwx({ required: true }) }, [eip155Plugin(), siwxPlugin(), approval])
    await connect(kit)
    await signReady()
    expect(button('Close')!.disabled).toBe(true)
    // Escape (the dialog's cancel) and the app's close() are refused with a shake.
    act(
      () =>
        void shadow()
          .querySelector('dialog')!
          .dispatchEvent(new Event('cancel', { cancelable: true })),
    )
    expect(isOpen(kit)).toBe(true)
    expect(kit.modal.store.get().shake).toBe(true)
    act(() => kit.close())
    expect(isOpen(kit)).toBe(true)
    // Signing through the embedded wallet shows its approval on top of the sign-in.
    act(() => kit.router.push('ApproveTransaction'))
    await waitFor(() => expect(shadow().textContent).toContain('Approve'))
    expect(button('Close')!.disabled).toBe(true)
    act(() => kit.close())
    expect(isOpen(kit)).toBe(true)
    act(() => kit.router.replace('Account'))
    expect(button('Close')!.disabled).toBe(false)
  })

  it('optional: closing is allowed on SIWXSignMessage, and it drops the pending sign-in', async () => {
    wallet()
    const kit = setup({ siwx: localSiwx() })
    await connect(kit)
    await signReady()
    expect(kit.modal.isCloseDisabled()).toBe(false)
    act(() => fireEvent.click(button('Close')!))
    expect(isOpen(kit)).toBe(false)
    expect(kit.chains.isConnected()).toBe(true)
  })

  it('once signed in, closing is allowed again (required)', async () => {
    wallet()
    const kit = setup({ siwx: localSiwx({ required: true }) })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(isOpen(kit)).toBe(false))
    act(() => kit.open({ view: 'SIWXSignMessage' }))
    expect(kit.modal.isCloseDisabled()).toBe(false)
  })

  it('a refused signature disconnects, shows why, and resets to Connect', async () => {
    wallet((method) => method !== 'personal_sign')
    const kit = setup({ siwx: localSiwx() })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(kit.chains.isConnected()).toBe(false))
    expect(view(kit)).toBe('Connect')
    expect(kit.snack.store.get()).toMatchObject({ open: true, variant: 'error' })
    expect(storedSessions()).toEqual([])
  })

  it("a store that refuses the session (a verifier's no) disconnects and resets to Connect", async () => {
    wallet()
    const local = localSiwx()
    const refusing: SiwxConfig = { ...local, addSession: async () => Promise.reject(new Error('signature refused by the test store')) }
    const kit = setup({ siwx: refusing })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(kit.chains.isConnected()).toBe(false))
    expect(view(kit)).toBe('Connect')
    expect(kit.snack.store.get()).toMatchObject({ variant: 'error', message: 'signature refused by the test store' })
  })

  it('a message that cannot be created (the nonce source fails) disconnects and resets to Connect', async () => {
    wallet()
    const local = localSiwx()
    const kit = setup({ siwx: { ...local, createMessage: async () => Promise.reject(new Error('no nonce today')) } })
    await connect(kit)
    await waitFor(() => expect(kit.chains.isConnected()).toBe(false))
    expect(view(kit)).toBe('Connect')
  })
})

describe('public calls and siweConfig', () => {
  it('requestSiwxSignIn asks the connected account again; siwxSignOut ends its session in the store', async () => {
    wallet()
    const kit = setup({ siwx: localSiwx() })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(isOpen(kit)).toBe(false))
    expect(storedSessions()).toHaveLength(1)
    await act(async () => siwxSignOut(kit))
    expect(storedSessions()).toEqual([])
    await act(async () => requestSiwxSignIn(kit))
    expect(isOpen(kit)).toBe(true)
    expect(view(kit)).toBe('SIWXSignMessage')
    await signReady()
  })

  it('siweConfig: its nonce and its own message text are signed, its verifyMessage decides, and its session counts on the next connect', async () => {
    const w = wallet()
    const nonces: string[] = []
    let session: { address: string; chainId: number } | null = null
    const siweConfig: SiweConfig = {
      getNonce: async () => {
        nonces.push(`nonce${nonces.length}abcdef`)
        return nonces.at(-1)!
      },
      getMessageParams: async () => ({ domain: 'siwe.example', uri: 'https://siwe.example', statement: 'Old-style sign-in' }),
      createMessage: (args) =>
        createSiweMessage({
          address: args.address as Hex,
          chainId: args.chainId,
          domain: args.domain,
          uri: args.uri,
          nonce: args.nonce,
          version: args.version,
          issuedAt: new Date(args.iat),
          ...(args.statement ? { statement: args.statement } : {}),
        }),
      verifyMessage: async ({ message, signature }) => {
        const ok = await verifyMessage({ address: ADDRESS as Hex, message, signature: signature as Hex })
        if (ok) session = { address: ADDRESS.toLowerCase(), chainId: 31337 }
        return ok
      },
      getSession: async () => session,
      signOut: async () => ((session = null), true),
      required: true,
    }
    const kit = setup({ siweConfig })
    await connect(kit)
    expect(view(kit)).toBe('SIWXSignMessage')
    await signReady()
    expect(shadow().textContent).toContain('siwe.example asks you to sign in')
    expect(shadow().textContent).toContain('Old-style sign-in')
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(isOpen(kit)).toBe(false))
    expect(session).toEqual({ address: ADDRESS.toLowerCase(), chainId: 31337 })
    const signed = w.prompts.filter((p) => p.method === 'personal_sign')
    expect(signed).toHaveLength(1)

    // The next connection finds the session: nothing is asked.
    await act(async () => kit.disconnect())
    await connect(kit)
    expect(isOpen(kit)).toBe(false)
    expect(nonces).toHaveLength(1)
    await act(async () => siwxSignOut(kit))
    expect(session).toBeNull()
  })
})

describe('with the siwx server (servers/siwx) over HTTP', () => {
  // The real server on PGlite in memory, behind its plain node:http example, verifying
  // with the Hardhat node (in a process of its own: see test/siwxServerPeer.ts). Node's
  // fetch keeps no cookies and sends no Origin, so the store's fetch does both as a browser does
  // for a page's own credentials: 'include' requests.
  let peer: SiwxServerPeer
  let base: string
  const jar = new Map<string, string>()
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const cookie = [...jar.entries()].map(([name, value]) => `${name}=${value}`).join('; ')
    const origin: Record<string, string> = (init.method ?? 'GET') === 'GET' ? {} : { origin: location.origin }
    const response = await fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), ...origin, ...(cookie ? { cookie } : {}) } })
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';')
      const at = pair.indexOf('=')
      if (/Max-Age=0/i.test(set)) jar.delete(pair.slice(0, at))
      else jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
  beforeAll(async () => {
    peer = await startSiwxServer({ domains: [location.host], rpcUrls: { 'eip155:31337': node.url } })
    base = peer.url
  })
  afterAll(async () => {
    await peer?.stop()
  })

  const me = async () => (await jarFetch(`${base}/api/me`)).status

  it('connect -> sign -> the server verifies and its protected route answers; a new kit finds the session without a signature; sign-out ends it on the server', async () => {
    jar.clear()
    const w = wallet()
    const kit = setup({ siwx: serverSiwx({ url: `${base}/siwx`, statement: 'Sign in to the test app', fetch: jarFetch, required: true }) })
    expect(await me()).toBe(401)
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(isOpen(kit)).toBe(false))
    expect(await me()).toBe(200)
    expect(await (await jarFetch(`${base}/api/me`)).json()).toEqual({ address: ADDRESS, chainId: 'eip155:31337' })

    // The next visit (a new kit, the same cookie): connecting asks nothing.
    kit.destroy()
    cleanup()
    const signatures = w.prompts.filter((p) => p.method === 'personal_sign').length
    const next = setup({ siwx: serverSiwx({ url: `${base}/siwx`, fetch: jarFetch, required: true }) })
    await connect(next)
    expect(isOpen(next)).toBe(false)
    expect(w.prompts.filter((p) => p.method === 'personal_sign')).toHaveLength(signatures)

    await act(async () => siwxSignOut(next))
    // The session cookie is gone (the nonce cookie of the spent nonce may stay: it opens nothing).
    expect([...jar.keys()].filter((name) => name.endsWith('portico_siwx'))).toEqual([])
    expect(await me()).toBe(401)
  })

  it("the server's refusal (a message for a domain it does not serve) disconnects, shows the refusal and resets to Connect", async () => {
    jar.clear()
    wallet()
    const store = serverSiwx({ url: `${base}/siwx`, fetch: jarFetch })
    const otherDomain: SiwxConfig = { ...store, createMessage: async (input) => ({ ...(await store.createMessage(input)), domain: 'elsewhere.example' }) }
    const kit = setup({ siwx: otherDomain })
    await connect(kit)
    await signReady()
    await act(async () => fireEvent.click(button('Sign')!))
    await waitFor(() => expect(kit.chains.isConnected()).toBe(false))
    expect(view(kit)).toBe('Connect')
    expect(kit.snack.store.get()).toMatchObject({ variant: 'error', message: 'The sign-in was refused' })
    expect(await me()).toBe(401)
  })
})
