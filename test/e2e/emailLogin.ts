// Email login on the built demo as a visitor does it: type the address in the modal, read the
// device approval link and the code from the SMTP sink's API, follow them, approve inside the
// secure frame. Shared by the browser tests that go through the demo's email login.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { DEMO_PORTS, type EmbeddedStack, type EmbeddedStackOptions, startEmbeddedStack } from '../../demo/peers/embedded.ts'
import type { HardhatNode } from '../peers/hardhat.ts'
import { type DemoServer, launchBrowser, privateBuildDir } from './harness.ts'
import { type PrivateDemo, buildPrivateDemo, inModal, startDemoChain, startPrivateDemo, throwFirstFailure, valueOf, waitForView } from './modalHarness.ts'

// ---- the demo with its embedded wallet's stack ---------------------------------------

export interface EmailDemo {
  readonly browser: Browser
  readonly demo: DemoServer
  readonly chain: HardhatNode
  readonly stack: EmbeddedStack
  close(): Promise<void>
}

/**
 * A private build of the demo, served, with Chromium, Hardhat on 8545 and the secure frame
 * on 8700 (the ports demo/config.ts expects) answering the demo's origin.
 */
export async function startEmailDemo(options: { limits?: EmbeddedStackOptions['limits'] } = {}): Promise<EmailDemo> {
  const started = await Promise.allSettled([buildPrivateDemo(), launchBrowser(), startDemoChain()])
  const [build, browser, chain] = [valueOf(started[0]), valueOf(started[1]), valueOf(started[2])]
  let demo: DemoServer | undefined
  let stack: EmbeddedStack | undefined
  const close = async () => {
    await browser?.close()
    await stack?.close()
    await demo?.close()
    await chain?.stop()
    await (build as PrivateDemo | undefined)?.dispose()
  }
  try {
    throwFirstFailure(started)
    demo = await startPrivateDemo(build!)
    // Farcaster login reads custody addresses from the IdRegistry stand-in on this chain (a test installs it).
    stack = await startEmbeddedStack({
      hostOrigins: [new URL(demo.url).origin],
      // The page the socials test's redirect flow starts from and comes back to.
      returnUrls: [`${new URL(demo.url).origin}/?networks=evm&devwallet=off&social=redirect`],
      ports: { frame: DEMO_PORTS.frame },
      farcasterRpcUrl: chain!.url,
      limits: options.limits,
      pageDir: privateBuildDir('frame-page'),
    })
  } catch (error) {
    await close()
    throw error
  }
  return { browser: browser!, demo, chain: chain!, stack, close }
}

// ---- the mailbox, read like a visitor reads mail ------------------------------------

export interface Mail {
  readonly id: string
  readonly subject: string
  readonly text: string
}

export const approvalLink = (mail: Mail) => {
  const link = mail.text.match(/https?:\/\/\S+\/v1\/device\/approve\?token=[\w.-]+/)?.[0]
  if (!link) throw new Error(`no device approval link in "${mail.subject}"`)
  return link
}
/**
 * Follows the mailed approval link as a visitor does, in a new tab of `context`: the page says
 * who asks, and only its button approves (opening the link alone approves nothing).
 */
export async function followApprovalLink(context: BrowserContext, mail: Mail) {
  const tab = await context.newPage()
  await tab.goto(approvalLink(mail))
  await tab.getByRole('button', { name: 'Approve this device' }).click()
  await tab.getByText('This device is approved.').waitFor()
  await tab.close()
}
export const codeIn = (mail: Mail) => {
  const code = mail.text.match(/\b\d{6}\b/)?.[0]
  if (!code) throw new Error(`no six-digit code in "${mail.subject}"`)
  return code
}

// ---- the demo page ------------------------------------------------------------------

export const address = (page: Page) => page.getByTestId('account-address').textContent()

export async function typeEmail(page: Page, email: string) {
  await page.getByTestId('open-modal').click()
  await waitForView(page, 'Connect')
  const field = inModal(page).getByRole('textbox', { name: 'Email' })
  await field.fill(email)
  await inModal(page).getByRole('button', { name: 'Continue', exact: true }).click()
}

