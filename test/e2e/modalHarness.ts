// Helpers for the modal's browser tests (modal, accessibility, loading): a private
// build of the demo, pages recorded from their first byte, the dialog in its shadow
// root, axe with violations named in the failure, the demo's chain on 8545 and the
// test wallet. Kept beside harness.ts (which they build on) so the EVM tests' helpers
// and these do not touch the same file.
import { randomUUID } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { inject } from 'vitest'
import { ROOT, buildDemo } from '../../build.mjs'
import type {} from './sharedStack.ts'
import { type DemoBackend, startDemoServer } from '../../demo/server.mjs'
import { withDemoApi } from './demoApi.ts'
import { type HardhatNode, HARDHAT_ACCOUNT_0, rpc, sharedHardhat, startHardhat } from '../peers/hardhat.ts'
import { type ApproveFn, type TestWalletHandle, installTestWallet } from '../peers/testWallet.ts'
import { type AxeContext, type DemoServer, type RecordedPage, assertAllRequestsLocal, runAxe } from './harness.ts'

// ---- a private build -----------------------------------------------------------------

interface Metafile {
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports?: { path: string; kind: string; external?: boolean }[] }>
}

export interface PrivateDemo {
  /** The build's directory, served as the demo's root. */
  readonly root: string
  /** The esbuild metafile of this build (what `dist/demo/meta.json` holds for the shared build). */
  readonly meta: Metafile
  /** The URL path (`/assets/chunks/…js`) of the output whose inputs include `input`; throws when none does. */
  chunkOf(input: string): string
  /** URL paths of assets/main.js and every chunk it imports statically, transitively: what a visit downloads up front. */
  initialScripts(): string[]
  /** URL paths of the chunks behind import() whose entry is the kit's own code (kernel/, shell/, plugins/). */
  lazyKitChunks(): string[]
  dispose(): Promise<void>
}

/**
 * Builds the demo into its own directory under dist/e2e/. `buildDemo()` empties
 * its outdir first, so a build of the shared dist/demo by another test run (or
 * `npm start`) while these pages still load chunks would pull files from under
 * them; a private directory cannot be touched by anyone else.
 */
export async function buildPrivateDemo(): Promise<PrivateDemo> {
  // The run's build (test/e2e/sharedStack.ts) is private in the same way, and read-only.
  const shared = inject('sharedDemo')
  const outdir = shared ?? `dist/e2e/${randomUUID().slice(0, 8)}`
  if (!shared) await buildDemo({ outdir })
  const root = join(ROOT, outdir)
  const meta = JSON.parse(await readFile(join(root, 'meta.json'), 'utf8')) as Metafile
  const urlPath = (file: string) => file.slice(outdir.length)
  const initialScripts = () => {
    const seen = new Set<string>()
    const queue = [`${outdir}/assets/main.js`]
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file) || !meta.outputs[file]) continue
      seen.add(file)
      for (const i of meta.outputs[file].imports ?? []) if (i.kind === 'import-statement' && !i.external) queue.push(i.path)
    }
    return [...seen].map(urlPath).sort()
  }
  return {
    root,
    meta,
    chunkOf(input) {
      const js = Object.entries(meta.outputs).filter(([file]) => file.endsWith('.js'))
      const found = js.find(([, output]) => output.entryPoint === input) ?? js.find(([, output]) => input in output.inputs)
      if (!found) throw new Error(`no output of ${outdir}/meta.json has ${input} among its inputs`)
      return urlPath(found[0])
    },
    initialScripts,
    lazyKitChunks() {
      const initial = new Set(initialScripts())
      return Object.entries(meta.outputs)
        .filter(([file, output]) => file.endsWith('.js') && /^(kernel|shell|plugins)\//.test(output.entryPoint ?? ''))
        .map(([file]) => urlPath(file))
        .filter((path) => !initial.has(path))
        .sort()
    },
    dispose: async () => {
      if (!shared) await rm(root, { recursive: true, force: true })
    },
  }
}

