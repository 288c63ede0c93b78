// What the WalletConnect browser tests share: the built demo under its strict CSP with the
// local relay (8620) and wallet registry (8630) demo/config.ts points at, Hardhat
// "Hardhat" 31337 on 8545, Chromium, and the modal's way to the phone wallet's QR code.
import type { Browser } from 'playwright-core'
import { expect } from 'vitest'
import { type HardhatNode, PortBusyError, assertPortFree, sharedHardhat, startHardhat } from '../peers/hardhat.ts'
import { type Relay, startRelay } from '../peers/relay.mjs'
import { type WalletRegistryServer, startWalletRegistry } from '../peers/walletRegistry.mjs'
import { currentView, modal } from './evmSupport.ts'
import type { DemoServer, RecordedPage } from './harness.ts'
import { launchBrowser } from './harness.ts'
import { type PrivateDemo, assertCleanPage, buildPrivateDemo, openPage, startPrivateDemo, throwFirstFailure, valueOf } from './modalHarness.ts'

/** The ports demo/config.ts points at: "Hardhat" RPC, WalletConnect relay, wallet registry. */
export const WALLETCONNECT_PORTS = { hardhat: 8545, relay: 8620, registry: 8630 } as const
/** The registry's entry for the wallet a test pairs (the sign-client wallet in Node). */
export const PHONE_WALLET = 'Portico Dev Phone Wallet'

export interface WalletConnectStack {
  readonly node: HardhatNode
  /** Replaced when a test restarts the relay. */
  relay: Relay
  readonly demo: PrivateDemo
  readonly server: DemoServer
  readonly browser: Browser
  /** The demo with its dev wallet off, recorded from its first byte; closed by `stop`. */
  open(): Promise<RecordedPage>
  stop(): Promise<void>
}

/** Like the EVM tests: with PORTICO_E2E_PORT_WAIT_MS, wait that long for another run to free the ports. */
async function waitForFreePorts(ports: readonly number[], waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const busy = await Promise.all(
      ports.map((port) =>
        assertPortFree(port).then(
          () => false,
          () => true,
        ),
      ),
    )
    if (!busy.includes(true) || Date.now() >= deadline) return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}

/** Starts the peers, builds and serves the demo, and launches Chromium; a busy port fails at once, naming it. */
export async function startWalletConnectStack(): Promise<WalletConnectStack> {
  const ports = WALLETCONNECT_PORTS
  // The run's shared chain on 8545, when there is one (test/e2e/sharedStack.ts); the other ports must be free.
  const shared = await sharedHardhat({ port: ports.hardhat, chainId: 31337 })
  const own = Object.entries(ports).filter(([name]) => !(shared && name === 'hardhat'))
  await waitForFreePorts(
    own.map(([, port]) => port),
    Number(process.env['PORTICO_E2E_PORT_WAIT_MS'] ?? 0),
  )
  // `npm start` holds all three.
  const busy = (
    await Promise.all(
      own.map(([name, port]) =>
        assertPortFree(port).then(
          () => null,
          (e: Error) => `${name} ${port}: ${e.message}`,
        ),
      ),
    )
  ).filter(Boolean)
  if (busy.length > 0) {
    await shared?.stop()
    throw new Error(`WalletConnect browser tests: demo/config.ts needs these ports free (is \`npm start\` running?):\n  ${busy.join('\n  ')}`)
  }
  const results = await Promise.allSettled([
    shared ?? startHardhat({ port: ports.hardhat, chainId: 31337 }),
    startRelay({ port: ports.relay }),
    startWalletRegistry({ port: ports.registry }),
    buildPrivateDemo(),
    launchBrowser(),
  ] as const)
  const node = valueOf(results[0])
  const relay = valueOf(results[1])
  const registry: WalletRegistryServer | undefined = valueOf(results[2])
  const demo = valueOf(results[3])
  const browser = valueOf(results[4])
  const stopPeers = async () => {
    await browser?.close()
    await demo?.dispose()
    await Promise.all([node?.stop(), stack?.relay.stop() ?? relay?.stop(), registry?.stop()])
  }
  let stack: WalletConnectStack | undefined
  try {
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed?.reason instanceof PortBusyError) throw new Error(`WalletConnect browser tests: ${failed.reason.message}`)
    throwFirstFailure(results)
  } catch (error) {
    await stopPeers()
    throw error
  }
  const server = await startPrivateDemo(demo!)
  const pages: RecordedPage[] = []
  stack = {
    node: node!,
    relay: relay!,
    demo: demo!,
    server,
    browser: browser!,
    async open() {
      const page = await openPage(browser!, `${server.url}/?devwallet=off`)
      pages.push(page)
      return page
    },
    async stop() {
      await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
      await server.close()
      await stopPeers()
    },
  }
  return stack
}

/** Opens the modal, goes Connect → All wallets → the phone wallet, and returns the `wc:` uri of its QR code. */
export async function pairingUri(page: RecordedPage): Promise<string> {
  const p = page.page
  await p.getByTestId('open-modal').click()
  await modal(p).getByTestId('portico-connect').waitFor()
  await modal(p).getByRole('button', { name: 'All wallets' }).click()
  await expect.poll(() => currentView(p)).toBe('AllWallets')
  await modal(p).locator('ul[aria-label="Wallets"] li button', { hasText: PHONE_WALLET }).click()
  const panel = modal(p).getByTestId('portico-wc-pairing')
  await panel.waitFor({ timeout: 15_000 })
  expect(await currentView(p)).toBe('ConnectingWalletConnect')
  // The QR code names the wallet; "Copy link" copies the same uri.
  expect(await modal(p).locator('svg[role="img"]').first().getAttribute('aria-label')).toBe(`QR code to connect ${PHONE_WALLET}`)
  await expect.poll(() => modal(p).getByRole('button', { name: 'Copy link' }).isVisible()).toBe(true)
  const uri = (await panel.getAttribute('data-uri'))!
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri
}

/**
 * WalletConnect's own client now and then logs "Pending session not found for
 * topic …" (about 1 run in 25 here) from its pending-session bookkeeping, with no
 * effect on what a test asserts. Only that line, and those `alsoExpected` matches,
 * are dropped before the clean-page check; every other console error still fails.
 */
export function assertCleanWalletConnectPage(recorded: RecordedPage, alsoExpected: readonly RegExp[] = []): void {
  const noise = [/Pending session not found for topic/, ...alsoExpected]
  recorded.consoleErrors.splice(0, recorded.consoleErrors.length, ...recorded.consoleErrors.filter((text) => !noise.some((pattern) => pattern.test(text))))
  assertCleanPage(recorded)
}
