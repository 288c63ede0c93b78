// Social login on the built demo, in real Chromium: "Continue with Google" opens a popup that
// goes to the frame server's begin link (8700: its cookie), then to the local OpenID provider
// (oidc-provider on 127.0.0.1, demo/peers/oidc.ts); the tester picks a user, the frame server's
// callback exchanges the code and its page in the popup hands the result to the Portico frame,
// the popup closes, and the embedded wallet (PGlite) is connected. The redirect flow
// (?social=redirect) does the same by leaving the page and coming back to its registered
// address. The host page is instrumented: it never sees the provider's code (nor, in the popup
// flow, the result), never reads the popup, and only learns that the login finished.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedStack } from '../../demo/peers/embedded.ts'
import { type EmailDemo, address, signHelloThroughFrame, startEmailDemo } from './emailLogin.ts'
import type { DemoServer, RecordedPage } from './harness.ts'
import { assertCleanPage, expectNoAxeViolations, inModal, openPage, waitForModal, waitForView } from './modalHarness.ts'

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

/** The demo in a fresh context; `clock` installs Playwright's clock there (time still flows) for a test to move it on. */
async function open(query = '', { clock = false } = {}) {
  const recorded = await openPage(browser, `${demo.url}/?networks=evm&devwallet=off${query}`, clock ? { before: (page) => page.clock.install() } : {})
  pages.push(recorded)
  return recorded
}

const connected = (page: Page, value: 'true' | 'false') => page.getByTestId('account-connected').filter({ hasText: value }).waitFor({ timeout: 20_000 })

/** The social keys the kit keeps in the host page's storage. */
const socialStorage = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => /social/.test(key))
        .map((key) => [key, localStorage.getItem(key)]),
    ),
  )

/** Opens the modal and clicks "Continue with <name>"; returns the popup it opened. */
async function continueWith(page: Page, name: string): Promise<Page> {
  await page.getByTestId('open-modal').click()
  await waitForView(page, 'Connect')
  const popup = page.waitForEvent('popup')
  await (await socialButton(page, name)).click()
  return popup
}

/** A provider's button; the demo lists seven, so the last three wait behind "More ways to continue". */
async function socialButton(page: Page, name: string) {
  await inModal(page).getByRole('button', { name: 'Continue with Google' }).waitFor()
  const button = inModal(page).getByRole('button', { name: `Continue with ${name}` })
  if ((await button.count()) === 0) await inModal(page).getByRole('button', { name: 'More ways to continue' }).click()
  return button
}

/**
 * The popup closes itself once the frame has the result, which can be before a wait for its
 * 'close' event would start: its state is polled instead.
 */
const closes = (popup: Page) => expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true)

/** At the local provider's login page (in the popup or the page itself), picks the user. */
async function pickUser(at: Page, user: string) {
  await at.getByRole('heading', { name: /^Sign in to / }).waitFor({ timeout: 15_000 })
  expect(new URL(at.url()).origin).toBe(stack.oidc!.issuer)
  await at.getByRole('button', { name: new RegExp(`^${user}\\b`) }).click()
}

/** What the host page saw: every address it had, every message it got, what it did with the popup; and what the Portico frame got from the popup. */
interface Seen {
  readonly urls: string[]
  readonly messages: string[]
  readonly popupLocationReads: string[]
  readonly popupNavigations: string[]
  readonly frameResults: string[]
}

