// Portico's wagmi connectors in an installed wagmi example, from the packed tarball: the page of
// test/unit/wagmiConnectorsPage (a wagmi app with its own connect UI, no wagmiPlugin) built
// inside the app's install, so its wagmi, viem and Portico are the app's, beside the secure
// frame stack (frame server, SMTP sink) and the local WalletConnect relay, all on 127.0.0.1.
// The flows are the page's own (flows.ts), as the source build's browser test runs them:
// the embedded wallet's (the WalletConnect connector's needs the optional WalletConnect SDK,
// which the examples' own locks do not install; the source build's browser test runs it).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import type { Browser } from 'playwright-core'
import { ROOT } from '../../build.mjs'
import { type EmbeddedStack, startEmbeddedStack } from '../../demo/peers/embedded.ts'
import { startDemoServer } from '../../demo/server.mjs'
import type { DemoServer } from '../e2e/harness.ts'
import type { HardhatNode } from '../peers/hardhat.ts'
import { type Relay, startRelay } from '../peers/relay.mjs'
import type { ConnectorsPeers } from '../unit/wagmiConnectorsPage/flows.ts'
import type { InstalledExample } from './exampleApps.ts'

const PAGE = join(ROOT, 'test/unit/wagmiConnectorsPage')
/** The page's imports of Portico's sources, and the package subpaths an app imports instead. */
const FROM_THE_PACKAGE: Readonly<Record<string, string>> = {
  "'../../../entries/wagmi.ts'": "'portico/wagmi'",
  "'../../../plugins/walletconnect/index.ts'": "'portico/walletconnect'",
}

/**
 * Builds the connectors page in `app`'s install (esbuild, code splitting, as an app ships it)
 * and serves it with the frame stack and the relay; `close` stops them.
 */
export async function startConnectorsPage(app: InstalledExample<string>, { browser, node }: { browser: Browser; node: HardhatNode }) {
  const dir = join(app.dir, 'connectors-page')
  mkdirSync(dir, { recursive: true })
  let main = readFileSync(join(PAGE, 'main.ts'), 'utf8')
  for (const [source, subpath] of Object.entries(FROM_THE_PACKAGE)) {
    if (!main.includes(source)) throw new Error(`wagmiConnectorsPage/main.ts no longer imports ${source}`)
    main = main.replace(source, subpath)
  }
  // Inside the app's folder, so wagmi, viem and portico resolve from its node_modules.
  writeFileSync(join(dir, 'main.ts'), main)
  // The page's own modules, which import only what the app has (wagmi, React, react-query).
  for (const file of ['calls.ts', 'index.html']) copyFileSync(join(PAGE, file), join(dir, file))
  await esbuild.build({
    entryPoints: { main: join(dir, 'main.ts') },
    outdir: join(dir, 'assets'),
    absWorkingDir: app.dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    // WalletConnect's SDK is an optional peer the wagmi examples do not install (their locks
    // hold none at Portico's range): the WalletConnect connector is there, and unused.
    external: ['@walletconnect/universal-provider'],
    logLevel: 'error',
  })
  let server: DemoServer | undefined
  let stack: EmbeddedStack | undefined
  let relay: Relay | undefined
  const close = async () => {
    await stack?.close()
    await server?.close()
    await relay?.stop()
  }
  try {
    ;[server, relay] = await Promise.all([startDemoServer({ port: 0, root: dir }), startRelay({ port: 0 })])
    stack = await startEmbeddedStack({ hostOrigins: [new URL(server.url).origin], pageDir: join(app.dir, 'frame-page') })
  } catch (error) {
    await close()
    throw error
  }
  const peers: ConnectorsPeers = { browser, pageUrl: server.url, node, stack, relay }
  return { peers, close }
}
