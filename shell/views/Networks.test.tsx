// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PorticoKit, createKernel, createMemoryBackend, defineNetwork } from '../../kernel/index.ts'
import { eip155Plugin } from '../../plugins/namespaces/eip155/index.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { createTestWallet } from '../../test/peers/testWallet.ts'
import { NetworksView } from './Networks.tsx'

// The Networks view with a real kit, two Hardhat nodes and the EIP-6963 test wallet,
// which asks before switching chain. Ports 8566 and 8567 belong to this file.
const RDNS = 'org.portico.networks'
let node1: HardhatNode
let node2: HardhatNode
let approveSwitch = true
const kits: PorticoKit[] = []
const unannounce: (() => void)[] = []

beforeAll(async () => {
  ;[node1, node2] = await Promise.all([startHardhat({ port: 8566 }), startHardhat({ port: 8567, chainId: 31338 })])
})
afterAll(async () => {
  await Promise.all([node1?.stop(), node2?.stop()])
})
afterEach(() => {
  cleanup()
  kits.splice(0).forEach((kit) => kit.destroy())
  unannounce.splice(0).forEach((stop) => stop())
  approveSwitch = true
})

function setup() {
  const [one, two] = [hardhatNetwork(node1.url), hardhatNetwork(node2.url, 31338)]
  const kit = createKernel(
    { projectId: 'networks', networks: [one, two], plugins: [eip155Plugin()], features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      logger: { warn: () => undefined, error: () => undefined },
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
    },
  )
  kits.push(kit)
  const wallet = createTestWallet({
    name: 'Networks Wallet',
    rdns: RDNS,
    rpcUrls: { 31337: node1.url, 31338: node2.url },
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: [31337, 31338],
    approve: (method) => method !== 'wallet_switchEthereumChain' || approveSwitch,
  })
  unannounce.push(wallet.announce())
  return { kit, wallet, one, two }
}

async function connect(kit: PorticoKit) {
  await kit.plugins.load('eip155')
  await kit.connect({ connectorId: RDNS, namespace: 'eip155' })
}

const buttons = () => within(screen.getByRole('list', { name: 'Networks' })).getAllByRole('button')
const active = (kit: PorticoKit) => kit.chains.get().activeCaipNetwork.caipNetworkId

describe('Networks view', () => {
  it('lists every network as a button, the active one marked current', () => {
    const { kit } = setup()
    render(<NetworksView kit={kit} data={undefined} />)
    expect(buttons().map((b) => b.querySelector('.list-item-label')?.textContent)).toEqual(['Hardhat', 'Hardhat 31338'])
    expect(buttons().map((b) => b.getAttribute('aria-current'))).toEqual(['true', null])
    expect(screen.getByRole('button', { current: true })).toHaveProperty('textContent', 'HardhatActive')
  })

  it('disconnected: choosing a network switches to it and, opened on its own, closes the modal', async () => {
    const { kit } = setup()
    act(() => kit.open({ view: 'Networks' }))
    render(<NetworksView kit={kit} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Hardhat 31338' }))
    await waitFor(() => expect(kit.modal.store.get().open).toBe(false))
    expect(active(kit)).toBe('eip155:31338')
  })

  it('connected: the wallet approves, the network switches in the wallet and the kit, and the view goes back to Account', async () => {
    const { kit, wallet } = setup()
    await connect(kit)
    act(() => {
      kit.open({ view: 'Account' })
      kit.router.push('Networks')
    })
    render(<NetworksView kit={kit} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Hardhat 31338' }))
    await waitFor(() => expect(kit.router.current().view).toBe('Account'))
    expect(active(kit)).toBe('eip155:31338')
    expect(wallet.state().chainId).toBe(31338)
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('connected: a refusal in the wallet shows an error snack and leaves the network and the view as they were', async () => {
    const { kit, wallet } = setup()
    await connect(kit)
    approveSwitch = false
    act(() => kit.open({ view: 'Networks' }))
    render(<NetworksView kit={kit} data={undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Hardhat 31338' }))
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, variant: 'error', message: 'The request was rejected in the wallet' }))
    expect(wallet.prompts.map((p) => [p.method, p.approved])).toContainEqual(['wallet_switchEthereumChain', false])
    expect(active(kit)).toBe('eip155:31337')
    expect(kit.router.current().view).toBe('Networks')
    expect(kit.modal.store.get().open).toBe(true)
    expect(screen.getByRole('button', { current: true })).toHaveProperty('textContent', 'HardhatActive')
  })

  it('choosing the active network asks the wallet nothing and goes back', async () => {
    const { kit, wallet } = setup()
    await connect(kit)
    act(() => {
      kit.open({ view: 'Account' })
      kit.router.push('Networks')
    })
    render(<NetworksView kit={kit} data={undefined} />)
    const before = wallet.calls.length
    fireEvent.click(screen.getByRole('button', { current: true }))
    await waitFor(() => expect(kit.router.current().view).toBe('Account'))
    expect(wallet.calls.slice(before).map((c) => c.method)).not.toContain('wallet_switchEthereumChain')
  })

  it('a network added while the view is open is listed at once', () => {
    const { kit } = setup()
    render(<NetworksView kit={kit} data={undefined} />)
    const added = defineNetwork({
      id: 10,
      chainNamespace: 'eip155',
      name: 'Added',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
    })
    act(() => void kit.addNetwork('eip155', added))
    expect(buttons()).toHaveLength(3)
    expect(screen.getByRole('button', { name: 'Added' })).toBeDefined()
  })
})
