// examples/wagmi-next as an integrator has it (React 19, wagmi 3, Next.js with Turbopack,
// `ssr: true` with wagmi's cookie), from the packed tarball: installed from its own lock
// outside the repo, built once, served by next start on 127.0.0.1 and used in Chromium
// (wagmiApp.ts); the server HTML of a connected visitor has wagmi's address. Its own worker,
// beside wagmi2App.test.ts.
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../peers/freePort.ts'
import { installedVersion } from './exampleApps.ts'
import { run } from './installedApp.ts'
import { nextEnv, startWagmiApp, stop, until, useTheApp } from './wagmiApp.ts'
import { startConnectorsPage } from './wagmiConnectorsApp.ts'
import { embeddedConnectorLogsInAndSends, embeddedConnectorSendsCalls } from '../unit/wagmiConnectorsPage/flows.ts'

let peers: Awaited<ReturnType<typeof startWagmiApp<'wagmi-next'>>>
let nextApp: (typeof peers)['app']

beforeAll(async () => {
  peers = await startWagmiApp('wagmi-next')
  nextApp = peers.app
}, 600_000)

afterAll(async () => {
  await peers?.close()
})

describe('examples/wagmi-next (React 19, wagmi 3, Next.js with Turbopack, SSR)', () => {
  it('installs wagmi 3 and Next.js from its lock, and next build (Turbopack) says nothing but its report', async () => {
    expect(installedVersion(nextApp, 'wagmi')).toBe('3.7.7')
    expect(installedVersion(nextApp, 'next')).toBe('16.4.6')
    const { stdout, stderr } = await run('npx', ['next', 'build'], { cwd: nextApp.dir, env: nextEnv(peers), maxBuffer: 16 * 1024 * 1024 })
    expect(stderr.split('\n').filter((line) => line.trim() !== '')).toEqual([])
    expect(stdout).not.toMatch(/warn|reconfigured your tsconfig/i)
  })

  it("in Chromium, served by next start: the same, and the server HTML of a connected visitor has wagmi's address", async () => {
    const port = await freePort()
    const server = spawn('npx', ['next', 'start', '--port', String(port), '--hostname', '127.0.0.1'], { cwd: nextApp.dir, env: nextEnv(peers), detached: true, stdio: 'ignore' })
    try {
      const url = `http://127.0.0.1:${port}/`
      await until(async () => (await fetch(url)).ok)
      await useTheApp(peers, url, async (page, address) => {
        // What the server sends for this visitor's cookie, before any script runs.
        const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
        const html = await (await fetch(url, { headers: { cookie } })).text()
        expect(html).toMatch(new RegExp(`data-testid="wagmi-address"[^>]*>${address}<`))
      })
    } finally {
      stop(server)
    }
  })

  it("porticoConnectors on wagmi 3, in an app's own connect UI: the embedded wallet logs in by email and wagmi's sendTransaction lands on Hardhat", async () => {
    const connectors = await startConnectorsPage(nextApp, peers)
    try {
      await embeddedConnectorLogsInAndSends(connectors.peers)
    } finally {
      await connectors.close()
    }
  }, 240_000)

  it('porticoConnectors on wagmi 3: useSendCalls with two transfers through the embedded wallet, one approval, both land on Hardhat, useWaitForCallsStatus says 200', async () => {
    const connectors = await startConnectorsPage(nextApp, peers)
    try {
      await embeddedConnectorSendsCalls(connectors.peers)
    } finally {
      await connectors.close()
    }
  }, 240_000)
})
