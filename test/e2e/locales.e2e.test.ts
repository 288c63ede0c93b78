// Issue 29 item 5, as shown: the demo in Japanese shows nothing in English on Connect and
// Account (every visible string from the catalogue), and in Arabic the dialog is right to
// left with the address left to right. Screenshots of Connect and Account in en, ar and ja at
// 1280 and 390 px go to $PORTICO_SHOTS when it names a folder (locale-<view>-<locale>-<width>.png).
// The legal line (?legal=on) in en, ar, ja and de at 390 px goes there too (legal-<locale>-390.png).
// Ports: 8545/8546 (the demo's chains).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { HardhatNode } from '../peers/hardhat.ts'
import { type DemoPage, type ServedDemo, TEST_WALLET_NAME, TEST_WALLET_RDNS, buildAndServeDemo, currentView, modal, openDemo, startDemoChains } from './evmSupport.ts'
import { ROOT } from '../../build.mjs'
import { catalogueAreas, readCatalogue } from '../../scripts/catalogues.mjs'
import { say } from './a11yChecks.ts'
import { SOCIAL_BUTTONS } from '../../plugins/socials/providers.ts'
import { launchBrowser } from './harness.ts'

/** Where screenshots go when asked for (PORTICO_SHOTS=<folder>); none in a plain run. */
const SHOTS = process.env['PORTICO_SHOTS']
const screenshot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: join(SHOTS, name) }) : undefined)
let node1: HardhatNode
let node2: HardhatNode
let demo: ServedDemo
let browser: Browser
const pages: DemoPage[] = []

beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true })
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
  const texts = catalogueAreas(ROOT).flatMap((area) => {
    const english = readCatalogue(join(ROOT, area, 'en.json')).messages
    const translated = readCatalogue(join(ROOT, area, `${locale}.json`)).messages
    return Object.entries(english)
      .filter(([key, text]) => translated[key] !== text)
      .map(([, text]) => text)
  })
  // The literal pieces between arguments, e.g. "Continue in" of "Continue in {wallet}".
  return [
    ...new Set(
      texts
        .flatMap((text) => (/[{]\w+,/.test(text) ? [] : text.split(/\{\w+\}/)))
        .map((piece) => piece.trim())
        .filter((piece) => /[a-z]{3,}/i.test(piece) && piece.length > 3),
    ),
  ]
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

/**
 * Latin words the dialog shows in `locale` that neither the locale's own catalogue writes
 * (WalletConnect, QR) nor the data brings (the wallet's, the network's and the token's names):
 * an English text no catalogue holds, a literal left in a view, shows up here.
 */
async function latinLeft(page: Page, locale: string, names: readonly string[]): Promise<string[]> {
  const words = (text: string) => text.match(/[A-Za-z]{3,}/g) ?? []
  const written = catalogueAreas(ROOT).flatMap((area) => Object.values(readCatalogue(join(ROOT, area, `${locale}.json`)).messages).flatMap(words))
  const allowed = new Set([...written, ...names.flatMap(words)])
  const shown = await visibleStrings(page)
  return shown.filter((text) => !/^0x[0-9a-fA-F.…]+$/.test(text) && words(text).some((word) => !allowed.has(word)))
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

/** What the data names, in every locale alike: the wallet, the social providers, the demo's network and its coin. */
const NAMES = [TEST_WALLET_NAME, ...Object.values(SOCIAL_BUTTONS).map((button) => button.name), 'Hardhat', 'ETH'] // demo/config.ts: chain 31337 and its coin

describe('the demo in every language we wrote, at desktop and phone widths', () => {
  for (const locale of ['ja', 'ar', 'en'] as const) {
    for (const width of [1280, 390]) {
      it(`${locale} at ${width} px: Connect and Account${locale === 'en' ? '' : ', with no English left'}`, async () => {
        const { page } = await openWithWallet(`locale=${locale}`, width)
        await openConnect(page, say({ locale }, 'Connect Wallet'))
        // Each part's texts arrive with its code; the view settles in the locale.
        if (locale !== 'en') await expect.poll(() => englishLeft(page, locale), { timeout: 10_000 }).toEqual([])
        // Japanese writes no Latin word of its own: any left is English that no catalogue holds.
        if (locale === 'ja') expect(await latinLeft(page, locale, NAMES)).toEqual([])
        await screenshot(page, `locale-connect-${locale}-${width}.png`)
        await connectAndOpenAccount(page)
        if (locale !== 'en') await expect.poll(() => englishLeft(page, locale), { timeout: 10_000 }).toEqual([])
        if (locale === 'ja') expect(await latinLeft(page, locale, NAMES)).toEqual([])
        if (locale === 'ar') {
          expect(await dialog(page).getAttribute('dir')).toBe('rtl')
          expect(await dialog(page).getAttribute('lang')).toBe('ar')
          const address = dialog(page).getByTestId('portico-account-address')
          expect(await address.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr')
        } else {
          expect(await dialog(page).getAttribute('dir')).toBe('ltr')
        }
        await screenshot(page, `locale-account-${locale}-${width}.png`)
      })
    }
  }
})

describe('the legal line (features.legalCheckbox), one message in each language', () => {
  it('at 390 px in en, ar, ja and de: one sentence naming the box, its two links in the order the language puts them', async () => {
    const { page } = await openWithWallet('legal=on&locale=en', 390)
    const sentences = {
      en: ['I agree to the Terms of Service and the Privacy Policy', 'Terms of Service', 'Privacy Policy'],
      ar: ['أوافق على شروط الخدمة وسياسة الخصوصية', 'شروط الخدمة', 'سياسة الخصوصية'],
      ja: ['利用規約およびプライバシーポリシーに同意します', '利用規約', 'プライバシーポリシー'],
      de: ['Ich akzeptiere die Nutzungsbedingungen und die Datenschutzerklärung', 'Nutzungsbedingungen', 'Datenschutzerklärung'],
    } as const
    for (const [locale, [sentence, terms, privacy]] of Object.entries(sentences)) {
      // The demo's language menu (kit.setLocale) is behind the open dialog: closed, switched, opened again.
      if (locale !== 'en') {
        await page.keyboard.press('Escape')
        await expect.poll(() => currentView(page)).toBeNull()
        await page.getByTestId('demo-locale').selectOption(locale)
      }
      await page.getByTestId('open-modal').click()
      const box = dialog(page).getByRole('checkbox', { name: sentence, exact: true })
      await box.waitFor({ timeout: 10_000 })
      const links = dialog(page).getByTestId('legal-consent').getByRole('link')
      expect(await links.evaluateAll((all) => all.map((link) => [link.textContent, new URL((link as HTMLAnchorElement).href).pathname]))).toEqual([
        [terms, '/terms'],
        [privacy, '/privacy'],
      ])
      await screenshot(page, `legal-${locale}-390.png`)
    }
  })
})
