// WCAG 2.2 AA checks measured in the page, for the browser walks that reach every view of the
// modal: axe with the 2.0/2.1/2.2 A and AA tags in both themes, 24 px targets (2.5.8), reflow
// at 320 CSS px (1.4.10), the text-spacing overrides (1.4.12) and focus never hidden under
// the sticky header or the snack (2.4.11).
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { catalogueAreas, readCatalogue } from '../../scripts/catalogues.mjs'
import { expect } from 'vitest'
import { runAxe } from './harness.ts'
import { inModal, modalSnapshot, settleAnimations } from './modalHarness.ts'

export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const

/** A locale the walks run in; `dir` is what its dialog must read in. */
export interface WalkLocale {
  readonly locale: string
  readonly dir: 'ltr' | 'rtl'
}

/** The walks' locales: the demo takes `?locale=`, and the dialog reads in the locale's direction. */
export const WALK_LOCALES: readonly WalkLocale[] = [
  { locale: 'en', dir: 'ltr' },
  { locale: 'ar', dir: 'rtl' },
]

/** The demo's url in a walk's locale. */
export function inLocale(url: string, { locale }: WalkLocale): string {
  const localized = new URL(url)
  localized.searchParams.set('locale', locale)
  return localized.href
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const fill = (template: string, values: Readonly<Record<string, string>>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

/**
 * What a visitor reads in the walk's locale where English reads `english` (a catalogue text,
 * its `{arguments}` filled from `values`), so a walk finds controls by the names it shows. A
 * text no catalogue holds (a wallet's or a network's name) reads the same in every locale.
 */
export function say({ locale }: Pick<WalkLocale, 'locale'>, english: string, values: Readonly<Record<string, string>> = {}): string {
  // The modal's own texts first: a plugin's "Back" or "Try again" is a text of its own view.
  const areas = catalogueAreas(ROOT).sort((a, b) => Number(a.startsWith('plugins/')) - Number(b.startsWith('plugins/')))
  for (const area of areas) {
    const source = readCatalogue(join(ROOT, area, 'en.json')).messages
    const key = Object.keys(source).find((name) => source[name] === english)
    if (key) return fill(readCatalogue(join(ROOT, area, `${locale}.json`)).messages[key] ?? english, values)
  }
  return fill(english, values)
}

/** The modal's dialog reads in the walk's locale and direction (the kit sets both from the locale). */
export async function expectWalkDirection(page: Page, { locale, dir }: WalkLocale): Promise<void> {
  const read = await page.evaluate(() => {
    const dialog = document.querySelector('portico-modal')?.shadowRoot?.querySelector('dialog')
    const scope = dialog?.closest('[dir]')
    return { dir: scope?.getAttribute('dir'), lang: dialog?.closest('[lang]')?.getAttribute('lang') }
  })
  expect(read).toEqual({ dir, lang: locale })
}

const modalTheme = (page: Page) => page.locator('portico-modal').getAttribute('data-theme')

async function setTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((value) => document.querySelector('portico-modal')!.setAttribute('data-theme', value), theme)
}

/** axe with the WCAG 2.2 AA tags on the modal, in the theme it shows and then in the other. */
export async function expectNoWcagViolations(page: Page, label: string): Promise<void> {
  await settleAnimations(page)
  const shown = (await modalTheme(page)) ?? 'dark'
  const other = shown === 'dark' ? 'light' : 'dark'
  const found: string[] = []
  for (const theme of [shown, other]) {
    if (theme !== shown) await setTheme(page, theme)
    const violations = await runAxe(page, 'portico-modal', WCAG_22_AA_TAGS)
    found.push(...violations.map((v) => `${theme}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`))
  }
  await setTheme(page, shown)
  expect(found, `axe (WCAG 2.2 AA) on ${label}`).toEqual([])
}

/** Controls under 24 × 24 CSS px (2.5.8); a link inside a sentence is exempt. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('portico-modal')!.shadowRoot!.querySelector('dialog')!
    const controls = dialog.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="tab"], [role="button"], [tabindex="0"]')
    const small: string[] = []
    for (const control of controls) {
      if (!control.checkVisibility() || control.closest('.sr-only')) continue
      if (getComputedStyle(control).display === 'inline') continue
      const { width, height } = control.getBoundingClientRect()
      if (width < 24 || height < 24) small.push(`${control.outerHTML.slice(0, 100)}: ${width.toFixed(1)} × ${height.toFixed(1)}`)
    }
    return small
  })
}

/**
 * What is cut or out of the dialog: content past the dialog's sides, a horizontal scroll, or
 * an element clipping its own content. A single-line name ending in an ellipsis inside a
 * control or a labelled element is allowed: its full text is in the accessible name.
 */
export function cutContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('portico-modal')!.shadowRoot!.querySelector('dialog')!
    const box = dialog.getBoundingClientRect()
    const cut: string[] = []
    const name = (el: Element) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">${(el.textContent ?? '').trim().slice(0, 40)}`
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) cut.push(`the dialog itself: ${box.left}–${box.right}`)
    if (dialog.scrollWidth > dialog.clientWidth + 1) cut.push(`a horizontal scroll in the dialog: ${dialog.scrollWidth} > ${dialog.clientWidth}`)
    for (const el of dialog.querySelectorAll<HTMLElement>('*')) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility() || el.closest('.sr-only, iframe')) continue
      const rect = el.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      if (rect.left < box.left - 1 || rect.right > box.right + 1) cut.push(`${name(el)} sticks out: ${rect.left.toFixed(0)}–${rect.right.toFixed(0)}`)
      const style = getComputedStyle(el)
      const ellipsis = style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && el.closest('button, a, label, [aria-label], [title]')
      // Sideways, a scroll is as bad as a clip (two-dimensional scrolling); downwards, only a clip cuts.
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && !ellipsis) cut.push(`${name(el)} cut sideways: ${el.scrollWidth} > ${el.clientWidth}`)
      if (/hidden|clip/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1) cut.push(`${name(el)} cut vertically: ${el.scrollHeight} > ${el.clientHeight}`)
    }
    return cut
  })
}

