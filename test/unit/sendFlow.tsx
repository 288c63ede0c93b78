// Shared by plugins/send's flow tests (send.test.tsx, sendTokens.test.tsx): outside plugins/, since
// a plugin's own files may import only the kernel and shell/ui.
import { act, fireEvent, render, waitFor } from '@testing-library/react'
import { type Hex, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { type CaipNetwork, type PluginManifest, type PorticoEvent, type PorticoKit, type PorticoOptions, createKernel, createMemoryBackend } from '../../kernel/index.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { modalRoot } from '../../shell/test/testKit.ts'
import { type HardhatNode, rpc } from '../peers/hardhat.ts'
import { type ApproveFn, createTestWallet } from '../peers/testWallet.ts'

// The send flow's tests drive the real modal (jsdom) with the real kernel and plugins, and a
// test wallet (EIP-6963) that signs and sends on real Hardhat nodes.

export const RDNS = 'org.portico.send-test'

/** What each test leaves behind; the file's afterEach empties it. */
export const kits: PorticoKit[] = []
export const unannounce: (() => void)[] = []

/**
 * A test wallet on `nodes` (chain id -> node), over `privateKey` or a fresh key. With
 * `wei`, the account's ETH is set to it on every node first.
 */
export async function wallet(
  nodes: Readonly<Record<number, HardhatNode>>,
  { approve = () => true, privateKey, wei }: { approve?: ApproveFn; privateKey?: Hex; wei?: bigint } = {},
) {
  const ids = Object.keys(nodes).map(Number)
  const w = createTestWallet({
    name: 'Send Test Wallet',
    rdns: RDNS,
    rpcUrls: Object.fromEntries(ids.map((id) => [id, nodes[id]!.url])),
    privateKey: privateKey ?? generatePrivateKey(),
    knownChainIds: ids,
    approve,
  })
  if (wei !== undefined) await Promise.all(Object.values(nodes).map((node) => rpc(node.url, 'hardhat_setBalance', [w.address, toHex(wei)])))
  unannounce.push(w.announce())
  return w
}

/** A kit over `networks` rendered by the React provider. */
export function setup(networks: CaipNetwork[], plugins: PluginManifest[], options: Partial<PorticoOptions> = {}) {
  const kit = createKernel(
    { projectId: 'p', networks, plugins, ...options, features: { analytics: false, ...options.features } },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
    },
  )
  kits.push(kit)
  render(<PorticoProvider kit={kit} />)
  return kit
}

/** Connects the test wallet the way the Connect view does, then shows the Account view. */
export async function connect(kit: PorticoKit) {
  await kit.restored
  act(() => kit.open())
  await kit.plugins.load('eip155')
  await act(async () => kit.connect({ connectorId: RDNS, namespace: 'eip155' }))
  act(() => kit.open({ view: 'Account' }))
}

const shadow = () => modalRoot()
export const button = (name: string) => [...shadow().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)

/** A form control found by its visible label, as a person finds it. */
export function field<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(label: string): T {
  const labelElement = [...shadow().querySelectorAll('label')].find((l) => l.textContent === label)
  const control = labelElement && shadow().getElementById(labelElement.htmlFor)
  if (!control) throw new Error(`no control labelled ${label}`)
  return control as T
}

export const view = (kit: PorticoKit) => kit.router.current().view
export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
export const errorText = () => shadow().querySelector('[data-testid="send-error"]')?.textContent
export const feeText = () => shadow().querySelector('[data-testid="send-fee"]')?.textContent

/** Opens Send from the Account view and waits for the fee to be read. */
export async function openSend() {
  await waitFor(() => expect(button('Send')).toBeDefined())
  fireEvent.click(button('Send')!)
  // The first open downloads the body and the sender, then asks the node: slow on a busy machine.
  await waitFor(() => expect(feeText()).toMatch(/^Network fee /), { timeout: 10_000 })
}

export function fill(amount: string, receiver: string) {
  fireEvent.change(field('Amount'), { target: { value: amount } })
  fireEvent.change(field('To'), { target: { value: receiver } })
}

/** Review, then Send on the review. */
export async function reviewAndSend(kit: PorticoKit) {
  await act(async () => fireEvent.click(button('Review send')!))
  expect(errorText()).toBeUndefined()
  expect(view(kit)).toBe('WalletSendPreview')
  await act(async () => fireEvent.click(button('Send')!))
}

export function recordEvents(kit: PorticoKit) {
  const events: PorticoEvent[] = []
  kit.subscribeEvents((event) => events.push(event))
  return events
}

/** The hash SEND_SUCCESS carried. */
export function sentHash(events: readonly PorticoEvent[]): Hex {
  const sent = events.find((e) => e.type === 'PLUGIN_EVENT' && e.plugin === 'send' && e.name === 'SEND_SUCCESS')
  if (sent?.type !== 'PLUGIN_EVENT') throw new Error('no SEND_SUCCESS event')
  return sent.properties?.['hash'] as Hex
}