/** Instruments the host page (and records the result the Portico frame in it receives), then loads it again. */
async function instrument(page: Page): Promise<Seen> {
  const seen: Seen = { urls: [], messages: [], popupLocationReads: [], popupNavigations: [], frameResults: [] }
  await page.exposeFunction('__porticoSeen', (kind: keyof Seen, value: string) => void seen[kind].push(value))
  await page.addInitScript((frameOrigin) => {
    const record = (kind: string, value: string) => void (window as unknown as { __porticoSeen(k: string, v: string): void }).__porticoSeen(kind, value)
    if (window !== window.top) {
      if (location.origin === frameOrigin) {
        addEventListener('message', (event) => {
          if (event.data?.type === '@portico-frame/SOCIAL_RESULT') record('frameResults', String(event.data.result))
        })
      }
      return
    }
    record('urls', location.href)
    addEventListener('hashchange', () => record('urls', location.href))
    const replaceState = history.replaceState.bind(history)
    history.replaceState = (state, title, url) => {
      record('urls', String(url))
      replaceState(state, title, url)
    }
    addEventListener('message', (event) => record('messages', `${event.origin} ${JSON.stringify(event.data)}`), true)
    const open = window.open.bind(window)
    window.open = (...args) => {
      const popup = open(...args)
      if (!popup) return popup
      const place = popup.location as unknown as Record<string | symbol, unknown>
      const location = new Proxy(
        {},
        {
          get(_, key) {
            record('popupLocationReads', String(key))
            const value = place[key]
            return typeof value === 'function' ? value.bind(place) : value
          },
          set(_, key, value) {
            record('popupNavigations', String(value))
            place[key] = value
            return true
          },
        },
      )
      return new Proxy(popup, {
        get(target, key) {
          if (key === 'location') return location
          const value = (target as unknown as Record<string | symbol, unknown>)[key]
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    }
  }, new URL(stack.frameUrl).origin)
  await page.reload()
  return seen
}

/** The provider's codes, as the callback requests of the context carried them. */
function recordCodes(context: BrowserContext): string[] {
  const codes: string[] = []
  context.on('request', (request) => {
    const code = request.url().includes('/v1/social/callback') ? new URL(request.url()).searchParams.get('code') : null
    if (code) codes.push(code)
  })
  return codes
}

/** Every string the host page saw, in one. */
const hostSaw = (seen: Seen) => [...seen.urls, ...seen.messages, ...seen.popupLocationReads, ...seen.popupNavigations].join('\n')

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
    // The default socials, in order: Google a full row, the next three icon buttons, the rest behind More.
    const socialNames = () =>
      inModal(page)
        .locator('[data-method="social"] button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim()))
    expect(await socialNames()).toEqual(['Continue with Google', 'Continue with X', 'Continue with Discord', 'Continue with Farcaster', 'More ways to continue'])
    await expectNoAxeViolations(page, 'Connect view with the social section, collapsed')
    await inModal(page).getByRole('button', { name: 'More ways to continue' }).click()
    expect(await socialNames()).toEqual([
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

    const seen = await instrument(page)
    const codes = recordCodes(page.context())
    const callbacks = recordCallbacks(page.context())
    const popup = await continueWith(page, 'Google')
    await popup.getByRole('heading', { name: /^Sign in to / }).waitFor({ timeout: 15_000 })
    // The begin link left its cookie on the frame server's origin: Chromium keeps a __Host- Secure cookie of http://127.0.0.1.
    const [cookie] = (await page.context().cookies(stack.frameUrl)).filter((c) => c.name.startsWith('__Host-portico-social-'))
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'None', path: '/' })
    await pickUser(popup, 'Alice')
    await closes(popup)
    await connected(page, 'true')
    // The popup went only to the frame server's begin link; the page never read where it was.
    expect(seen.popupNavigations).toHaveLength(1)
    expect(seen.popupNavigations[0]).toMatch(new RegExp(`^${stack.frameUrl}/v1/social/begin\\?t=[\\w-]{43}$`))
    expect(seen.popupLocationReads).toEqual([])
    // The provider's code reached the frame server, the result reached the frame; the host page saw neither.
    expect(codes).toHaveLength(1)
    expect(seen.frameResults).toHaveLength(1)
    expect(hostSaw(seen)).not.toContain(codes[0]!)
    expect(hostSaw(seen)).not.toContain(seen.frameResults[0]!)
    expect(hostSaw(seen)).not.toMatch(/SOCIAL_RESULT|portico_social/)
    // What the page learnt from the frame: the login finished (CONNECT_SOCIAL_SUCCESS with the user).
    expect(seen.messages.some((m) => m.includes('"type":"@portico-frame/CONNECT_SOCIAL_SUCCESS"'))).toBe(true)
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(seen.frameResults[0]!)
    expect((await page.context().cookies(stack.frameUrl)).filter((c) => c.name.startsWith('__Host-portico-social-'))).toEqual([])
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

  it('the same identity in another browser (a new device) gets the same address, once the first device approves it inside its frame', async () => {
    // Both clocks are moved past the frame's consent polls (10 s on the first device, 5 s on the
    // new one) rather than waited out: the rule here is the consent, not those figures.
    const first = await open('', { clock: true })
    // Dave, whom no other test logs in: his first device here is the account's first.
    const popup = await continueWith(first.page, 'Google')
    await pickUser(popup, 'Dave')
    await connected(first.page, 'true')
    const wallet = (await address(first.page))!.trim()
    await waitForModal(first.page, false).catch(() => undefined)

    const second = await open('', { clock: true })
    const again = await continueWith(second.page, 'Google')
    await pickUser(again, 'Dave')
    // A session on a new device gets no key share by itself (whoever holds the provider account,
    // or hijacked its login, would get the key): the first device's frame asks in its own panel.
    expect((await second.page.getByTestId('account-connected').textContent())?.trim()).toBe('false')
    await expect.poll(() => inModal(second.page).getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/^Approve this device on a device you already use/)
    await first.page.clock.fastForward(10_000)
    const panel = first.page.frameLocator('#w3m-iframe')
    await panel.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 })
    await panel.getByRole('button', { name: 'Approve' }).click()
    await waitForModal(first.page, false)
    await second.page.clock.fastForward(5_000)
    await second.page.getByTestId('account-connected').filter({ hasText: 'true' }).waitFor({ timeout: 30_000 })
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

    // The login the visitor started is still the one that counts. (Carol: a first login, so this
    // browser is her account's first device; Alice's account has a device from the first test.)
    await pickUser(popup, 'Carol')
    await closes(popup)
    await connected(page, 'true')
    expect(connects).toHaveLength(1)
    expect((await page.getByTestId('account-username').textContent())?.trim()).toBe('carol')
    assertCleanPage(recorded)
  })
})

describe('social login through a redirect (?social=redirect)', () => {
  it('leaves for the provider, comes back connected with the username, the answer gone from the address bar; a reload keeps it', async () => {
    const recorded = await open('&social=redirect')
    const { page } = recorded
    const seen = await instrument(page)
    const codes = recordCodes(page.context())
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await (await socialButton(page, 'GitHub')).click()
    await pickUser(page, 'Bob')
    await page.waitForURL((url) => url.origin === new URL(demo.url).origin, { timeout: 15_000 })
    await connected(page, 'true')
    expect(new URL(page.url()).hash).toBe('')
    // Back at its registered address with the result only: the provider's code never reached the host page.
    expect(codes).toHaveLength(1)
    expect(hostSaw(seen)).not.toContain(codes[0]!)
    expect(seen.urls.filter((url) => url.includes('#portico_social='))).toEqual([
      expect.stringMatching(new RegExp(`^${demo.url}/\\?networks=evm&devwallet=off&social=redirect#portico_social=[\\w-]{43}$`)),
    ])
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
