// @vitest-environment jsdom
import '../test/dialogPolyfill.ts'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { porticoCookieToInitialState } from '../../kernel/index.ts'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { usePorticoAccount } from '../hooks/usePorticoAccount.ts'
import { connectAccount, createTestKit } from '../test/testKit.ts'
import { PorticoProvider } from './PorticoProvider.tsx'

// What @testing-library/react sets: this file drives hydrateRoot itself, inside act().
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'
const OTHER = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd'
const COOKIE = `theme=dark; portico.state=eip155:1:${ADDRESS}`

/** The page as the server sends it, then hydrated in this document; returns what React reported. */
async function serverRenderThenHydrate(cookie: string) {
  const initialState = porticoCookieToInitialState(cookie)
  const app = (kit: ReturnType<typeof createTestKit>) => (
    <PorticoProvider kit={kit} initialState={initialState}>
      <ConnectButton />
    </PorticoProvider>
  )
  const html = renderToString(app(createTestKit()))
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const recoverable: unknown[] = []
  const kit = createTestKit()
  const root = await act(async () => hydrateRoot(container, app(kit), { onRecoverableError: (error) => recoverable.push(error) }))
  const reported = [...consoleError.mock.calls, ...recoverable]
  consoleError.mockRestore()
  return { html, kit, button: () => container.querySelector('button')!, reported, root }
}

let unmount: (() => void) | undefined
afterEach(() => {
  unmount?.()
  document.body.innerHTML = ''
})

describe('<PorticoProvider initialState> (server rendering from the ssr cookie)', () => {
  it("the server's HTML of a returning visitor shows the cookie's address, and hydrating it reports no mismatch", async () => {
    const page = await serverRenderThenHydrate(COOKIE)
    unmount = () => page.root.unmount()
    expect(page.html).toContain('0x12…345678')
    expect(page.html).toContain('data-state="connected"')
    expect(page.html).not.toContain('Connect Wallet')
    expect(page.reported).toEqual([])
  })

  it("a server's kit renders each request's cookie, also after its own restore has settled (a module-level kit serves many requests)", async () => {
    const serverKit = createTestKit()
    const render = (cookie: string) =>
      renderToString(
        <PorticoProvider kit={serverKit} initialState={porticoCookieToInitialState(cookie)}>
          <ConnectButton />
        </PorticoProvider>,
      )
    expect(render(COOKIE)).toContain('0x12…345678')
    await serverKit.restored
    expect(render(`portico.state=eip155:1:${OTHER}`)).toContain('0xab…efabcd')
  })

  it("usePorticoAccount gives the cookie's account as connected while the kit restores it: status 'connecting', no balance, no embedded wallet", () => {
    const Probe = () => <output>{JSON.stringify(usePorticoAccount())}</output>
    const html = renderToString(
      <PorticoProvider kit={createTestKit()} initialState={porticoCookieToInitialState(COOKIE)}>
        <Probe />
      </PorticoProvider>,
    )
    const account = JSON.parse(html.replace(/^<output>|<\/output>$/g, '').replaceAll('&quot;', '"')) as Record<string, unknown>
    expect(account).toEqual({ address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connecting', isConnected: true })
  })

  it('a cookie the kit does not restore (stale or forged) shows "Connect Wallet" once the restore settles', async () => {
    const page = await serverRenderThenHydrate(COOKIE)
    unmount = () => page.root.unmount()
    // This kit has no stored connection: its restore finds nothing to resume.
    await act(() => page.kit.restored)
    expect(page.button().textContent).toBe('Connect Wallet')
    expect(page.button().dataset.state).toBe('disconnected')
  })

  it("the kit's own account replaces the cookie's as soon as the kit has one", async () => {
    const page = await serverRenderThenHydrate(COOKIE)
    unmount = () => page.root.unmount()
    act(() => connectAccount(page.kit, OTHER))
    expect(page.button().textContent).toBe('0xab…efabcd')
  })

  it('a forged cookie renders disconnected on the server, never markup or a crash', () => {
    for (const cookie of [
      'portico.state=eip155:1:<img src=x onerror=alert(1)>',
      'portico.state=evil:1:0xabc',
      'portico.state=%E0%A4%A',
      `portico.state=eip155:1:${'a'.repeat(300)}`,
      'portico.state=',
    ]) {
      const html = renderToString(
        <PorticoProvider kit={createTestKit()} initialState={porticoCookieToInitialState(cookie)}>
          <ConnectButton />
        </PorticoProvider>,
      )
      expect(html, cookie).toContain('Connect Wallet')
      expect(html, cookie).not.toContain('<img')
    }
  })

  it('an account on a namespace the kit does not serve is not shown, even by the server', () => {
    const solana = porticoCookieToInitialState('portico.state=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
    expect(solana?.namespace).toBe('solana')
    const html = renderToString(
      <PorticoProvider kit={createTestKit()} initialState={solana}>
        <ConnectButton />
      </PorticoProvider>,
    )
    expect(html).toContain('Connect Wallet')
  })

  it("without the initialState prop, createPortico({ initialState })'s account is the server's HTML, with no hydration mismatch", async () => {
    const initialState = porticoCookieToInitialState(COOKIE)
    const app = (kit: ReturnType<typeof createTestKit>) => (
      <PorticoProvider kit={kit}>
        <ConnectButton />
      </PorticoProvider>
    )
    const html = renderToString(app(createTestKit({ initialState })))
    expect(html).toContain('0x12…345678')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = await act(async () => hydrateRoot(container, app(createTestKit({ initialState }))))
    unmount = () => root.unmount()
    expect(consoleError.mock.calls).toEqual([])
    consoleError.mockRestore()
  })
})
