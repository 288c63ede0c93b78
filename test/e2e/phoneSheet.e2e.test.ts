// The modal on a phone and under the visitor's display settings, measured in Chromium: the
// bottom sheet's safe-area inset and drag to close (touch emulation), a right-to-left dialog's
// Back button, prefers-reduced-motion and prefers-contrast (emulated through CDP). The demo
// with browser wallets only and none installed: Connect offers "Get a wallet", whose view has
// a Back button; no chain or relay needed.
import type { Browser, CDPSession, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type DemoServer, type RecordedPage, launchBrowser } from './harness.ts'
import {
  type PrivateDemo,
  assertCleanPage,
  buildPrivateDemo,
  inModal,
  modalSnapshot,
  openPage,
  settleAnimations,
  startPrivateDemo,
  throwFirstFailure,
  valueOf,
  waitForModal,
  waitForView,
} from './modalHarness.ts'

let browser: Browser
let build: PrivateDemo
let demo: DemoServer
const pages: RecordedPage[] = []

beforeAll(async () => {
  const started = await Promise.allSettled([buildPrivateDemo(), launchBrowser()])
  build = valueOf(started[0])!
  browser = valueOf(started[1])!
  throwFirstFailure(started)
  demo = await startPrivateDemo(build)
})
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
})
afterAll(async () => {
  await browser?.close()
  await demo?.close()
  await build?.dispose()
})

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true }

async function open(options?: Parameters<typeof openPage>[2]) {
  const recorded = await openPage(browser, new URL('/?devwallet=off&wallets=browser', demo.url).href, options)
  pages.push(recorded)
  await recorded.page.getByTestId('open-modal').click()
  await waitForView(recorded.page, 'Connect')
  await settleAnimations(recorded.page)
  return recorded
}

/** Evaluates `fn` with the modal's shadow root. */
const inRoot = <T>(page: Page, fn: (root: ShadowRoot) => T) => page.evaluate(`(${fn.toString()})(document.querySelector('portico-modal').shadowRoot)`) as Promise<T>

/** A finger on the sheet's header at (x, y), moved down by `distance` px in steps, then lifted. */
async function dragDown(cdp: CDPSession, x: number, y: number, distance: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let step = 1; step <= 8; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (distance * step) / 8 }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

const headerPoint = (page: Page) =>
  inRoot(page, (root) => {
    const title = root.querySelector('.title')!.getBoundingClientRect()
    return { x: title.left + title.width / 2, y: title.top + title.height / 2 }
  })

describe('the bottom sheet on a phone (390 × 844, touch)', () => {
  it('keeps the safe-area inset at its bottom: the frame pads 16 px plus the 34 px inset', async () => {
    const recorded = await open(PHONE)
    const { page } = recorded
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { bottom: 34 } })
    await expect.poll(() => inRoot(page, (root) => getComputedStyle(root.querySelector('.frame')!).paddingBottom)).toBe('50px')
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: {} })
    await expect.poll(() => inRoot(page, (root) => getComputedStyle(root.querySelector('.frame')!).paddingBottom)).toBe('16px')
    assertCleanPage(recorded)
  })

  it('a short drag of its header springs back; a drag of 96 px or more closes it; Close stays for keyboards', async () => {
    const recorded = await open(PHONE)
    const { page } = recorded
    const cdp = await page.context().newCDPSession(page)
    const top = () => inRoot(page, (root) => root.querySelector('dialog')!.getBoundingClientRect().top)
    // At rest: the view's content (the wallet search, then "No wallet found") has settled its height.
    let resting = await top()
    for (let previous = Number.NaN; resting !== previous; resting = await top()) {
      previous = resting
      await page.waitForTimeout(250)
    }
    const { x, y } = await headerPoint(page)

    await dragDown(cdp, x, y, 60)
    expect((await modalSnapshot(page)).open).toBe(true)
    await expect.poll(top).toBe(resting)

    await dragDown(cdp, x, y, 200)
    await waitForModal(page, false)

    // The Close button is still there for those who do not drag.
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('button', { name: 'Close' }).focus()
    await page.keyboard.press('Enter')
    await waitForModal(page, false)
    assertCleanPage(recorded)
  })
})

