// Bitcoin through the demo (issue 18 item 6), in real Chromium: the built demo under its
// strict CSP with its "Bitcoin" network, a Wallet Standard Bitcoin test wallet injected by
// the test (P2WPKH payment and P2TR ordinals accounts; keys and BIP-322 signing in Node),
// and the demo's own dev wallet off. Signatures are verified in Node with bip322-js.
import { Verifier } from 'bip322-js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type BitcoinApproveFn, installBitcoinTestWallet } from '../peers/bitcoinTestWallet.ts'
import { connectThroughModal, text } from './evmSupport.ts'
import { assertCleanPage, expectNoAxeViolations } from './modalHarness.ts'
import { expectAccountShown, panelResult, useSignerDemo } from './signerDemo.ts'

const WALLET_NAME = 'Portico Bitcoin Test Wallet'
const MESSAGE = 'Hello from Portico' // demo/BitcoinPanel.tsx
const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'

const demo = useSignerDemo()
/** The demo on its Bitcoin network, with the test wallet installed before the first byte. */
const open = (approve?: BitcoinApproveFn) => demo.open('Bitcoin', (page) => installBitcoinTestWallet(page, { name: WALLET_NAME, ...(approve ? { approve } : {}) }))
const result = (page: Page) => panelResult(page, 'bitcoin-result')

describe('a Wallet Standard Bitcoin wallet through the demo (issue 18 item 6)', () => {
  it('connects through the modal on "Bitcoin": the payment address is the account, shown in the Account view', async () => {
    const recorded = await open()
    const { page, wallet } = recorded
    const panel = page.getByRole('region', { name: 'Bitcoin requests' })
    expect(await panel.getByRole('button', { name: 'Sign Bitcoin message' }).isDisabled()).toBe(true)
    expect(await panel.getByRole('button', { name: 'Get Bitcoin addresses' }).isDisabled()).toBe(true)
    expect(await panel.innerText()).toContain('Connect a Bitcoin wallet first.')
    await connectThroughModal(page, WALLET_NAME)
    expect(await panel.getByRole('button', { name: 'Sign Bitcoin message' }).isEnabled()).toBe(true)
    await expectNoAxeViolations(page, 'the Bitcoin panel', 'section[aria-label="Bitcoin requests"]')
    expect(await text(page, 'account-address')).toBe(wallet.address)
    expect(await text(page, 'account-caip-address')).toBe(`${BITCOIN_MAINNET}:${wallet.address}`)
    expect(wallet.calls.find((c) => c.feature === 'bitcoin:connect')?.detail).toEqual({ purposes: ['payment', 'ordinals'] })
    expect(wallet.prompts).toEqual([{ feature: 'bitcoin:connect', approved: true }])

    await expectAccountShown(page, wallet.address, 'Account (Bitcoin)')
    assertCleanPage(recorded)
  })

  it('"Sign Bitcoin message" (kit.request signMessage): a BIP-322 signature bip322-js verifies for the payment address, and not for another message', async () => {
    const recorded = await open()
    const { page, wallet } = recorded
    await connectThroughModal(page, WALLET_NAME)
    await page.getByRole('button', { name: 'Sign Bitcoin message' }).click()
    const signed = await result(page)
    expect(signed.kind, signed.text).toBe('signature')
    expect(Verifier.verifySignature(wallet.address, MESSAGE, signed.text)).toBe(true)
    expect(Verifier.verifySignature(wallet.address, `${MESSAGE}!`, signed.text)).toBe(false)
    expect(wallet.prompts.map((p) => p.feature)).toEqual(['bitcoin:connect', 'bitcoin:signMessage'])
    expect(wallet.calls.find((c) => c.feature === 'bitcoin:signMessage')?.detail).toEqual({ address: wallet.address })
    assertCleanPage(recorded)
  })

  it('"Get Bitcoin addresses" (kit.request getAccountAddresses): payment then ordinals, with no prompt', async () => {
    const recorded = await open()
    const { page, wallet } = recorded
    await connectThroughModal(page, WALLET_NAME)
    // By keyboard: the panel's controls are ordinary buttons.
    await page.getByRole('button', { name: 'Get Bitcoin addresses' }).focus()
    await page.keyboard.press('Enter')
    const listed = await result(page)
    expect(listed).toEqual({ kind: 'addresses', text: `payment ${wallet.address}, ordinals ${wallet.ordinalsAddress}` })
    expect(wallet.prompts).toHaveLength(1)
    assertCleanPage(recorded)
  })

  it('the visitor refusing to sign gives the wallet’s rejection, and no signature', async () => {
    const recorded = await open((feature) => feature !== 'bitcoin:signMessage')
    const { page, wallet } = recorded
    await connectThroughModal(page, WALLET_NAME)
    await page.getByRole('button', { name: 'Sign Bitcoin message' }).click()
    expect(await result(page)).toEqual({ kind: 'error', text: 'Error: The request was rejected in the wallet' })
    expect(wallet.prompts).toEqual([
      { feature: 'bitcoin:connect', approved: true },
      { feature: 'bitcoin:signMessage', approved: false },
    ])
    assertCleanPage(recorded)
  })

  it('a reload resumes the connection with no prompt; Disconnect asks the wallet to forget the site', async () => {
    const recorded = await open()
    const { page, wallet } = recorded
    await connectThroughModal(page, WALLET_NAME)
    await page.reload({ waitUntil: 'load' })
    await expect.poll(() => text(page, 'account-status'), { timeout: 20_000 }).toBe('connected')
    expect(await text(page, 'account-caip-address')).toBe(`${BITCOIN_MAINNET}:${wallet.address}`)
    expect(wallet.prompts).toHaveLength(1)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => text(page, 'account-status')).toBe('disconnected')
    await expect.poll(() => wallet.state().authorized).toBe(false)
    expect(wallet.calls.at(-1)?.feature).toBe('standard:disconnect')
    expect(await page.getByRole('button', { name: 'Sign Bitcoin message' }).isDisabled()).toBe(true)
    assertCleanPage(recorded)
  })
})
