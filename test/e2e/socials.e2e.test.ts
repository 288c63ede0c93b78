// Social login on the built demo, in real Chromium: "Continue with Google" opens a popup to the
// local OpenID provider (oidc-provider on 127.0.0.1, demo/peers/oidc.ts), the tester picks a
// user, the popup closes, and the embedded wallet on the frame server (8700, PGlite) is
// connected; the redirect flow (?social=redirect) does the same by leaving the page and coming
// back. The frame server's code exchange goes through openid-client against that provider.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedStack } from '../../demo/peers/embedded.ts'
import { type EmailDemo, address, signHelloThroughFrame, startEmailDemo } from './emailLogin.ts'
import type { DemoServer, RecordedPage } from './harness.ts'
import { assertCleanPage, expectNoAxeViolations, inModal, openPage, waitForView } from './modalHarness.ts'

let browser: Browser
let demo: DemoServer
let stack: EmbeddedStack
let env: EmailDemo | undefined
const pages: RecordedPage[] = []

beforeAll(async () => {
  env = await startEmailDemo()
  ;({ browser, demo, stack } = env)
})
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
})
afterAll(async () => {
  await env?.close()
})

async function open(query = '') {
  const recorded = await openPage(browser, `${demo.url}/?networks=evm&devwallet=off${query}`)
  pages.push(recorded)
  return recorded
}

const connected = (page: Page, value: 'true' | 'false') =>
  page.getByTestId('account-connected').filter({ hasText: value }).waitFor({ timeout: 20_000 })

/** The social keys the kit keeps in the host page's storage. */
const socialStorage = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((key) => /social/.test(key)).map((key) => [key, localStorage.getItem(key)])))

/** Opens the modal and clicks "Continue with <name>"; returns the popup it opened. */
async function continueWith(page: Page, name: string): Promise<Page> {
  await page.getByTestId('open-modal').click()
  await waitForView(page, 'Connect')
  const popup = page.waitForEvent('popup')
  await inModal(page).getByRole('button', { name: `Continue with ${name}` }).click()
  return popup
}

/** At the local provider's login page (in the popup or the page itself), picks the user. */
async function pickUser(at: Page, user: string) {
  await at.getByRole('heading', { name: /^Sign in to / }).waitFor({ timeout: 15_000 })
  expect(new URL(at.url()).origin).toBe(stack.oidc!.issuer)
  await at.getByRole('button', { name: new RegExp(`^${user}\\b`) }).click()
}

/** Records the frame server callback URLs the context's pages reach. */
function recordCallbacks(context: BrowserContext): string[] {
  const seen: string[] = []
  context.on('request', (request) => {
    if (request.url().includes('/v1/social/callback')) seen.push(request.url())
  })
  return seen
}