describe('right to left', () => {
  it('with dir="rtl" on the dialog, the Back button sits on the right and points right', async () => {
    const recorded = await open()
    const { page } = recorded
    await inRoot(page, (root) => root.querySelector('dialog')!.setAttribute('dir', 'rtl'))
    await inModal(page).getByRole('button', { name: 'Get a wallet' }).click()
    await waitForView(page, 'GetWallet')
    const layout = await inRoot(page, (root) => {
      const back = root.querySelector('button[aria-label="Back"]')!
      const header = root.querySelector('.header')!.getBoundingClientRect()
      const box = back.getBoundingClientRect()
      // The arrow's tip is its path's leftmost point ("M15 6l-6 6 6 6"): where it lands on screen says where it points.
      const path = back.querySelector('path')!
      const matrix = path.getScreenCTM()!
      const tip = new DOMPoint(9, 12).matrixTransform(matrix)
      const tail = new DOMPoint(15, 12).matrixTransform(matrix)
      return { backCentre: box.left + box.width / 2, headerCentre: header.left + header.width / 2, pointsRight: tip.x > tail.x }
    })
    expect(layout.backCentre).toBeGreaterThan(layout.headerCentre)
    expect(layout.pointsRight).toBe(true)

    // A Latin wallet name in the right-to-left dialog: set at the row's start (its right), and a
    // long one cut at its own end, so it still reads from its first letter.
    const names = await inRoot(page, (root) => {
      const labels = [...root.querySelectorAll('.list-item-label')] as HTMLElement[]
      const [short, long] = labels as [HTMLElement, HTMLElement]
      long.textContent = `MetaMask ${'Wallet '.repeat(12)}`
      const textBox = (label: HTMLElement) => {
        const range = document.createRange()
        range.selectNodeContents(label)
        return range.getClientRects()[0]!
      }
      const first = (label: HTMLElement) => {
        const range = document.createRange()
        range.setStart(label.firstChild!, 0)
        range.setEnd(label.firstChild!, 1)
        return range.getBoundingClientRect()
      }
      const box = (label: HTMLElement) => label.getBoundingClientRect()
      return {
        shortAtRight: Math.abs(textBox(short).right - box(short).right) <= 1,
        longFirstLetterShown: first(long).left >= box(long).left - 1 && first(long).right <= box(long).right + 1,
      }
    })
    expect(names).toEqual({ shortAtRight: true, longFirstLetterShown: true })
    assertCleanPage(recorded)
  })
})

/** The WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = colour
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((c) => {
        const s = Number(c) / 255
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

describe('the visitor’s display settings', () => {
  it('prefers-reduced-motion: reduce: a view change runs no animation and the height does not transition', async () => {
    const recorded = await open()
    const { page } = recorded
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] })
    await inModal(page).getByRole('button', { name: 'Get a wallet' }).click()
    await waitForView(page, 'GetWallet')
    const motion = await inRoot(page, (root) => ({
      animations: root.getAnimations().length,
      body: getComputedStyle(root.querySelector('.body')!).transitionDuration,
      dialog: getComputedStyle(root.querySelector('dialog')!).transitionDuration,
    }))
    expect(motion).toEqual({ animations: 0, body: '0s', dialog: '0s' })
    assertCleanPage(recorded)
  })

  it('prefers-contrast: more: borders reach 3:1 and muted text 7:1 against the background, in both themes (from under 3:1 and 7:1)', async () => {
    const recorded = await open()
    const { page } = recorded
    const cdp = await page.context().newCDPSession(page)
    const ratios = async () => {
      const colours = await inRoot(page, (root) => {
        const dialog = getComputedStyle(root.querySelector('dialog')!)
        const muted = getComputedStyle(root.host as HTMLElement).getPropertyValue('--portico-muted')
        const probe = document.createElement('span')
        probe.style.color = muted
        root.querySelector('.frame')!.append(probe)
        const colour = getComputedStyle(probe).color
        probe.remove()
        return { background: dialog.backgroundColor, border: dialog.borderTopColor, muted: colour }
      })
      return { border: contrast(colours.border, colours.background), muted: contrast(colours.muted, colours.background) }
    }
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => document.querySelector('portico-modal')!.setAttribute('data-theme', value), theme)
      await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-contrast', value: 'no-preference' }] })
      const usual = await ratios()
      expect(usual.border, `${theme}: the usual border`).toBeLessThan(3)
      expect(usual.muted, `${theme}: the usual muted text`).toBeLessThan(7)
      await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-contrast', value: 'more' }] })
      const more = await ratios()
      expect(more.border, `${theme}: the border with more contrast`).toBeGreaterThanOrEqual(3)
      expect(more.muted, `${theme}: muted text with more contrast`).toBeGreaterThanOrEqual(7)
    }
    assertCleanPage(recorded)
  })

  it('the snack region is a polite status, present while empty, so a snack is announced when it appears', async () => {
    const recorded = await open()
    const snack = inModal(recorded.page).getByTestId('portico-snack')
    expect(await snack.evaluate((el) => [el.getAttribute('role'), el.getAttribute('aria-live')])).toEqual(['status', 'polite'])
    assertCleanPage(recorded)
  })
})
