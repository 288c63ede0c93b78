import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { assertAllRequestsLocal, buildOnce, launchBrowser, newPage, runAxe, startDemo, type DemoServer } from './harness'

describe('demo smoke', () => {
  let browser: Browser
  let demo: DemoServer

  beforeAll(async () => {
    const [, launched] = await Promise.all([buildOnce(), launchBrowser()])
    browser = launched
    demo = await startDemo()
  })

  afterAll(async () => {
    await browser?.close()
    await demo?.close()
  })

  it('renders under the strict CSP with no violation and no request off 127.0.0.1', async () => {
    const { page, requests, consoleErrors, cspViolations } = await newPage(browser, demo.url)
    const response = await page.request.get(demo.url)
    expect(response.headers()['content-security-policy']).toContain("default-src 'self'")

    await expect.poll(() => page.locator('#root').innerText()).not.toBe('')
    expect(cspViolations).toEqual([])
    expect(consoleErrors).toEqual([])
    expect(requests.some((url) => url.endsWith('/assets/main.js'))).toBe(true)
    assertAllRequestsLocal(requests)
  })

  // The checks above only mean something if the recorders do catch what they look for.
  it('records a CSP violation, an off-host request and an axe finding inside an open shadow root', async () => {
    const { page, requests, cspViolations } = await newPage(browser, demo.url)
    await page.evaluate(() => {
      const inline = document.createElement('script')
      inline.textContent = 'void 0'
      document.body.append(inline)
      const host = document.createElement('portico-smoke')
      host.attachShadow({ mode: 'open' }).innerHTML = '<button></button>'
      document.body.append(host)
    })
    await expect.poll(() => cspViolations.map((v) => v.violatedDirective)).toContain('script-src-elem')

    const violations = await runAxe(page)
    const unnamedButton = violations.find((v) => v.id === 'button-name')
    expect(unnamedButton?.nodes[0]?.target).toEqual([['portico-smoke', 'button']])

    expect(() => assertAllRequestsLocal([...requests, 'https://example.com/x.js'])).toThrow('https://example.com/x.js')
  })
})
