// A second device for an embedded wallet, in real Chromium: two browser contexts are two
// devices of one visitor, on the built demo with its secure frame server (PGlite), the SMTP
// sink and Hardhat. Device B, new to an account made on device A, logs in by email and is
// held: the server gives it no key share until device A approves it, inside A's frame (the
// frame's own button; a host page cannot click there), or until the announced delay passes
// (that path is in servers/frame/server.test.ts, with the server's clock moved 48 h).
// Ports 8545 and 8700 are the demo's (demo/config.ts), so this file needs them free.
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmailDemo, address, codeIn, emailLogin, enterCode, followApprovalLink, signHelloThroughFrame, startEmailDemo, typeEmail, uniqueEmail } from './emailLogin.ts'
import type { RecordedPage } from './harness.ts'
import { inModal, openPage, waitForModal, waitForView } from './modalHarness.ts'
import { expectAccessibleInWalkLocales } from './a11yChecks.ts'

let env: EmailDemo | undefined
const pages: RecordedPage[] = []

beforeAll(async () => {
  // A 1 s resend cooldown: device B asks for the same address right after device A.
  env = await startEmailDemo({ limits: { cooldownSeconds: 1 } })
})
afterAll(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
  await env?.close()
})

const { mailsTo, nextMail, loginOnNewDevice } = emailLogin(() => env!.stack.mailboxUrl!)

/**
 * The demo in a fresh browser context: a device the frame server has not seen. Its clock (the
 * frame's included) runs on its own, and the test moves it past the frame's poll intervals
 * rather than waiting them out: the rule here is the consent, not the 10 s and 5 s.
 */
async function device() {
  const recorded = await openPage(env!.browser, `${env!.demo.url}/?networks=evm&devwallet=off`, { before: (page) => page.clock.install() })
  pages.push(recorded)
  return recorded.page
}

describe('a new device gets the wallet only with the consent of a device that holds it', () => {
  it('device B is held after its code; device A approves inside its frame (its ApproveDevice view WCAG 2.2 AA in en and ar, light and dark); B then signs with the same wallet, and A’s mailbox was told', async () => {
    const a = await device()
    const email = uniqueEmail('consent')
    const wallet = await loginOnNewDevice(a, email)
    await waitForModal(a, false).catch(() => undefined)

    // Device B: the approval link and the code, as any new device; then held, with the text that says why.
    const b = await device()
    const before = await mailsTo(email)
    await typeEmail(b, email)
    await waitForView(b, 'EmailVerifyDevice')
    const linkMail = await nextMail(email, before)
    await followApprovalLink(b.context(), linkMail)
    await waitForView(b, 'EmailVerifyOtp')
    const codeMail = await nextMail(email, [...before, linkMail])
    await enterCode(b, codeIn(codeMail))
    const held = inModal(b).getByRole('alert')
    await expect.poll(() => held.textContent(), { timeout: 20_000 }).toMatch(/^Approve this device on a device you already use, or wait until .+\d/)
    expect((await b.getByTestId('account-connected').textContent())?.trim()).toBe('false')

    // The account's address heard of it at once, with the device and a link that refuses it.
    const notice = await nextMail(email, [...before, linkMail, codeMail])
    expect(notice.subject).toMatch(/^A new device asked for your .+ wallet$/)
    expect(notice.text).toContain('Device: Chrome on Linux')
    expect(notice.text).toMatch(/\/v1\/device\/refuse\?token=/)

    // Device A: its frame finds the waiting device (it asks every 10 s) and the modal shows the frame's own panel.
    await a.clock.fastForward(10_000)
    const panel = a.frameLocator('#w3m-iframe')
    await panel.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
    await waitForView(a, 'ApproveDevice')
    await panel.getByText('new device').waitFor()
    await panel.getByText('Chrome on Linux').waitFor()
    await panel.getByText('127.0.0.0/24').waitFor()
    await expectAccessibleInWalkLocales(a, 'ApproveDevice')
    await panel.getByRole('button', { name: 'Approve' }).click()
    await waitForModal(a, false)

    // Device B asks again on its own (every 5 s), gets the shares, and connects: the same wallet, and it signs.
    await b.clock.fastForward(5_000)
    await b.getByTestId('account-connected').filter({ hasText: 'true' }).waitFor({ timeout: 30_000 })
    expect((await address(b))!.trim()).toBe(wallet)
    await waitForModal(b, false).catch(() => undefined)
    expect(await signHelloThroughFrame(b, wallet as Hex)).toBe(true)

    // And the account was told when the shares went out.
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject).filter((subject) => /was opened on a new device$/.test(subject)).length, { timeout: 15_000 })
      .toBe(1)
    for (const mail of await mailsTo(email)) expect(mail.subject).not.toMatch(/\d{6}/)
  })
})