/** Waits until the view's animated body has taken its content's height. */
async function settleHeight(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const body = document.querySelector('portico-modal')!.shadowRoot!.querySelector<HTMLElement>('.body')
        return !body || Math.abs(body.scrollHeight - body.clientHeight) <= 1
      }),
    )
    .toBe(true)
  await settleAnimations(page)
}

const TEXT_SPACING_CSS = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }'

/** Applies (or removes) the 1.4.12 text-spacing overrides inside the modal's shadow root, as a user style sheet would. */
async function textSpacing(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    ([css, enable]) => {
      const root = document.querySelector('portico-modal')!.shadowRoot!
      const marked = root.adoptedStyleSheets.filter((sheet) => (sheet as CSSStyleSheet & { spacing?: true }).spacing)
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => !marked.includes(sheet))
      if (!enable) return
      const sheet = new CSSStyleSheet() as CSSStyleSheet & { spacing?: true }
      sheet.replaceSync(css)
      sheet.spacing = true
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    },
    [TEXT_SPACING_CSS, on] as const,
  )
}

/**
 * Tabs through the dialog and lists each control the keyboard focused that sat under the
 * sticky header or outside the dialog's visible area (2.4.11).
 */
async function hiddenFocus(page: Page): Promise<string[]> {
  const count = await page.evaluate(() => {
    const dialog = document.querySelector('portico-modal')!.shadowRoot!.querySelector('dialog')!
    return dialog.querySelectorAll('button:not(:disabled), a[href], input:not(:disabled), select, [tabindex="0"]').length
  })
  const hidden: string[] = []
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab')
    const problem = await page.evaluate(() => {
      const root = document.querySelector('portico-modal')!.shadowRoot!
      const dialog = root.querySelector('dialog')!
      const focused = root.activeElement as HTMLElement | null
      if (!focused || focused === dialog || focused.closest('.header')) return undefined
      const rect = focused.getBoundingClientRect()
      const view = dialog.getBoundingClientRect()
      const header = root.querySelector('.header')!.getBoundingClientRect()
      const top = Math.max(view.top, header.bottom)
      const bottom = Math.min(view.bottom, window.innerHeight)
      if (rect.top < top - 1 || rect.bottom > bottom + 1)
        return `${focused.outerHTML.slice(0, 80)} at ${rect.top.toFixed(0)}–${rect.bottom.toFixed(0)}, visible ${top.toFixed(0)}–${bottom.toFixed(0)}`
      return undefined
    })
    if (problem) hidden.push(problem)
  }
  return hidden
}

