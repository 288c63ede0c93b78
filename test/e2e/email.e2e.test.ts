// Email login on the built demo, as a visitor does it, in real Chromium: the demo's own
// config (endpoints.frame on 127.0.0.1:8700), the secure frame server on that second
// origin with PGlite, its mails read from the SMTP sink's API, Hardhat on 8545. A second
// device's login (held for the first one's consent) is in deviceConsent.e2e.test.ts. Ports
// 8545 and 8700 are the demo's (demo/config.ts), so this file needs them free.
import type { Browser } from 'playwright-core'
import type { Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedStack } from '../../demo/peers/embedded.ts'
import { type HardhatNode, rpc } from '../peers/hardhat.ts'
import {
  type EmailDemo,
  address,
  approveInFrame,
  codeIn,
  emailLogin,
  enterCode,
  followApprovalLink,
  signHelloThroughFrame,
  startEmailDemo,
  typeEmail,
  uniqueEmail,
} from './emailLogin.ts'
import { type DemoServer, type RecordedPage, runAxe } from './harness.ts'
import { assertCleanPage, expectNoAxeViolations, inModal, openPage, waitForModal, waitForView } from './modalHarness.ts'

let browser: Browser
let demo: DemoServer
let chain: HardhatNode
let stack: EmbeddedStack
const pages: RecordedPage[] = []

let env: EmailDemo | undefined

beforeAll(async () => {
  env = await startEmailDemo()
  ;({ browser, demo, chain, stack } = env)
})
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
})
afterAll(async () => {
  await env?.close()
})

const { mailsTo, nextMail, loginOnNewDevice, updateEmail } = emailLogin(() => stack.mailboxUrl!)

/** The demo in a fresh browser context: to the frame's origin, a device it has not seen. */
async function open() {
  const recorded = await openPage(browser, `${demo.url}/?networks=evm&devwallet=off`)
  pages.push(recorded)
  return recorded
}

describe('email login through the demo (a new device: link, then code)', () => {
  it('logs in, signs inside the frame, sends on Hardhat, comes back after a reload without a code, and signs out', async () => {
    const recorded = await open()
    const { page } = recorded
    const email = uniqueEmail('visitor')
    const wallet = await loginOnNewDevice(page, email)
    expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await waitForModal(page, false).catch(() => undefined)

    // personal_sign, approved inside the frame's origin, verified here in Node.
    expect(await signHelloThroughFrame(page, wallet as Hex)).toBe(true)

    // A transaction from the embedded wallet lands on Hardhat.
    await rpc(chain.url, 'hardhat_setBalance', [wallet, '0xde0b6b3a7640000'])
    await page.getByRole('button', { name: 'Send transaction' }).click()
    await approveInFrame(page)
    const sent = page.getByTestId('result').and(page.locator('[data-kind="transaction"]'))
    await sent.waitFor({ timeout: 20_000 })
    const hash = (await sent.textContent())!.match(/0x[0-9a-f]{64}/i)![0]
    const receipt = (await rpc(chain.url, 'eth_getTransactionReceipt', [hash])) as { status: string; from: string }
    expect(receipt).toMatchObject({ status: '0x1', from: wallet.toLowerCase() })

    // A reload restores the session: the same address, and no new mail.
    const mailsBefore = (await mailsTo(email)).length
    await page.reload()
    await page.getByTestId('account-connected').filter({ hasText: 'true' }).waitFor({ timeout: 20_000 })
    expect((await address(page))!.trim()).toBe(wallet)
    expect(await mailsTo(email)).toHaveLength(mailsBefore)

    // Sign out: disconnected, and a reload does not bring it back.
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await page.getByTestId('account-connected').filter({ hasText: 'false' }).waitFor()
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect((await page.getByTestId('account-connected').textContent())?.trim()).toBe('false')
    assertCleanPage(recorded)
  })
})

