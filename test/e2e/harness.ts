// Helpers for browser tests: Debian's Chromium driven by playwright-core, the built demo
// served under its strict CSP, and recorders for requests, console errors and CSP
// violations so every test can prove the kit stayed local and CSP-clean.
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, join } from 'node:path'
import * as esbuild from 'esbuild'
import type { Metafile } from 'esbuild'
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core'
import { BUILD_OPTIONS, ROOT, buildDemo } from '../../build.mjs'
import { startDemoServer, type DemoServer } from '../../demo/server.mjs'
import { withDemoApi } from './demoApi.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'

export { CHROMIUM_ARGS, CHROMIUM_PATH, type DemoServer }

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run \`npm test\` as root (it installs it) or \`apt-get install -y chromium\``)
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] })
}

// Vitest isolates modules per test file, so this caches within one file; esbuild makes
// the rebuild in the next file cheap.
let built: Promise<unknown> | undefined

export function buildOnce(): Promise<unknown> {
  if (process.env.PORTICO_E2E_NO_BUILD === '1') return Promise.resolve()
  built ??= buildDemo()
  return built
}

/** Serves dist/demo on a free port with the demo's CSP, and its Blockchain API. */
export async function startDemo(options: { csp?: boolean } = {}): Promise<DemoServer> {
  return withDemoApi(await startDemoServer({ port: 0, ...options }))
}

export interface CspViolation {
  source: 'event' | 'console'
  text: string
  blockedURI?: string
  violatedDirective?: string
}

export interface RecordedPage {
  page: Page
  context: BrowserContext
  requests: string[]
  consoleErrors: string[]
  cspViolations: CspViolation[]
}

const CSP_BINDING = '__porticoCspViolation'

// Runs in the page before any of its scripts. A CDP binding is not subject to the page's
// CSP, so reports reach Node even under default-src 'self'.
function recordCspViolations(binding: string): void {
  const w = window as unknown as Record<string, unknown> & { __cspViolations: unknown[] }
  w.__cspViolations = []
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = {
      blockedURI: event.blockedURI,
      violatedDirective: event.violatedDirective,
      text: `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
    }
    w.__cspViolations.push(report)
    const send = w[binding]
    if (typeof send === 'function') void send(report)
  })
}

/** Opens url in a fresh context and records what the page does from its first byte. */
export async function newPage(browser: Browser, url: string): Promise<RecordedPage> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const recorded: RecordedPage = { page, context, requests: [], consoleErrors: [], cspViolations: [] }
  context.on('request', (request) => recorded.requests.push(request.url()))
  page.on('console', (message) => {
    const text = message.text()
    if (text.includes('Content Security Policy')) recorded.cspViolations.push({ source: 'console', text })
    if (message.type() === 'error') recorded.consoleErrors.push(`${text} (${message.location().url || 'no url'})`)
  })
  page.on('pageerror', (error) => recorded.consoleErrors.push(`uncaught: ${error.message}`))
  await page.exposeFunction(CSP_BINDING, (report: Omit<CspViolation, 'source'>) => {
    recorded.cspViolations.push({ source: 'event', ...report })
  })
  await page.addInitScript(recordCspViolations, CSP_BINDING)
  await page.goto(url, { waitUntil: 'load' })
  return recorded
}

const LOCAL_URL = /^(https?:\/\/127\.0\.0\.1(:\d+)?\/|data:|blob:)/

/** Throws, listing them, when any request left 127.0.0.1. */
export function assertAllRequestsLocal(requests: readonly string[]): void {
  const outside = requests.filter((url) => !LOCAL_URL.test(url))
  if (outside.length > 0) throw new Error(`requests left 127.0.0.1:\n  ${outside.join('\n  ')}`)
}

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[]; html: string }[]
}

/** A CSS selector, or an axe context object such as `{ fromShadowDom: ['portico-modal', 'dialog'] }`. */
export type AxeContext = string | Record<string, unknown>

const require = createRequire(import.meta.url)
let axeSource: string | undefined

/**
 * Runs axe-core in the page or frame (open shadow roots included) and returns its violations;
 * with `tags`, only the rules carrying one of them (e.g. the WCAG 2.2 AA set).
 * The source goes in through CDP evaluation, which the page's CSP does not block,
 * where a script tag would be.
 */
export async function runAxe(page: Page | Frame, contextSelector?: AxeContext, tags?: readonly string[]): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(
    async ([selector, only]) => {
      type AxeRun = (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }>
      const axe = (window as unknown as { axe: { run: AxeRun } }).axe
      const runOnly = only ? { runOnly: { type: 'tag', values: only } } : {}
      const results = await axe.run(selector ?? document, { resultTypes: ['violations'], ...runOnly })
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
      }))
    },
    [contextSelector, tags] as const,
  )
}

/** A directory under dist/e2e/ for a build of this file's own, which no other file or run touches. */
export const privateBuildDir = (name: string) => join(ROOT, `dist/e2e/${name}-${randomUUID().slice(0, 8)}`)

/** A test page's own build: its index.html and its entry, bundled like the demo, in a directory no other run touches. */
export async function buildTestPage(pageDir: string, entry: string): Promise<{ dir: string; metafile: Metafile }> {
  const outdir = `dist/e2e/${basename(pageDir)}-${randomUUID().slice(0, 8)}`
  const { metafile } = await esbuild.build({
    ...BUILD_OPTIONS,
    entryPoints: { main: `${pageDir}/${entry}` },
    outdir: `${outdir}/assets`,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  await copyFile(join(ROOT, pageDir, 'index.html'), join(ROOT, outdir, 'index.html'))
  return { dir: join(ROOT, outdir), metafile: metafile! }
}
