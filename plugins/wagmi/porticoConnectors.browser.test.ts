import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { type EmbeddedStack, startEmbeddedStack } from '../../demo/peers/embedded.ts'
import { startDemoServer } from '../../demo/server.mjs'
import { type DemoServer, buildTestPage, launchBrowser } from '../../test/e2e/harness.ts'
import { throwFirstFailure, valueOf } from '../../test/e2e/modalHarness.ts'
import { freePort } from '../../test/peers/freePort.ts'
import { type HardhatNode, startHardhat } from '../../test/peers/hardhat.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import {
  type ConnectorsPeers,
  closingTheLoginRefuses,
  embeddedConnectorLogsInAndSends,
  embeddedConnectorSendsCalls,
  walletConnectConnectorPairsAndSends,
} from '../../test/unit/wagmiConnectorsPage/flows.ts'

// porticoConnectors in a wagmi app that does NOT list wagmiPlugin (test/unit/wagmiConnectorsPage: its own
// connect UI calls wagmi's connect({ connector })), built from the sources, in Chromium, with
// the secure frame server on a second origin and the local SMTP sink, Hardhat on a free port.
// WalletConnect's connector pairs over the local relay with a sign-client wallet in Node.
// Everything listens on 127.0.0.1, port 0. The same flows run on wagmi 2 from the packed
// tarball in test/package/wagmi2App.test.ts.

let browser: Browser
let server: DemoServer
let stack: EmbeddedStack
let node: HardhatNode
let relay: Relay
let peers: ConnectorsPeers

beforeAll(async () => {
  const started = await Promise.allSettled([
    buildTestPage('test/unit/wagmiConnectorsPage', 'main.ts'),
    launchBrowser(),
    freePort().then((port) => startHardhat({ port })),
    startRelay({ port: 0 }),
  ])
  browser = valueOf(started[1])!
  node = valueOf(started[2])!
  relay = valueOf(started[3])!
  throwFirstFailure(started)
  server = await startDemoServer({ port: 0, root: valueOf(started[0])!.dir })
  stack = await startEmbeddedStack({ hostOrigins: [new URL(server.url).origin] })
  peers = { browser, pageUrl: server.url, node, stack, relay }
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await stack?.close()
  await server?.close()
  await node?.stop()
  await relay?.stop()
})

describe('the embedded wallet connector, in an app without wagmiPlugin', () => {
  it("connect({ connector }) logs the visitor in through Portico's email view; wagmi's sendTransaction, approved in the frame, lands on Hardhat", async () => {
    await embeddedConnectorLogsInAndSends(peers)
  }, 120_000)

  it("wagmi's useSendCalls with two transfers: one approval in the frame, both land on Hardhat, useWaitForCallsStatus says 200", async () => {
    await embeddedConnectorSendsCalls(peers)
  }, 120_000)

  it('closing Portico’s login is a refusal: connect() rejects and wagmi stays disconnected', async () => {
    await closingTheLoginRefuses(peers)
  }, 60_000)
})

describe('the WalletConnect connector, in an app without wagmiPlugin', () => {
  it("connect({ connector }) shows Portico's QR view and resolves when the wallet approves; wagmi's sendTransaction goes to the phone wallet", async () => {
    await walletConnectConnectorPairsAndSends(peers)
  }, 120_000)
})