describe('codes: five wrong tries void the code; a resend within 30 s is refused with the time left', () => {
  it('shows each wrong try, voids the code on the fifth, and answers a resend with "Please try again after N seconds"', async () => {
    const { page } = await open()
    const email = uniqueEmail('wrong-codes')
    // Through the device step first, so the code view is reached.
    const before = await mailsTo(email)
    await typeEmail(page, email)
    await waitForView(page, 'EmailVerifyDevice')
    const linkMail = await nextMail(email, before)
    await followApprovalLink(page.context(), linkMail)
    await waitForView(page, 'EmailVerifyOtp')
    const code = codeIn(await nextMail(email, [...before, linkMail]))
    const wrong = code === '000000' ? '111111' : '000000'
    const alert = inModal(page).getByRole('alert')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await enterCode(page, wrong)
      await alert.waitFor()
      await enterCode(page, '')
    }
    // The right code no longer works: the fifth wrong try voided it.
    await enterCode(page, code)
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toMatch(/expired|void/i)
    expect((await page.getByTestId('account-connected').textContent())?.trim()).toBe('false')

    // The code mail went out under 30 s ago: a resend is refused with the seconds left.
    await inModal(page).getByRole('button', { name: 'Resend code' }).click()
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toMatch(/^Please try again after \d+ seconds$/)
    const seconds = Number((await alert.textContent())!.match(/\d+/)![0])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(30)
  })
})

describe('update email (a code to the current address, then one to the new address)', () => {
  it('changes the email from the Account view; the next login with the new address on this device asks only for a code', async () => {
    const { page } = await open()
    const email = uniqueEmail('old-address')
    const renamed = uniqueEmail('new-address')
    const wallet = await loginOnNewDevice(page, email)
    await waitForModal(page, false).catch(() => undefined)
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Account')
    await updateEmail(page, email, renamed)

    // Signed out, the new address logs in on this (known) device with a code alone, to the same wallet.
    await page.keyboard.press('Escape')
    await waitForModal(page, false)
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await page.getByTestId('account-connected').filter({ hasText: 'false' }).waitFor()
    const toNew = await mailsTo(renamed)
    await typeEmail(page, renamed)
    await waitForView(page, 'EmailVerifyOtp')
    await enterCode(page, codeIn(await nextMail(renamed, toNew)))
    await page.getByTestId('account-connected').filter({ hasText: 'true' }).waitFor({ timeout: 20_000 })
    expect((await address(page))!.trim()).toBe(wallet)
  })
})

describe('accessibility of the email views (axe)', () => {
  it('finds nothing on Connect with the email field, the device step, the code step with a wrong code, and ApproveTransaction', async () => {
    const { page } = await open()
    const email = uniqueEmail('axe')
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await expectNoAxeViolations(page, 'Connect with the email section')
    await page.keyboard.press('Escape')
    await waitForModal(page, false)

    const before = await mailsTo(email)
    await typeEmail(page, email)
    await waitForView(page, 'EmailVerifyDevice')
    await expectNoAxeViolations(page, 'EmailVerifyDevice')
    const linkMail = await nextMail(email, before)
    await followApprovalLink(page.context(), linkMail)
    await waitForView(page, 'EmailVerifyOtp')
    const code = codeIn(await nextMail(email, [...before, linkMail]))
    await enterCode(page, code === '000000' ? '111111' : '000000')
    await inModal(page).getByRole('alert').waitFor()
    await expectNoAxeViolations(page, 'EmailVerifyOtp with a wrong code')
    await enterCode(page, '')
    await enterCode(page, code)
    await page.getByTestId('account-connected').filter({ hasText: 'true' }).waitFor({ timeout: 20_000 })
    await waitForModal(page, false).catch(() => undefined)

    await page.getByRole('button', { name: 'Sign message' }).click()
    await waitForView(page, 'ApproveTransaction')
    await page.frameLocator('#w3m-iframe').getByRole('button', { name: 'Approve' }).waitFor()
    await expectNoAxeViolations(page, 'ApproveTransaction')
    // The approval panel itself, inside the secure frame.
    const frame = page.frames().find((f) => f.url().startsWith(`${stack.frameUrl}/frame`))!
    expect(await runAxe(frame)).toEqual([])
    await page.frameLocator('#w3m-iframe').getByRole('button', { name: 'Reject' }).click()
    await page.getByTestId('result').and(page.locator('[data-kind="error"]')).waitFor()
  })
})

describe('the frame failing to load', () => {
  it('focusing the email field with the frame page unreachable shows "Unable to load email login dependency"', async () => {
    const recorded = await open()
    const { page } = recorded
    await page.route(`${stack.frameUrl}/**`, (route) => route.abort())
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('textbox', { name: 'Email' }).focus()
    await expect.poll(() => inModal(page).getByText('Unable to load email login dependency').count(), { timeout: 30_000 }).toBeGreaterThan(0)
  })
})
