// Issue 29 item 5, as shown: the demo in Japanese shows nothing in English on Connect and
// Account (every visible string from the catalogue), and in Arabic the dialog is right to
// left with the address left to right. Screenshots of Connect and Account in en, ar and ja at
// 1280 and 390 px go to /work/notes/shots/ (locale-<view>-<locale>-<width>.png).
// Ports: 8545/8546 (the demo's chains).
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { HardhatNode } from '../peers/hardhat.ts'
import { type DemoPage, type ServedDemo, TEST_WALLET_NAME, TEST_WALLET_RDNS, buildAndServeDemo, currentView, modal, openDemo, startDemoChains } from './evmSupport.ts'
import { ROOT } from '../../build.mjs'
import { catalogueAreas } from '../../scripts/catalogues.mjs'
import { launchBrowser } from './harness.ts'

const SHOTS = '/work/notes/shots'
let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
const pages: DemoPage[] = []

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  ;[[node1, node2], demo, browser] = await Promise.all([startDemoChains(), buildAndServeDemo({ api: false }), launchBrowser()])
}, 180_000)

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})

afterAll(async () => {
  await browser?.close()
  await demo?.dispose()
  await Promise.all([node1?.stop(), node2?.stop()])
})

/** Every English message of the catalogues that has words of its own (not only arguments), but those `locale` keeps as they are (Farcaster, NFT). */
function englishMessages(locale: string): string[] {
  const files = catalogueAreas(ROOT).map((area) => join(ROOT, area, 'en.json'))
  const read = (file: string): Record<string, string> => {
    try {
      const { $meta: _meta, ...messages } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
      return messages
    } catch {
      return {}
    }
  }
  const texts = files.flatMap((file) => {
    const translated = read(file.replace(/en\.json$/, `${locale}.json`))
    return Object.entries(read(file)).filter(([key, text]) => translated[key] !== text).map(([, text]) => text)
  })
  // The literal pieces between arguments, e.g. "Continue in" of "Continue in {wallet}".
  return [...new Set(texts.flatMap((text) => (/[{]\w+,/.test(text) ? [] : text.split(/\{\w+\}/))).map((piece) => piece.trim()).filter((piece) => /[a-z]{3,}/i.test(piece) && piece.length > 3))]
}

/** What the dialog shows or says: its text nodes and its accessible names, descriptions and placeholders. */
function visibleStrings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog[open]')
    if (!dialog) return []
    const strings: string[] = []
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (node.textContent?.trim() && parent && parent.getClientRects().length > 0) strings.push(node.textContent.trim())
    }
    for (const element of dialog.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)
        if (value?.trim()) strings.push(value.trim())
      }
    }
    return strings
  })
}

/** The English catalogue pieces found in what the dialog shows. */
async function englishLeft(page: Page, locale: string): Promise<string[]> {
  const english = englishMessages(locale)
  const shown = await visibleStrings(page)
  return shown.filter((text) => english.some((piece) => text.includes(piece)))
}

async function openWithWallet(search: string, width: number): Promise<DemoPage> {
  const recorded = await openDemo(
    browser,
    demo.server.url,
    [{ name: TEST_WALLET_NAME, rdns: TEST_WALLET_RDNS, rpcUrls: { 31337: node1.url, 31338: node2.url }, knownChainIds: [31337] }],
    `?devwallet=off&${search}`,
  )
  pages.push(recorded)
  await recorded.page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
  return recorded
}

const dialog = (page: Page) => modal(page).locator('dialog[open]')

async function openConnect(page: Page, title: string) {
  await page.getByTestId('open-modal').click()
  await modal(page).getByTestId('portico-connect').waitFor()
  await expect.poll(() => dialog(page).getByRole('heading', { level: 2 }).innerText()).toBe(title)
}

async function connectAndOpenAccount(page: Page) {
  await modal(page).getByRole('button', { name: TEST_WALLET_NAME, exact: true }).click()
  await page.waitForFunction(() => document.querySelector('[data-testid="account-status"]')?.textContent === 'connected')
  await expect.poll(() => currentView(page)).toBeNull()
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
}

const TITLES = { en: 'Connect Wallet', ar: 'ربط المحفظة', ja: 'ウォレットを接続' } as const

describe('the demo in every language we wrote, at desktop and phone widths', () => {
  for (const locale of ['ja', 'ar', 'en'] as const) {
    for (const width of [1280, 390]) {
      it(`${locale} at ${width} px: Connect and Account${locale === 'en' ? '' : ', with no English left'}`, async () => {
        const { page } = await openWithWallet(`locale=${locale}`, width)
        await openConnect(page, TITLES[locale])
        // Each part's texts arrive with its code; the view settles in the locale.
        if (locale !== 'en') await expect.poll(() => englishLeft(page, locale), { timeout: 10_000 }).toEqual([])
        await page.screenshot({ path: join(SHOTS, `locale-connect-${locale}-${width}.png`) })
        await connectAndOpenAccount(page)
        if (locale !== 'en') await expect.poll(() => englishLeft(page, locale), { timeout: 10_000 }).toEqual([])
        if (locale === 'ar') {
          expect(await dialog(page).getAttribute('dir')).toBe('rtl')
          expect(await dialog(page).getAttribute('lang')).toBe('ar')
          const address = dialog(page).getByTestId('portico-account-address')
          expect(await address.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr')
        } else {
          expect(await dialog(page).getAttribute('dir')).toBe('ltr')
        }
        await page.screenshot({ path: join(SHOTS, `locale-account-${locale}-${width}.png`) })
      })
    }
  }
})