/** Serves a private build with the demo's strict CSP (unless `csp: false`) and its Blockchain API (unless `api: false`). */
export async function startPrivateDemo(demo: PrivateDemo, { api = true, ...options }: { csp?: boolean; backend?: DemoBackend; api?: boolean } = {}): Promise<DemoServer> {
  const server = await startDemoServer({ port: 0, root: demo.root, ...options })
  return api ? withDemoApi(server) : server
}

/** The requests of `recorded` whose path is `path` (query strings ignored). */
export function requestsFor(requests: readonly string[], path: string): string[] {
  return requests.filter((url) => new URL(url).pathname === path)
}

/**
 * For a beforeAll that starts several things at once: the value of a settled start,
 * or undefined. Assign every value first, then `throwFirstFailure`, so afterAll can
 * stop what did start (Promise.all would drop a node that came up after another
 * start failed, and leave it holding its port).
 */
export function valueOf<T>(result: PromiseSettledResult<T>): T | undefined {
  return result.status === 'fulfilled' ? result.value : undefined
}

export function throwFirstFailure(results: readonly PromiseSettledResult<unknown>[]): void {
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (failed) throw failed.reason
}

// ---- recorded pages ------------------------------------------------------------------

const CSP_BINDING = '__porticoModalCspViolation'

export interface PageOptions {
  readonly viewport?: { width: number; height: number }
  /** A touch screen (page.touchscreen) as well as the mouse. */
  readonly hasTouch?: boolean
  /** Runs before navigation, e.g. to install a test wallet. */
  readonly before?: (page: Page) => Promise<unknown>
}

/**
 * Like harness `newPage` (same recorders: requests, console errors, CSP
 * violations), with a viewport and a hook that runs before the page loads.
 */
