// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PorticoKit, createKernel, createMemoryBackend } from '../../kernel/index.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { modalRoot } from '../../shell/test/testKit.ts'
import { HARDHAT_ACCOUNT_0 } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import { SAMPLE_WALLETS, type WalletRegistryServer, startWalletRegistry } from '../../test/peers/walletRegistry.mjs'
import { type WcWallet, createSharedKeyValueStorage, startWcWallet } from '../../test/peers/wcWallet.mjs'
import { walletConnectPlugin } from './index.ts'

// The whole flow in the real modal (jsdom) with the real plugin body: AllWallets
// from a local registry, a picked wallet's QR code, a sign-client wallet pairing
// with the uri the page shows, over a local relay. Ports: relay 8624, registry 8636.
// No node is needed: the account and the session are the point, not the balance.
let relay: Relay
let registry: WalletRegistryServer
let wallet: WcWallet
beforeAll(async () => {
  ;[relay, registry] = await Promise.all([startRelay({ port: 8624 }), startWalletRegistry({ port: 8636 })])
  wallet = await startWcWallet({ relayUrl: relay.url, privateKey: HARDHAT_ACCOUNT_0.privateKey, rpcUrls: { 31337: 'http://127.0.0.1:1' }, storagePrefix: 'modal-flow-wallet' })
})
afterAll(async () => {
  await wallet?.stop()
  await Promise.all([relay?.stop(), registry?.stop()])
})

let kit: PorticoKit | undefined
afterEach(() => {
  cleanup()
  kit?.destroy()
})

const rows = () => [...modalRoot().querySelectorAll('ul[aria-label="Wallets"] li button')]

describe('WalletConnect in the modal', () => {
  it('AllWallets -> a registry wallet -> its QR code; the wallet pairs; the kit connects and remembers the wallet as recent', async () => {
    kit = createKernel(
      {
        projectId: 'portico-test',
        networks: [hardhatNetwork('http://127.0.0.1:1')],
        features: { analytics: false },
        endpoints: { relay: relay.url, walletRegistry: registry.url },
        plugins: [walletConnectPlugin({ provider: { storage: createSharedKeyValueStorage(), customStoragePrefix: 'modal-flow-kit', logLevel: 'silent' } })],
      },
      {
        storage: createMemoryBackend(),
        environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
        logger: { warn: () => undefined, error: () => undefined },
      },
    )
    const k = kit
    render(<PorticoProvider kit={k} />)
    act(() => k.open({ view: 'AllWallets' }))
    const phone = await waitFor(
      () => {
        const row = rows().find((r) => r.textContent?.includes('Portico Dev Phone Wallet'))
        if (!row) throw new Error('no registry wallets yet')
        return row
      },
      { timeout: 10_000 },
    )
    fireEvent.click(phone)
    const pairing = await waitFor(
      () => {
        const panel = modalRoot().querySelector<HTMLElement>('[data-testid="portico-wc-pairing"]')
        if (!panel?.dataset['uri']) throw new Error('no uri yet')
        return panel
      },
      { timeout: 15_000 },
    )
    expect(modalRoot().querySelector('svg[role="img"]')?.getAttribute('aria-label')).toBe('QR code to connect Portico Dev Phone Wallet')
    await wallet.pair(pairing.dataset['uri']!)
    await waitFor(() => expect(k.chains.record('eip155')!.accountState.status).toBe('connected'), { timeout: 15_000 })
    expect(k.chains.record('eip155')!.accountState).toMatchObject({
      address: HARDHAT_ACCOUNT_0.address,
      connectedWalletInfo: { name: 'Portico Dev Phone Wallet', identifier: 'portico-dev-phone' },
    })
    expect(k.storage.get('recentWallets')).toEqual([{ id: 'portico-dev-phone', name: 'Portico Dev Phone Wallet', imageUrl: SAMPLE_WALLETS[0]!.image_url }])
    await waitFor(() => expect(k.modal.store.get().open).toBe(false))
  }, 40_000)
})
