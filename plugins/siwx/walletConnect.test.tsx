// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PorticoKit, createKernel, createMemoryBackend } from '../../kernel/index.ts'
import { LOCAL_SIWX_STORAGE_KEY, localSiwx, siwxPlugin } from '../../entries/siwx.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { modalRoot } from '../../shell/test/testKit.ts'
import { HARDHAT_ACCOUNT_0 } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import { type WcWallet, createSharedKeyValueStorage, startWcWallet } from '../../test/peers/wcWallet.mjs'
import { walletConnectPlugin } from '../walletconnect/index.ts'

// Sign-in through WalletConnect: the kit pairs with a sign-client wallet over a local
// relay; the SIWXSignMessage view opens after the connection and Sign sends personal_sign
// through the session to that wallet. Port 8627 (the relay) belongs to this file.
let relay: Relay
let wallet: WcWallet
beforeAll(async () => {
  relay = await startRelay({ port: 8627 })
  wallet = await startWcWallet({ relayUrl: relay.url, privateKey: HARDHAT_ACCOUNT_0.privateKey, rpcUrls: { 31337: 'http://127.0.0.1:1' }, storagePrefix: 'siwx-wc-wallet' })
})
afterAll(async () => {
  await wallet?.stop()
  await relay?.stop()
})

let kit: PorticoKit | undefined
afterEach(() => {
  cleanup()
  kit?.destroy()
  localStorage.clear()
})

describe('sign-in through WalletConnect', () => {
  it('pair -> SIWXSignMessage -> Sign: the wallet signs over the relay, the signature verifies, the session is kept and the modal closes', async () => {
    kit = createKernel(
      {
        projectId: 'portico-test',
        networks: [hardhatNetwork('http://127.0.0.1:1')],
        features: { analytics: false },
        endpoints: { relay: relay.url },
        siwx: localSiwx({ statement: 'Sign in over WalletConnect' }),
        plugins: [walletConnectPlugin({ provider: { storage: createSharedKeyValueStorage(), customStoragePrefix: 'siwx-wc-kit', logLevel: 'silent' } }), siwxPlugin()],
      },
      {
        storage: createMemoryBackend(),
        environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
        logger: { warn: () => undefined, error: () => undefined },
      },
    )
    const k = kit
    render(<PorticoProvider kit={k} />)
    await k.restored
    act(() => k.open({ view: 'ConnectingWalletConnectBasic' }))
    const pairing = await waitFor(
      () => {
        const panel = modalRoot().querySelector<HTMLElement>('[data-testid="portico-wc-pairing"]')
        if (!panel?.dataset['uri']) throw new Error('no uri yet')
        return panel
      },
      { timeout: 15_000 },
    )
    await wallet.pair(pairing.dataset['uri']!)
    await waitFor(() => expect(k.router.current().view).toBe('SIWXSignMessage'), { timeout: 15_000 })
    const sign = await waitFor(() => {
      const button = [...modalRoot().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === 'Sign')
      if (!button || button.disabled) throw new Error('not ready')
      return button
    })
    await act(async () => fireEvent.click(sign))
    await waitFor(() => expect(k.modal.store.get().open).toBe(false), { timeout: 15_000 })
    expect(wallet.requests.map((r: { method: string }) => r.method)).toContain('personal_sign')
    const [session] = JSON.parse(localStorage.getItem(LOCAL_SIWX_STORAGE_KEY)!) as { message: string; signature: Hex }[]
    expect(await verifyMessage({ address: HARDHAT_ACCOUNT_0.address as Hex, message: session!.message, signature: session!.signature })).toBe(true)
  }, 60_000)
})
