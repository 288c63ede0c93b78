// examples/wagmi-vite as an integrator has it (React 18, wagmi 2), from the packed tarball:
// installed from its own lock outside the repo, built once per bundler, served on 127.0.0.1
// and used in Chromium (wagmiApp.ts). Its own worker, beside wagmi3App.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer } from '../../demo/server.mjs'
import { importsOf, measure, sizesOf } from './appSizes.ts'
import { build, buildEntries, installedVersion } from './exampleApps.ts'
import { startWagmiApp, useTheApp } from './wagmiApp.ts'
import { startConnectorsPage } from './wagmiConnectorsApp.ts'
import { embeddedConnectorLogsInAndSends, embeddedConnectorSendsCalls } from '../unit/wagmiConnectorsPage/flows.ts'

let peers: Awaited<ReturnType<typeof startWagmiApp<'wagmi-vite'>>>
let app: (typeof peers)['app']

beforeAll(async () => {
  peers = await startWagmiApp('wagmi-vite')
  app = peers.app
}, 600_000)

afterAll(async () => {
  await peers?.close()
})

describe('examples/wagmi-vite (React 18, wagmi 2)', () => {
  let outdir: string

  it('installs wagmi 2 from its lock and Portico from the tarball, and builds', async () => {
    expect(installedVersion(app, 'wagmi')).toBe('2.19.5')
    outdir = await build(app, 'vite')
  })

  it('bundles one copy of viem, shared by wagmi and Portico (esbuild metafile)', async () => {
    const meta = JSON.parse(readFileSync(join(await build(app, 'esbuild'), 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> }
    const viemCopies = new Set(Object.keys(meta.inputs).flatMap((path) => path.match(/^(.*node_modules\/viem)\//)?.[1] ?? []))
    expect([...viemCopies]).toEqual(['node_modules/viem'])
    // Portico's own modules are in the build and import that copy.
    expect(Object.keys(meta.inputs).some((path) => path.startsWith('node_modules/portico/dist/'))).toBe(true)
  })

  it('portico/wagmi adds at most 3 KB gzip beyond the app’s own wagmi: wagmiPlugin and porticoConnectors together, with what loads at start', async () => {
    const probes = join(app.dir, 'wagmi-probes')
    mkdirSync(probes, { recursive: true })
    writeFileSync(join(probes, 'index.js'), `export * from 'portico'\n`)
    writeFileSync(join(probes, 'plugin.js'), `export { wagmiPlugin } from 'portico/wagmi'\n`)
    writeFileSync(join(probes, 'both.js'), `export { porticoConnectors, wagmiPlugin } from 'portico/wagmi'\n`)
    // viem, which every wagmi app bundles already (wagmi is built on it).
    writeFileSync(join(probes, 'viem.js'), `export * from 'viem'\n`)
    /**
     * What `probe` adds beyond the kit and viem at start: its first screen, and every chunk an
     * import() reaches from there but those that load on use: the connectors' work and their
     * kit (connectorSession.ts, wagmiConnectorsKit.ts, when a connector is used) and the wagmi
     * adapter's actions (adapterActions.ts, on a connect, switch, balance or request).
     * wagmiPlugin's body loads at start (it follows wagmi from the first render), so it and
     * what it imports count. wagmi is an optional peer: the probe build leaves it external.
     */
    const beyond = async (probe: string) => {
      const dir = await buildEntries(app, 'esbuild', { index: join(probes, 'index.js'), probe: join(probes, probe), viem: join(probes, 'viem.js') })
      const [kit, entry, viem] = ['index', 'probe', 'viem'].map((name) => measure(dir, [join(dir, `${name}.js`)]))
      const theApps = new Set([...kit!.total.files, ...viem!.total.files])
      const atStart = new Set(entry!.firstScreen.files)
      const onUse = new Set<string>()
      for (const file of atStart) {
        for (const specifier of importsOf(readFileSync(join(dir, file), 'utf8')).dynamic) {
          const chunk = relative(dir, resolve(dirname(join(dir, file)), specifier))
          if (theApps.has(chunk)) continue
          if (/^(wagmiConnectorsKit|connectorSession|adapterActions)-/.test(basename(chunk))) onUse.add(basename(chunk).split('-')[0]!)
          else for (const loaded of measure(dir, [join(dir, chunk)]).firstScreen.files) atStart.add(loaded)
        }
      }
      const added = (files: Iterable<string>) =>
        sizesOf(
          dir,
          [...files].filter((file) => !theApps.has(file)).map((file) => join(dir, file)),
        ).gzip
      return { firstScreen: added(entry!.firstScreen.files), atStart: added(atStart), onUse: [...onUse].sort() }
    }
    // Built apart: one build with both probes would put their shared module in one chunk.
    const plugin = await beyond('plugin.js')
    const both = await beyond('both.js')
    console.info(
      `[wagmi] portico/wagmi beyond the portico entry and viem (esbuild, gzip): wagmiPlugin at start ${plugin.atStart} B; ` +
        `with porticoConnectors too: first screen ${both.firstScreen} B, at start ${both.atStart} B`,
    )
    expect(both.atStart).toBeLessThanOrEqual(3_072)
    // The wagmi adapter's actions, the connectors' work and their kit are import()s of their own, not at start.
    expect(both.onUse).toEqual(['adapterActions', 'connectorSession', 'wagmiConnectorsKit'])
  })

  it("in Chromium: the modal connects wagmi; wagmi's hooks send and sign; reload keeps one connection; both disconnects reach the other side", async () => {
    const server = await startDemoServer({ port: 0, root: outdir })
    try {
      await useTheApp(peers, `${server.url}/?${new URLSearchParams({ rpc: peers.node.url, rpc2: peers.node2.url })}`)
    } finally {
      await server.close()
    }
  })

  it("porticoConnectors on wagmi 2, in an app's own connect UI: the embedded wallet logs in by email and wagmi's sendTransaction lands on Hardhat", async () => {
    const connectors = await startConnectorsPage(app, peers)
    try {
      await embeddedConnectorLogsInAndSends(connectors.peers)
    } finally {
      await connectors.close()
    }
  }, 240_000)

  it('porticoConnectors on wagmi 2: useSendCalls with two transfers through the embedded wallet, one approval, both land on Hardhat, useWaitForCallsStatus says 200', async () => {
    const connectors = await startConnectorsPage(app, peers)
    try {
      await embeddedConnectorSendsCalls(connectors.peers)
    } finally {
      await connectors.close()
    }
  }, 240_000)
})