export async function openPage(browser: Browser, url: string, options: PageOptions = {}): Promise<RecordedPage> {
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.hasTouch ? { hasTouch: true } : {}),
  })
  const page = await context.newPage()
  const recorded: RecordedPage = { page, context, requests: [], consoleErrors: [], cspViolations: [] }
  context.on('request', (request) => recorded.requests.push(request.url()))
  page.on('console', (message) => {
    const text = message.text()
    if (text.includes('Content Security Policy')) recorded.cspViolations.push({ source: 'console', text })
    if (message.type() === 'error') recorded.consoleErrors.push(`${text} (${message.location().url || 'no url'})`)
  })
  page.on('pageerror', (error) => recorded.consoleErrors.push(`uncaught: ${error.message}`))
  await page.exposeFunction(CSP_BINDING, (report: { text: string; blockedURI?: string; violatedDirective?: string }) => {
    recorded.cspViolations.push({ source: 'event', ...report })
  })
  await page.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const send = (window as unknown as Record<string, unknown>)[binding]
      const report = {
        blockedURI: event.blockedURI,
        violatedDirective: event.violatedDirective,
        text: `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      }
      if (typeof send === 'function') void send(report)
    })
  }, CSP_BINDING)
  await options.before?.(page)
  await page.goto(url, { waitUntil: 'load' })
  // The demo renders after its module script runs; every test starts from the rendered app.
  await page.getByTestId('open-modal').waitFor()
  return recorded
}

/**
 * What every page must end with: no CSP violation, no console error (except
 * those `expected` matches, each of which must then have happened), and no
 * request off 127.0.0.1.
 */
export function assertCleanPage(recorded: RecordedPage, expected: readonly RegExp[] = []): void {
  const unexpected = recorded.consoleErrors.filter((text) => !expected.some((pattern) => pattern.test(text)))
  const missing = expected.filter((pattern) => !recorded.consoleErrors.some((text) => pattern.test(text)))
  const problems = [
    ...recorded.cspViolations.map((v) => `CSP violation: ${v.text}`),
    ...unexpected.map((text) => `console error: ${text}`),
    ...missing.map((pattern) => `expected console error did not happen: ${pattern}`),
  ]
  if (problems.length > 0) throw new Error(`page was not clean:\n  ${problems.join('\n  ')}`)
  assertAllRequestsLocal(recorded.requests)
}

// ---- the modal -----------------------------------------------------------------------

export interface ModalSnapshot {
  /** A `<portico-modal>` host is in the page. */
  readonly host: boolean
  /** Its shadow root holds `dialog[open]`. */
  readonly open: boolean
  /** The rendered view's `data-view`, when open. */
  readonly view: string | null
  readonly title: string | null
}

export function modalSnapshot(page: Page): Promise<ModalSnapshot> {
  return page.evaluate(() => {
    const host = document.querySelector('portico-modal')
    const dialog = host?.shadowRoot?.querySelector('dialog[data-testid="portico-dialog"][open]')
    return {
      host: Boolean(host),
      open: Boolean(dialog),
      view: dialog?.querySelector('[data-view]')?.getAttribute('data-view') ?? null,
      title: dialog?.querySelector('.title')?.textContent ?? null,
    }
  })
}

const poll = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  let last = await read()
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
    last = await read()
  }
  return last
}

/** Waits until `dialog[open]` is (or is not) in the shadow root; resolves with the snapshot. */
export function waitForModal(page: Page, open: boolean): Promise<ModalSnapshot> {
  return poll(
    () => modalSnapshot(page),
    (s) => s.open === open,
    `the dialog to be ${open ? 'open' : 'closed'}`,
  )
}

/** Waits until the open dialog shows `view` (its `data-view`). */
export function waitForView(page: Page, view: string): Promise<ModalSnapshot> {
  return poll(
    () => modalSnapshot(page),
    (s) => s.open && s.view === view,
    `the ${view} view`,
  )
}

/** The demo's `state-open` field (usePorticoState). */
export function demoStateOpen(page: Page): Promise<string> {
  return page.getByTestId('state-open').innerText()
}

export interface FocusSnapshot {
  /** `document.activeElement`'s tag (focus inside a shadow root shows as its host). */
  readonly documentActive: string
  /** The shadow root's activeElement is inside the dialog. */
  readonly inDialog: boolean
  /** A readable name of the deepest focused element. */
  readonly deep: string
}

export function focusSnapshot(page: Page): Promise<FocusSnapshot> {
  return page.evaluate(() => {
    const active = document.activeElement
    const inner = active?.shadowRoot?.activeElement ?? null
    const dialog = active?.shadowRoot?.querySelector('dialog')
    const deepest = inner ?? active
    const describe = (el: Element | null) =>
      el
        ? `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`
        : 'none'
    return {
      documentActive: active?.tagName.toLowerCase() ?? 'none',
      inDialog: Boolean(inner && dialog?.contains(inner)),
      deep: describe(deepest),
    }
  })
}

/** The element focused in the page itself (outside any shadow root): its data-testid or text. */
export function pageFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement
    if (!active || active === document.body) return 'body'
    return active.getAttribute('data-testid') ?? `${active.tagName.toLowerCase()} "${(active.textContent ?? '').trim()}"`
  })
}

/** A locator inside the modal's shadow root (Playwright's CSS and role engines pierce open shadow roots). */
export const inModal = (page: Page) => page.locator('portico-modal')

// ---- axe -----------------------------------------------------------------------------

/**
 * Waits for the modal's running animations (header text, view transition, height;
 * 120-150 ms) to finish: half-way through a fade, text is drawn at part
 * opacity, and axe would measure the contrast of a frame no one keeps looking at.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const root = document.querySelector('portico-modal')?.shadowRoot
    if (!root) return
    const finite = root.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2_000))])
  })
}

/**
 * Runs axe on the modal host (its open shadow root included) and fails, naming
 * each violation by id, impact and target, when there is any.
 */
export async function expectNoAxeViolations(page: Page, label: string, context: AxeContext = 'portico-modal'): Promise<void> {
  await settleAnimations(page)
  const violations = await runAxe(page, context)
  if (violations.length === 0) return
  const lines = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 120)}`).join('\n      ')}`)
  throw new Error(`axe: ${violations.length} violation(s) on ${label}: ${violations.map((v) => v.id).join(', ')}\n  ${lines.join('\n  ')}`)
}

// ---- the demo's chain and the test wallet --------------------------------------------

/** Where the demo's "Hardhat" network (demo/config.ts) expects its node. */
export const DEMO_CHAIN_PORT = 8545

/**
 * Starts Hardhat on 8545, the demo network's RPC: balances, and so a clean
 * console, need it. A busy port fails the file with a message that says why,
 * rather than letting the tests run against someone else's node.
 */
export async function startDemoChain(): Promise<HardhatNode> {
  const shared = await sharedHardhat({ port: DEMO_CHAIN_PORT })
  if (shared) return shared
  const url = `http://127.0.0.1:${DEMO_CHAIN_PORT}`
  const busy = await rpc(url, 'eth_chainId').then(
    () => true,
    () => false,
  )
  if (busy) {
    throw new Error(
      `port ${DEMO_CHAIN_PORT} is busy: a JSON-RPC node already answers at ${url} (npm start, or another test run?). ` +
        'These tests start their own node there, because the demo network "Hardhat" expects its RPC at that address. Stop it and run again.',
    )
  }
  try {
    return await startHardhat({ port: DEMO_CHAIN_PORT })
  } catch (error) {
    throw new Error(`could not start Hardhat on ${url}, which the demo network "Hardhat" expects (is the port taken by another program?): ${(error as Error).message}`)
  }
}

