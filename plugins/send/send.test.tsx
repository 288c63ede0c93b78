// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { type Hex, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PorticoEvent, type PorticoKit, type PorticoOptions, SnackText, createKernel, createMemoryBackend } from '../../kernel/index.ts'
import { PorticoProvider } from '../../shell/provider/PorticoProvider.tsx'
import { modalRoot } from '../../shell/test/testKit.ts'
import { type HardhatNode, rpc, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { type ApproveFn, createTestWallet } from '../../test/peers/testWallet.ts'
import { eip155Plugin } from '../namespaces/eip155/index.ts'
import { receivePlugin } from '../receive/index.ts'
import { sendPlugin } from './index.ts'

// The send flow in the real modal (jsdom): the real kernel, the eip155 plugin and a test
// wallet (EIP-6963) on two real Hardhat nodes, which sign and send with their keys.
// Native sends here; token sends (ERC20 and the USDT shape) in sendTokens.test.tsx.
// Ports 8583/8584 belong to this file.
const RDNS = 'org.portico.send-test'
let node1: HardhatNode
let node2: HardhatNode
beforeAll(async () => {
  ;[node1, node2] = await Promise.all([startHardhat({ port: 8583 }), startHardhat({ port: 8584, chainId: 31338 })])
}, 60_000)
afterAll(async () => {
  await Promise.all([node1?.stop(), node2?.stop()])
})

const kits: PorticoKit[] = []
const unannounce: (() => void)[] = []
afterEach(() => {
  cleanup()
  kits.splice(0).forEach((kit) => kit.destroy())
  unannounce.splice(0).forEach((stop) => stop())
})

/** A wallet over a fresh key holding `wei` (10 ETH) on both chains, so balances never depend on test order. */
async function wallet(approve: ApproveFn = () => true, wei = 10n ** 19n) {
  const w = createTestWallet({
    name: 'Send Test Wallet',
    rdns: RDNS,
    rpcUrls: { 31337: node1.url, 31338: node2.url },
    privateKey: generatePrivateKey(),
    knownChainIds: [31337, 31338],
    approve,
  })
  await Promise.all([node1, node2].map((node) => rpc(node.url, 'hardhat_setBalance', [w.address, toHex(wei)])))
  unannounce.push(w.announce())
  return w
}

function setup(options: Partial<PorticoOptions> = {}, plugins = [eip155Plugin(), receivePlugin(), sendPlugin()]) {
  const kit = createKernel(
    {
      projectId: 'p',
      networks: [hardhatNetwork(node1.url), hardhatNetwork(node2.url, 31338)],
      plugins,
      ...options,
      features: { analytics: false, ...options.features },
    },
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

async function connect(kit: PorticoKit) {
  await kit.restored
  act(() => kit.open())
  await kit.plugins.load('eip155')
  await act(async () => kit.connect({ connectorId: RDNS, namespace: 'eip155' }))
  act(() => kit.open({ view: 'Account' }))
}

const shadow = () => modalRoot()
const buttons = () => [...shadow().querySelectorAll<HTMLButtonElement>('button')]
const button = (name: string) => buttons().find((b) => b.textContent === name)
const field = (label: string) => {
  const labelElement = [...shadow().querySelectorAll('label')].find((l) => l.textContent === label)
  const control = labelElement && shadow().getElementById(labelElement.htmlFor)
  if (!control) throw new Error(`no control labelled ${label}`)
  return control as HTMLInputElement | HTMLSelectElement
}
const view = (kit: PorticoKit) => kit.router.current().view
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const balanceOf = async (node: HardhatNode, address: string) => BigInt(await rpc<string>(node.url, 'eth_getBalance', [address, 'latest']))

/** Opens Send from the Account view and waits for the fee to be read. */
async function openSend(kit: PorticoKit) {
  await waitFor(() => expect(button('Send')).toBeDefined())
  fireEvent.click(button('Send')!)
  await waitFor(() => expect(shadow().querySelector('[data-testid="send-fee"]')?.textContent).toMatch(/^Network fee /))
}

function fill(amount: string, receiver: string) {
  fireEvent.change(field('Amount'), { target: { value: amount } })
  fireEvent.change(field('To'), { target: { value: receiver } })
}

const errorText = () => shadow().querySelector('[data-testid="send-error"]')?.textContent

function recordEvents(kit: PorticoKit) {
  const events: PorticoEvent[] = []
  kit.subscribeEvents((event) => events.push(event))
  return events
}

describe('the Send wallet feature', () => {
  it('is the last wallet feature, after Receive (SPEC §9 order), and its body loads only when opened', async () => {
    await wallet()
    const kit = setup()
    await connect(kit)
    const features = [...shadow().querySelectorAll('[role="group"][aria-label="Wallet features"] button')].map((b) => b.textContent)
    expect(features).toEqual(['Receive', 'Send'])
    expect(kit.plugins.status.get()['send']).toEqual({ state: 'idle' })
    await openSend(kit)
    expect(kit.plugins.status.get()['send']?.state).toBe('active')
    expect(view(kit)).toBe('WalletSend')
    // The dialog is named by the view's title; every control has a name.
    const dialog = shadow().querySelector('dialog')!
    expect(shadow().getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Send')
    expect((field('Token') as HTMLSelectElement).selectedOptions[0]?.textContent).toMatch(/^Ether: 10 ETH$/)
  })

  it('with features.send off there is no Send button and the plugin never loads', async () => {
    await wallet()
    const kit = setup({ features: { send: false } })
    await connect(kit)
    expect(button('Receive')).toBeDefined()
    expect(button('Send')).toBeUndefined()
    await expect(kit.views.resolve('WalletSend')).rejects.toThrow('View "WalletSend" is not available')
  })
})

describe('a native send', () => {
  it('1.5 ETH to a fresh address: reviewed, sent by the wallet, "Transaction started", the form reset and back to Account; the receiver holds exactly 1.5 ETH', async () => {
    const w = await wallet()
    const kit = setup()
    const events = recordEvents(kit)
    await connect(kit)
    await openSend(kit)
    const receiver = freshAddress()
    fill('1.5', receiver)
    await act(async () => fireEvent.click(button('Review send')!))
    expect(view(kit)).toBe('WalletSendPreview')
    expect(shadow().querySelector('[data-testid="send-preview-amount"]')?.textContent).toBe('1.5 ETH (≈ $0.00)')
    expect(shadow().querySelector('[data-testid="send-preview-receiver"]')?.textContent).toBe(receiver)

    await act(async () => fireEvent.click(button('Send')!))
    await waitFor(() => expect(view(kit)).toBe('Account'))
    expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.TRANSACTION_STARTED, variant: 'success' })
    expect(await balanceOf(node1, receiver)).toBe(1_500_000_000_000_000_000n)
    const sent = events.find((e) => e.type === 'PLUGIN_EVENT' && e.name === 'SEND_SUCCESS')
    expect(sent).toMatchObject({ plugin: 'send', properties: { namespace: 'eip155', caipNetworkId: 'eip155:31337', token: 'native', symbol: 'ETH', amount: '1.5' } })
    const hash = (sent as unknown as { properties: { hash: Hex } }).properties.hash
    const receipt = await rpc<{ status: string; from: string; to: string }>(node1.url, 'eth_getTransactionReceipt', [hash])
    expect(receipt).toMatchObject({ status: '0x1', from: w.address.toLowerCase(), to: receiver.toLowerCase() })
    expect(w.prompts.map((p) => p.method)).toContain('eth_sendTransaction')

    // The form is empty again.
    await openSend(kit)
    expect((field('Amount') as HTMLInputElement).value).toBe('')
    expect((field('To') as HTMLInputElement).value).toBe('')
  })

  it('the wallet refuses: "Something went wrong", the review stays with what was typed, nothing moves', async () => {
    await wallet((method) => method !== 'eth_sendTransaction')
    const kit = setup()
    await connect(kit)
    await openSend(kit)
    const receiver = freshAddress()
    fill('0.25', receiver)
    await act(async () => fireEvent.click(button('Review send')!))
    await act(async () => fireEvent.click(button('Send')!))
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.SOMETHING_WENT_WRONG, variant: 'error' }))
    expect(view(kit)).toBe('WalletSendPreview')
    expect(button('Send')?.disabled).toBe(false)
    expect(await balanceOf(node1, receiver)).toBe(0n)
    fireEvent.click(button('Back')!)
    expect((field('Amount') as HTMLInputElement).value).toBe('0.25')
  })

  it('Max fills the balance less the fee; an empty or malformed amount or receiver is refused with the spec text, fields marked', async () => {
    const w = await wallet()
    const kit = setup()
    await connect(kit)
    await openSend(kit)
    const balance = await balanceOf(node1, w.address)
    fireEvent.click(button('Max')!)
    const max = parseEther((field('Amount') as HTMLInputElement).value)
    // What is kept back is the fee of a plain transfer: its gas (Hardhat estimates 21 001) at the node's gas price.
    const gas = BigInt(await rpc<string>(node1.url, 'eth_estimateGas', [{ from: w.address, to: w.address, value: '0x0' }]))
    const gasPrice = BigInt(await rpc<string>(node1.url, 'eth_gasPrice'))
    expect(gas).toBe(21_001n)
    expect(max).toBe(balance - gas * gasPrice)

    fireEvent.change(field('To'), { target: { value: '0x1234' } })
    await act(async () => fireEvent.click(button('Review send')!))
    expect(errorText()).toBe('Please enter a valid amount and receiver address')
    expect(field('To').getAttribute('aria-invalid')).toBe('true')
    expect(field('Amount').getAttribute('aria-invalid')).toBeNull()
    expect(view(kit)).toBe('WalletSend')
    expect(w.prompts.map((p) => p.method)).not.toContain('eth_sendTransaction')
  })

  it('not enough ETH left for gas is refused by the rule before the wallet is asked (1 000 000 wei held, 500 000 sent)', async () => {
    const w = await wallet(undefined, 1_000_000n)
    const kit = setup()
    await connect(kit)
    await openSend(kit)
    fill('0.0000000000005', freshAddress())
    await act(async () => fireEvent.click(button('Review send')!))
    expect(errorText()).toBe('Insufficient funds for gas')
    expect(view(kit)).toBe('WalletSend')
    expect(w.prompts.map((p) => p.method)).not.toContain('eth_sendTransaction')
  })

  it('a smart account skips the gas rule: the same send goes on to the review', async () => {
    const w = await wallet(undefined, 1_000_000n)
    const kit = setup()
    await connect(kit)
    act(() => {
      kit.chains.updateAccount('eip155', { allAccounts: [{ address: w.address, type: 'smartAccount', namespace: 'eip155' }] })
      kit.chains.updateNetwork('eip155', { smartAccountEnabledNetworks: [31337] })
    })
    await openSend(kit)
    fill('0.0000000000005', freshAddress())
    await act(async () => fireEvent.click(button('Review send')!))
    expect(errorText()).toBeUndefined()
    expect(view(kit)).toBe('WalletSendPreview')
  })
})

describe('the send form resets', () => {
  it('on a network switch (SPEC §4): the typed amount and receiver are gone, and the fee is read on the new chain', async () => {
    await wallet()
    const kit = setup()
    await connect(kit)
    await openSend(kit)
    fill('2', freshAddress())
    await act(async () => kit.switchNetwork(hardhatNetwork(node2.url, 31338)))
    await waitFor(() => expect((field('Amount') as HTMLInputElement).value).toBe(''))
    expect((field('To') as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(shadow().querySelector('[data-testid="send-fee"]')?.textContent).toMatch(/^Network fee /))
  })

  it('on a switch while the review shows: nothing is left to send there', async () => {
    await wallet()
    const kit = setup()
    await connect(kit)
    await openSend(kit)
    fill('2', freshAddress())
    await act(async () => fireEvent.click(button('Review send')!))
    expect(view(kit)).toBe('WalletSendPreview')
    await act(async () => kit.switchNetwork(hardhatNetwork(node2.url, 31338)))
    await waitFor(() => expect(shadow().textContent).toContain('Nothing to send: the form was reset.'))
    expect(button('Send')).toBeUndefined()
  })
})