export async function enterCode(page: Page, code: string) {
  await inModal(page).getByRole('textbox', { name: 'Six-digit code' }).fill(code)
}

/** Clicks Approve inside the secure frame, the only place the approval can come from. */
export async function approveInFrame(page: Page, onView: OnView = noCheck) {
  await waitForView(page, 'ApproveTransaction')
  await onView('ApproveTransaction')
  await page.frameLocator('#w3m-iframe').getByRole('button', { name: 'Approve' }).click()
}

/**
 * The demo's "Sign message" (personal_sign of 'Hello from Portico') with the embedded wallet,
 * approved inside the frame; returns whether the signature verifies, in Node, for `wallet`.
 */
export async function signHelloThroughFrame(page: Page, wallet: Hex): Promise<boolean> {
  await page.getByRole('button', { name: 'Sign message' }).click()
  await approveInFrame(page)
  const signed = page.getByTestId('result').and(page.locator('[data-kind="signature"]'))
  await signed.waitFor({ timeout: 20_000 })
  const signature = (await signed.textContent())!.match(/0x[0-9a-f]+/i)![0] as Hex
  return verifyMessage({ address: wallet, message: 'Hello from Portico', signature })
}

export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}@example.com`

/**
 * The mail-reading half of the login, bound to the stack's mailbox. The URL is read on each
 * call because the stack starts in beforeAll, after the test file's top level has run.
 */
/** Runs on each view a helper below stops at, before it acts there (a walk's accessibility checks). */
export type OnView = (view: string) => Promise<void>
const noCheck: OnView = async () => undefined

export function emailLogin(mailboxUrl: () => string, onView: OnView = noCheck) {
  async function mailsTo(email: string): Promise<Mail[]> {
    const response = await fetch(`${mailboxUrl()}/api/messages?to=${encodeURIComponent(email)}`)
    return (await response.json()) as Mail[]
  }

  /** The newest mail to `email` that `seen` did not hold, once it arrives. */
  async function nextMail(email: string, seen: readonly Mail[] = []): Promise<Mail> {
    const deadline = Date.now() + 15_000
    for (;;) {
      const fresh = (await mailsTo(email)).find((mail) => !seen.some((old) => old.id === mail.id))
      if (fresh) return fresh
      if (Date.now() > deadline) throw new Error(`no new mail to ${email} within 15 s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** A visitor's whole login on a device the server has not seen: link, then code. */
  async function loginOnNewDevice(page: Page, email: string): Promise<string> {
    const before = await mailsTo(email)
    await typeEmail(page, email)
    await waitForView(page, 'EmailVerifyDevice')
    await onView('EmailVerifyDevice')
    const linkMail = await nextMail(email, before)
    // Followed in another tab, as from a mail client.
    await followApprovalLink(page.context(), linkMail)
    await waitForView(page, 'EmailVerifyOtp')
    await onView('EmailVerifyOtp')
    const codeMail = await nextMail(email, [...before, linkMail])
    await enterCode(page, codeIn(codeMail))
    await page.getByTestId('account-connected').filter({ hasText: 'true' }).waitFor({ timeout: 20_000 })
    return (await address(page))!.trim()
  }

  /** From the Account view: Update email, the code sent to `from`, then the one sent to `to`; back on Account. */
  async function updateEmail(page: Page, from: string, to: string): Promise<void> {
    await inModal(page).getByRole('button', { name: 'Update email' }).click()
    await waitForView(page, 'UpdateEmailWallet')
    await onView('UpdateEmailWallet')
    const toOld = await mailsTo(from)
    await inModal(page).getByRole('textbox', { name: 'New email' }).fill(to)
    await inModal(page).getByRole('button', { name: 'Save' }).click()
    await waitForView(page, 'UpdateEmailPrimaryOtp')
    await onView('UpdateEmailPrimaryOtp')
    await enterCode(page, codeIn(await nextMail(from, toOld)))
    await waitForView(page, 'UpdateEmailSecondaryOtp')
    await onView('UpdateEmailSecondaryOtp')
    await enterCode(page, codeIn(await nextMail(to)))
    await waitForView(page, 'Account')
  }

  return { mailsTo, nextMail, loginOnNewDevice, updateEmail }
}
