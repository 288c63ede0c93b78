// @vitest-environment jsdom
import '../../shell/test/preloadModal.ts'
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react'
import { parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PorticoKit, type PorticoOptions, SnackText } from '../../kernel/index.ts'
import { modalRoot } from '../../shell/test/testKit.ts'
import { type HardhatNode, rpc, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import type { ApproveFn } from '../../test/peers/testWallet.ts'
import { eip155Plugin } from '../namespaces/eip155/index.ts'
import { receivePlugin } from '../receive/index.ts'
import { sendPlugin } from './index.ts'
import * as h from '../../test/unit/sendFlow.tsx'

// Native sends through the real modal (jsdom), with the eip155 plugin and a test wallet on
// two real Hardhat nodes; token sends are in sendTokens.test.tsx. Ports 8583/8584 belong
// to this file.
let node1: HardhatNode
let node2: HardhatNode
beforeAll(async () => {
  ;[node1, node2] = await Promise.all([startHardhat({ port: 8583 }), startHardhat({ port: 8584, chainId: 31338 })])
}, 60_000)
afterAll(async () => {
  await Promise.all([node1?.stop(), node2?.stop()])
})
afterEach(() => {
  cleanup()
  h.kits.splice(0).forEach((kit) => kit.destroy())
  h.unannounce.splice(0).forEach((stop) => stop())
})

/** A fresh account holding `wei` (10 ETH) on both chains: balances never depend on test order. */
const wallet = (approve?: ApproveFn, wei = 10n ** 19n) => h.wallet({ 31337: node1, 31338: node2 }, { wei, ...(approve ? { approve } : {}) })
const setup = (options: Partial<PorticoOptions> = {}) =>
  h.setup([hardhatNetwork(node1.url), hardhatNetwork(node2.url, 31338)], [eip155Plugin(), receivePlugin(), sendPlugin()], options)
const balanceOf = async (node: HardhatNode, address: string) => BigInt(await rpc<string>(node.url, 'eth_getBalance', [address, 'latest']))
const shadow = () => modalRoot()
const value = (label: string) => h.field(label).value

async function connected(kit: PorticoKit) {
  await h.connect(kit)
  await h.openSend()
}

describe('the Send wallet feature', () => {
  it('is the last wallet feature, after Receive (SPEC §9 order), and its body loads only when opened', async () => {
    await wallet()
    const kit = setup()
    await h.connect(kit)
    const features = [...shadow().querySelectorAll('[role="group"][aria-label="Wallet features"] button')].map((b) => b.textContent)
    expect(features).toEqual(['Receive', 'Send'])
    expect(kit.plugins.status.get()['send']).toEqual({ state: 'idle' })
    await h.openSend()
    expect(kit.plugins.status.get()['send']?.state).toBe('active')
    expect(h.view(kit)).toBe('WalletSend')
    // The dialog is named by the view's title; the controls by their labels.
    const dialog = shadow().querySelector('dialog')!
    expect(shadow().getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Send')
    expect(h.field<HTMLSelectElement>('Token').selectedOptions[0]?.textContent).toBe('Ether: 10 ETH')
    expect(h.feeText()).toMatch(/^Network fee 0\.0000\d+ ETH ≈ \$0\.00 \(gas price \d+(\.\d+)? gwei\)$/)
  })

  it('with features.send off there is no Send button and the plugin never loads', async () => {
    await wallet()
    const kit = setup({ features: { send: false } })
    await h.connect(kit)
    expect(h.button('Receive')).toBeDefined()
    expect(h.button('Send')).toBeUndefined()
    await expect(kit.views.resolve('WalletSend')).rejects.toThrow('View "WalletSend" is not available')
  })
})

describe('opened where nothing can be sent', () => {
  it('kit.open({ view: WalletSend }) while disconnected goes to Connect instead of an empty form', async () => {
    const kit = setup()
    await kit.restored
    act(() => kit.open({ view: 'WalletSend' }))
    await waitFor(() => expect(kit.router.current().view).toBe('Connect'))
    expect(kit.modal.store.get().open).toBe(true)
  })
})

describe('a native send', () => {
  it('1.5 ETH to a fresh address: reviewed, sent by the wallet, "Transaction started", the form reset and back to Account; the receiver holds exactly 1.5 ETH', async () => {
    const w = await wallet()
    const kit = setup()
    const events = h.recordEvents(kit)
    await connected(kit)
    const receiver = h.freshAddress()
    h.fill('1.5', receiver)
    await act(async () => fireEvent.click(h.button('Review send')!))
    expect(h.view(kit)).toBe('WalletSendPreview')
    expect(shadow().querySelector('[data-testid="send-preview-amount"]')?.textContent).toBe('1.5 ETH (≈ $0.00)')
    expect(shadow().querySelector('[data-testid="send-preview-receiver"]')?.textContent).toBe(receiver)

    await act(async () => fireEvent.click(h.button('Send')!))
    await waitFor(() => expect(h.view(kit)).toBe('Account'))
    expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.TRANSACTION_STARTED, variant: 'success' })
    expect(await balanceOf(node1, receiver)).toBe(1_500_000_000_000_000_000n)
    const sent = events.find((e) => e.type === 'PLUGIN_EVENT' && e.name === 'SEND_SUCCESS')
    expect(sent).toMatchObject({ plugin: 'send', properties: { namespace: 'eip155', caipNetworkId: 'eip155:31337', token: 'native', symbol: 'ETH', amount: '1.5' } })
    const receipt = await rpc<{ status: string; from: string; to: string }>(node1.url, 'eth_getTransactionReceipt', [h.sentHash(events)])
    expect(receipt).toMatchObject({ status: '0x1', from: w.address.toLowerCase(), to: receiver.toLowerCase() })
    // The transaction names its network's chain id (31337), which the kit checks is above zero (SPEC §5).
    expect(w.prompts.find((p) => p.method === 'eth_sendTransaction')?.params).toMatchObject([{ chainId: '0x7a69' }])

    // The form is empty again.
    await h.openSend()
    expect(value('Amount')).toBe('')
    expect(value('To')).toBe('')
  })

  it('the wallet refuses: "Something went wrong", the review stays with what was typed, nothing moves', async () => {
    await wallet((method) => method !== 'eth_sendTransaction')
    const kit = setup()
    await connected(kit)
    const receiver = h.freshAddress()
    h.fill('0.25', receiver)
    await h.reviewAndSend(kit)
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: SnackText.SOMETHING_WENT_WRONG, variant: 'error' }))
    expect(h.view(kit)).toBe('WalletSendPreview')
    expect(h.button('Send')?.disabled).toBe(false)
    expect(await balanceOf(node1, receiver)).toBe(0n)
    fireEvent.click(h.button('Back')!)
    expect(value('Amount')).toBe('0.25')
  })

  it('Max fills the balance less the fee; a malformed receiver is refused with the spec text and marked', async () => {
    const w = await wallet()
    const kit = setup()
    await connected(kit)
    const balance = await balanceOf(node1, w.address)
    fireEvent.click(h.button('Max')!)
    const max = parseEther(value('Amount'))
    // What is kept back is the fee of a plain transfer: its gas (Hardhat estimates 21 001) at the node's gas price.
    const gas = BigInt(await rpc<string>(node1.url, 'eth_estimateGas', [{ from: w.address, to: w.address, value: '0x0' }]))
    const gasPrice = BigInt(await rpc<string>(node1.url, 'eth_gasPrice'))
    expect(gas).toBe(21_001n)
    expect(max).toBe(balance - gas * gasPrice)

    fireEvent.change(h.field('To'), { target: { value: '0x1234' } })
    await act(async () => fireEvent.click(h.button('Review send')!))
    expect(h.errorText()).toBe('Please enter a valid amount and receiver address')
    expect(h.field('To').getAttribute('aria-invalid')).toBe('true')
    expect(h.field('Amount').getAttribute('aria-invalid')).toBeNull()
    expect(h.view(kit)).toBe('WalletSend')
    expect(w.prompts.map((p) => p.method)).not.toContain('eth_sendTransaction')
  })

  it('not enough ETH left for gas is refused by the rule before the wallet is asked (1 000 000 wei held, 500 000 sent)', async () => {
    const w = await wallet(undefined, 1_000_000n)
    const kit = setup()
    await connected(kit)
    h.fill('0.0000000000005', h.freshAddress())
    await act(async () => fireEvent.click(h.button('Review send')!))
    expect(h.errorText()).toBe('Insufficient funds for gas')
    expect(h.view(kit)).toBe('WalletSend')
    expect(w.prompts.map((p) => p.method)).not.toContain('eth_sendTransaction')
  })

  it('a smart account skips the gas rule: the same send goes on to the review', async () => {
    const w = await wallet(undefined, 1_000_000n)
    const kit = setup()
    await h.connect(kit)
    act(() => {
      kit.chains.updateAccount('eip155', { allAccounts: [{ address: w.address, type: 'smartAccount', namespace: 'eip155' }] })
      kit.chains.updateNetwork('eip155', { smartAccountEnabledNetworks: [31337] })
    })
    await h.openSend()
    h.fill('0.0000000000005', h.freshAddress())
    await act(async () => fireEvent.click(h.button('Review send')!))
    expect(h.errorText()).toBeUndefined()
    expect(h.view(kit)).toBe('WalletSendPreview')
  })
})

describe('the send form resets', () => {
  it('on a network switch (SPEC §4): the typed amount and receiver are gone, and the fee is read on the new chain', async () => {
    await wallet()
    const kit = setup()
    await connected(kit)
    h.fill('2', h.freshAddress())
    await act(async () => kit.switchNetwork(hardhatNetwork(node2.url, 31338)))
    await waitFor(() => expect(value('Amount')).toBe(''))
    expect(value('To')).toBe('')
    await waitFor(() => expect(h.feeText()).toMatch(/^Network fee /))
  })

  it('on a switch while the review shows: nothing is left to send there', async () => {
    await wallet()
    const kit = setup()
    await connected(kit)
    h.fill('2', h.freshAddress())
    await act(async () => fireEvent.click(h.button('Review send')!))
    expect(h.view(kit)).toBe('WalletSendPreview')
    await act(async () => kit.switchNetwork(hardhatNetwork(node2.url, 31338)))
    await waitFor(() => expect(shadow().textContent).toContain('Nothing to send: the form was reset.'))
    expect(h.button('Send')).toBeUndefined()
  })
})
