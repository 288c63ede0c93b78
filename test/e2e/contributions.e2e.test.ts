// A plugin's Connect section in real Chromium (test/e2e/contributionsPage): the section
// renders from its plugin, and focus survives the sections reordering under it. React
// reorders keyed sections by moving DOM nodes, and Chromium blurs a moved node.
import { rm } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { Browser, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../../build.mjs'
import { startDemoServer } from '../../demo/server.mjs'
import { type DemoServer, type RecordedPage, buildTestPage, launchBrowser } from './harness.ts'
import { TEST_WALLET_NAME, assertCleanPage, focusSnapshot, inModal, openPage, throwFirstFailure, valueOf, waitForView, withTestWallet } from './modalHarness.ts'

const PAGE = 'test/e2e/contributionsPage'
let browser: Browser
let server: DemoServer
let root: string
let eip155Chunk: string
const pages: RecordedPage[] = []

/** The page's own build, and the URL path of the eip155 body in it. */
async function buildPage(): Promise<{ dir: string; eip155: string }> {
  const { dir, metafile } = await buildTestPage(PAGE, 'main.tsx')
  const body = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === 'plugins/namespaces/eip155/body.ts')
  if (!body) throw new Error('the page build has no eip155 body chunk')
  return { dir, eip155: `/${relative(dir, join(ROOT, body[0]))}` }
}

beforeAll(async () => {
  const started = await Promise.allSettled([buildPage(), launchBrowser()])
  const built = valueOf(started[0])
  browser = valueOf(started[1])!
  throwFirstFailure(started)
  root = built!.dir
  eip155Chunk = built!.eip155
  server = await startDemoServer({ port: 0, root })
})
afterAll(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close()))
  await browser?.close()
  await server?.close()
  if (root) await rm(root, { recursive: true, force: true })
})

describe("a plugin's Connect section", () => {
  it('keeps focus and what was typed when an announced wallet moves the wallet list above it', async () => {
    // Wallet discovery (the eip155 body) is held until the visitor is in the section's field.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const hold = async (route: Route) => {
      await released
      await route.continue()
    }
    const recorded = await openPage(browser, server.url, {
      before: async (page) => {
        await page.route(`**${eip155Chunk}`, hold)
        // Only announced here; nothing asks it anything, so no node is needed.
        await withTestWallet({ rpcUrls: { 1: 'http://127.0.0.1:1' }, knownChainIds: [1] }, () => undefined)(page)
      },
    })
    pages.push(recorded)
    const { page } = recorded
    const methods = () =>
      inModal(page)
        .locator('section[data-method]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-method')))
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    const field = inModal(page).getByRole('textbox', { name: 'Email' })
    await field.waitFor()
    expect(await methods()).toEqual(['email', 'wallet'])

    await field.focus()
    await page.keyboard.type('visitor@example.com')
    release()
    await inModal(page).getByRole('button', { name: TEST_WALLET_NAME }).waitFor()
    expect(await methods()).toEqual(['wallet', 'email'])
    const focus = await focusSnapshot(page)
    expect(focus, `focus moved to ${focus.deep}`).toMatchObject({ documentActive: 'portico-modal', inDialog: true })
    expect(focus.deep).toMatch(/^input/)
    expect(await field.inputValue()).toBe('visitor@example.com')
    assertCleanPage(recorded)
  })
})