export interface ViewCheckOptions {
  /** Resizing and tabbing change what some views show (a QR code re-rendered, a field's focus): those skip the layout checks. */
  readonly layout?: boolean
}

/**
 * Every check on the view the modal shows: axe (WCAG 2.2 AA, both themes), 24 px targets,
 * nothing cut under the text-spacing overrides, reflow at 320 CSS px with nothing cut, and
 * keyboard focus never hidden on a short phone screen. The viewport is restored afterwards.
 */
export async function expectAccessibleView(page: Page, label: string, { layout = true }: ViewCheckOptions = {}): Promise<void> {
  await expectNoWcagViolations(page, label)
  expect(await smallTargets(page), `targets under 24 × 24 px on ${label}`).toEqual([])
  if (!layout) return
  const viewport = page.viewportSize()!
  try {
    await textSpacing(page, true)
    await settleHeight(page)
    expect(await cutContent(page), `cut under the text-spacing overrides on ${label}`).toEqual([])
    await textSpacing(page, false)
    await page.setViewportSize({ width: 320, height: 480 })
    await settleHeight(page)
    expect(await cutContent(page), `cut at 320 CSS px on ${label}`).toEqual([])
    expect(await hiddenFocus(page), `focus hidden at 320 × 480 on ${label}`).toEqual([])
  } finally {
    await textSpacing(page, false)
    await page.setViewportSize(viewport)
  }
}

/** The demo's language menu (kit.setLocale), set while the dialog is open and the page behind it inert. */
const setDemoLocale = (page: Page, locale: string) =>
  page.getByTestId('demo-locale').evaluate((select: HTMLSelectElement, value) => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  }, locale)

/** Titles that are a product's name, the same in every language (no catalogue text to wait for). */
const NAME_TITLES = new Set(['WalletConnect', 'Farcaster'])

/**
 * expectAccessibleView on the view the demo shows, in each walk locale (switched through the
 * demo's language menu, not a reload, so the view keeps its state), each in both themes; back
 * in English afterwards for the test's next step.
 */
export async function expectAccessibleInWalkLocales(page: Page, view: string, options: ViewCheckOptions = {}): Promise<void> {
  const title = () =>
    inModal(page)
      .getByRole('heading', { level: 2 })
      .first()
      .innerText({ timeout: 1_000 })
      .catch(() => '')
  const english = await title()
  for (const walk of WALK_LOCALES) {
    await setDemoLocale(page, walk.locale)
    await expect
      .poll(() =>
        expectWalkDirection(page, walk).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true)
    // The view's texts arrive with their catalogue: its title no longer English says they are in.
    if (walk.locale !== 'en' && english && !NAME_TITLES.has(english)) await expect.poll(title, { timeout: 10_000 }).not.toBe(english)
    await expectAccessibleView(page, `${view} in ${walk.locale}`, options)
  }
  await setDemoLocale(page, 'en')
  await expect
    .poll(() =>
      expectWalkDirection(page, WALK_LOCALES[0]!).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true)
}

/**
 * WCAG 2.5.2 on an opener: a mouse press on it, dragged off and released elsewhere, opens
 * nothing (the up-event undoes the down-event).
 */
export async function expectPressDraggedOffOpensNothing(page: Page, opener: Locator): Promise<void> {
  const box = (await opener.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200, { steps: 4 })
  await page.mouse.up()
  await page.waitForTimeout(300)
  expect((await modalSnapshot(page)).open, 'a press dragged off the opener opened the modal').toBe(false)
}
