// Polkadot through the demo (issue 18 item 6), in real Chromium: the built demo under its
// strict CSP with its "Polkadot" network, an extension-shaped test wallet injected under
// `window.injectedWeb3` by the test (sr25519 key and signing in Node), and the demo's own
// dev wallet off. Signatures are verified in Node with @polkadot/util-crypto.
import { signatureVerify } from '@polkadot/util-crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { type PolkadotApproveFn, installPolkadotTestWallet } from '../peers/polkadotTestWallet.ts'
import { connectThroughModal, text } from './evmSupport.ts'
import { assertCleanPage, expectNoAxeViolations } from './modalHarness.ts'
import { expectAccountShown, panelResult, useSignerDemo } from './signerDemo.ts'

const EXTENSION_KEY = 'portico-polkadot-test'
const MESSAGE = 'Hello from Portico' // demo/PolkadotPanel.tsx
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

const demo = useSignerDemo()
/** The demo on its Polkadot network, with the extension injected before the first byte. */
const open = (approve?: PolkadotApproveFn) =>
  demo.open('Polkadot', (page) => installPolkadotTestWallet(page, { key: EXTENSION_KEY, accountName: 'Alice', ...(approve ? { approve } : {}) }))
const result = (page: Page) => panelResult(page, 'polkadot-result')

describe('an injectedWeb3 Polkadot extension through the demo (issue 18 item 6)', () => {
  it('connects through the modal on "Polkadot" (enable with the app’s name): the SS58 account, shown in the Account view', async () => {
    const recorded = await open()
    const { page, wallet } = recorded
    const sign = page.getByRole('region', { name: 'Polkadot provider' }).getByRole('button', { name: 'Sign Polkadot message' })
    expect(await sign.isDisabled()).toBe(true)
    expect(await page.getByRole('region', { name: 'Polkadot provider' }).innerText()).toContain('Connect a Polkadot wallet first.')
    await connectThroughModal(page, EXTENSION_KEY)
    expect(await sign.isEnabled()).toBe(true)
    await expectNoAxeViolations(page, 'the Polkadot panel', 'section[aria-label="Polkadot provider"]')
    expect(await text(page, 'account-address')).toBe(wallet.address)
    expect(await text(page, 'account-caip-address')).toBe(`${POLKADOT}:${wallet.address}`)
    expect(wallet.calls.find((c) => c.method === 'enable')?.detail).toEqual({ appName: 'Portico demo' })
    expect(wallet.prompts).toEqual([{ method: 'enable', approved: true }])

    await expectAccountShown(page, wallet.address, 'Account (Polkadot)')
    assertCleanPage(recorded)
  })

  it('"Sign Polkadot message" (signer.signRaw): an sr25519 signature signatureVerify accepts for the account, and not for another message', async () => {
    const recorded = await open()
    const { page, wallet } = recorded
    await connectThroughModal(page, EXTENSION_KEY)
    await page.getByRole('button', { name: 'Sign Polkadot message' }).click()
    const signed = await result(page)
    expect(signed.kind, signed.text).toBe('signature')
    expect(signatureVerify(MESSAGE, signed.text, wallet.address)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    expect(signatureVerify(`${MESSAGE}!`, signed.text, wallet.address).isValid).toBe(false)
    expect(wallet.prompts.map((p) => p.method)).toEqual(['enable', 'signRaw'])
    assertCleanPage(recorded)
  })

  it('the visitor refusing to sign ("Cancelled") reads as a rejection in the wallet, and no signature', async () => {
    const recorded = await open((method) => method !== 'signRaw')
    const { page, wallet } = recorded
    await connectThroughModal(page, EXTENSION_KEY)
    await page.getByRole('button', { name: 'Sign Polkadot message' }).click()
    expect(await result(page)).toEqual({ kind: 'error', text: 'Error: The request was rejected in the wallet' })
    expect(wallet.prompts).toEqual([
      { method: 'enable', approved: true },
      { method: 'signRaw', approved: false },
    ])
    assertCleanPage(recorded)
  })

  it('a reload resumes the connection with no prompt (enable is not asked again); Disconnect leaves it', async () => {
    const recorded = await open()
    const { page, wallet } = recorded
    await connectThroughModal(page, EXTENSION_KEY)
    await page.reload({ waitUntil: 'load' })
    await expect.poll(() => text(page, 'account-status'), { timeout: 20_000 }).toBe('connected')
    expect(await text(page, 'account-caip-address')).toBe(`${POLKADOT}:${wallet.address}`)
    expect(wallet.prompts).toHaveLength(1)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => text(page, 'account-status')).toBe('disconnected')
    expect(await page.getByRole('button', { name: 'Sign Polkadot message' }).isDisabled()).toBe(true)
    assertCleanPage(recorded)
  })
})