export const TEST_WALLET_NAME = 'Portico Test Wallet'

export interface WalletSetup {
  /** Chain id -> node url. */
  readonly rpcUrls: Readonly<Record<number, string>>
  /** The first is the chain the wallet starts on. */
  readonly knownChainIds: readonly number[]
  readonly approve?: ApproveFn
}

/** Installs the EIP-6963 test wallet (Hardhat account #0, key in Node) before the page loads. */
export function withTestWallet(setup: WalletSetup, onInstalled: (wallet: TestWalletHandle) => void): (page: Page) => Promise<void> {
  return async (page) => {
    const wallet = await installTestWallet(page, {
      name: TEST_WALLET_NAME,
      rdns: 'org.portico.e2e',
      privateKey: HARDHAT_ACCOUNT_0.privateKey,
      ...setup,
    })
    onInstalled(wallet)
  }
}

/**
 * A wallet prompt the test answers later: `approve` hangs until `answer(true|false)`.
 * Prompts after the answered one use `then` (approve by default).
 */
export function pendingApproval(then: boolean = true) {
  let answer: ((approved: boolean) => void) | undefined
  let asked: (() => void) | undefined
  const wasAsked = new Promise<void>((resolve) => (asked = resolve))
  let first = true
  const approve: ApproveFn = () => {
    if (!first) return then
    first = false
    asked?.()
    return new Promise<boolean>((resolve) => (answer = resolve))
  }
  return {
    approve,
    /** Resolves once the wallet shows its first prompt. */
    wasAsked,
    answer(approved: boolean) {
      if (!answer) throw new Error('the wallet was not asked yet')
      answer(approved)
    },
  }
}

/**
 * Connects the test wallet through the modal (Connect → the wallet → approve) and
 * waits for the kernel to close the modal and the demo to show the address.
 */
export async function connectThroughModal(page: Page, address: string = HARDHAT_ACCOUNT_0.address): Promise<void> {
  await page.getByTestId('open-modal').click()
  await waitForView(page, 'Connect')
  await inModal(page).getByRole('button', { name: TEST_WALLET_NAME }).click()
  await waitForModal(page, false)
  await poll(
    () => page.getByTestId('account-address').innerText(),
    (text) => text === address,
    'the demo to show the connected address',
  )
}