describe('social login through a popup', () => {
  it('Continue with Google: the popup reaches the local provider, Alice is picked, it closes, the address shows and signs; a reload keeps it with the username; disconnect clears it', async () => {
    const recorded = await open()
    const { page } = recorded
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('button', { name: 'Continue with Google' }).waitFor()
    // The default socials, in order.
    const names = await inModal(page).locator('[data-method="social"] button').allTextContents()
    expect(names.map((n) => n.trim())).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Discord',
      'Continue with Farcaster',
      'Continue with GitHub',
      'Continue with Apple',
      'Continue with Facebook',
    ])
    await expectNoAxeViolations(page, 'Connect view with the social section')
    await page.keyboard.press('Escape')

    const callbacks = recordCallbacks(page.context())
    const popup = await continueWith(page, 'Google')
    await pickUser(popup, 'Alice')
    await popup.waitForEvent('close', { timeout: 15_000 })
    await connected(page, 'true')
    const wallet = (await address(page))!.trim()
    expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(callbacks).toHaveLength(1)
    expect((await page.getByTestId('account-auth-provider').textContent())?.trim()).toBe('google')
    expect((await page.getByTestId('account-username').textContent())?.trim()).toBe('alice')
    expect(await socialStorage(page)).toMatchObject({ '@portico/connected_social': '"google"' })

    expect(await signHelloThroughFrame(page, wallet as Hex)).toBe(true)

    await page.reload()
    await connected(page, 'true')
    expect((await address(page))!.trim()).toBe(wallet)
    await expect.poll(async () => (await page.getByTestId('account-username').textContent())?.trim()).toBe('alice')
    expect((await page.getByTestId('account-auth-provider').textContent())?.trim()).toBe('google')

    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await connected(page, 'false')
    expect(await socialStorage(page)).toEqual({})
    assertCleanPage(recorded)

    // The provider's answer, replayed in another browser: refused at the callback, nothing connected.
    const other = await open()
    await other.page.goto(callbacks[0]!)
    await expect.poll(() => other.page.getByRole('alert').textContent()).toContain('This login was already used')
    await other.page.goto(`${demo.url}/?networks=evm&devwallet=off`)
    await other.page.waitForLoadState('networkidle')
    expect((await other.page.getByTestId('account-connected').textContent())?.trim()).toBe('false')
  })

  it('the same identity in another browser (a new device) gets the same address', async () => {
    const first = await open()
    const popup = await continueWith(first.page, 'Google')
    await pickUser(popup, 'Alice')
    await connected(first.page, 'true')
    const wallet = (await address(first.page))!.trim()

    const second = await open()
    const again = await continueWith(second.page, 'Google')
    await pickUser(again, 'Alice')
    await connected(second.page, 'true')
    expect((await address(second.page))!.trim()).toBe(wallet)
  })

  it('a tampered state is refused at the callback and nothing is connected; closing the popup leaves the Connect view usable', async () => {
    const { page, context } = await open()
    // The answer's state is changed on its way to the callback. Playwright cannot route the target
    // of a redirect, so the provider's own hops after the pick are followed here, in the context
    // (same cookies), and the browser is sent to the tampered callback.
    await context.route('**/interaction/*/login', async (route) => {
      let response = await route.fetch({ maxRedirects: 0 })
      let location = new URL(response.headers()['location']!, route.request().url())
      while (!location.pathname.endsWith('/v1/social/callback')) {
        response = await context.request.get(location.href, { maxRedirects: 0 })
        location = new URL(response.headers()['location']!, location)
      }
      location.searchParams.set('state', `${location.searchParams.get('state')!.slice(0, -3)}abc`)
      await route.fulfill({ status: 303, headers: { location: location.href } })
    })
    const popup = await continueWith(page, 'Discord')
    await pickUser(popup, 'Carol')
    await expect.poll(() => popup.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('State mismatch')
    await popup.close()
    const button = inModal(page).getByRole('button', { name: 'Continue with Discord' })
    await expect.poll(() => button.isEnabled()).toBe(true)
    expect((await page.getByTestId('account-connected').textContent())?.trim()).toBe('false')
    expect(await socialStorage(page)).toEqual({})
  })

  it('while the popup is at the provider, answers posted from other origins and other windows, and another window on the page’s origin holding an answer, complete nothing; the real popup then logs in', async () => {
    const recorded = await open()
    const { page, context } = recorded
    const connects: string[] = []
    context.on('request', (request) => {
      if (request.url().includes('/v1/social/connect')) connects.push(request.url())
    })
    const popup = await continueWith(page, 'Google')
    await popup.getByRole('heading', { name: /^Sign in to / }).waitFor({ timeout: 15_000 })
    // What a spoofer would post: the shape other kits read from their popup, and this kit's answer fragment.
    const forgedAnswer = `${demo.url}/#portico_social=forged`
    const forged = [{ resultUri: forgedAnswer }, forgedAnswer, { type: 'portico_social', uri: forgedAnswer }]
    const post = (from: Page) => from.evaluate((messages) => messages.forEach((message) => opener.postMessage(message, '*')), forged)
    // 1. The kit's own popup, but from the provider's origin.
    await post(popup)
    // 2. A window on another origin (the mailbox page) that the page opened.
    const foreignOpened = page.waitForEvent('popup')
    await page.evaluate((url) => void window.open(url, 'foreign'), stack.mailboxUrl!)
    const foreign = await foreignOpened
    await foreign.waitForLoadState()
    await post(foreign)
    // 3. A window on the page's own origin that is not the popup, first posting, then holding an answer in its address.
    const siblingOpened = page.waitForEvent('popup')
    await page.evaluate((url) => void window.open(url, 'sibling'), `${demo.url}/?networks=evm&devwallet=off`)
    const sibling = await siblingOpened
    await sibling.getByTestId('account-connected').waitFor()
    await post(sibling)
    await sibling.goto(`${demo.url}/?networks=evm&devwallet=off#portico_social=forged`)
    await sibling.getByTestId('account-connected').waitFor()
    // Two polls of the popup (250 ms each) and more: time for anything that listened to act.
    await page.waitForTimeout(1_500)
    expect(connects).toEqual([])
    expect((await page.getByTestId('account-connected').textContent())?.trim()).toBe('false')
    expect((await sibling.getByTestId('account-connected').textContent())?.trim()).toBe('false')
    expect(await socialStorage(page)).toEqual({})
    await Promise.all([foreign.close(), sibling.close()])

    // The login the visitor started is still the one that counts.
    await pickUser(popup, 'Alice')
    await popup.waitForEvent('close', { timeout: 15_000 })
    await connected(page, 'true')
    expect(connects).toHaveLength(1)
    expect((await page.getByTestId('account-username').textContent())?.trim()).toBe('alice')
    assertCleanPage(recorded)
  })
})

describe('social login through a redirect (?social=redirect)', () => {
  it('leaves for the provider, comes back connected with the username, the answer gone from the address bar; a reload keeps it', async () => {
    const recorded = await open('&social=redirect')
    const { page } = recorded
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('button', { name: 'Continue with GitHub' }).click()
    await pickUser(page, 'Bob')
    await page.waitForURL((url) => url.origin === new URL(demo.url).origin, { timeout: 15_000 })
    await connected(page, 'true')
    expect(new URL(page.url()).hash).toBe('')
    const wallet = (await address(page))!.trim()
    expect((await page.getByTestId('account-auth-provider').textContent())?.trim()).toBe('github')
    expect((await page.getByTestId('account-username').textContent())?.trim()).toBe('bob')
    expect(await signHelloThroughFrame(page, wallet as Hex)).toBe(true)

    await page.reload()
    await connected(page, 'true')
    expect((await address(page))!.trim()).toBe(wallet)
    await expect.poll(async () => (await page.getByTestId('account-username').textContent())?.trim()).toBe('bob')

    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await connected(page, 'false')
    expect(await socialStorage(page)).toEqual({})
  })
})
