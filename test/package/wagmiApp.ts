// What the two wagmi example apps' package tests share (wagmi2App.test.ts, wagmi3App.test.ts,
// each its own worker so the two installs run side by side): the peers each file starts, and
// the flow both apps go through in Chromium with the EIP-6963 test wallet on a Hardhat node.
// wagmi's hooks and Portico's modal share one connection: connect in the modal and wagmi's
// hook shows the address; wagmi's useSendTransaction lands on Hardhat; useSignMessage's
// signature verifies; wagmi's disconnect() disconnects the kit and the modal's Disconnect
// disconnects wagmi; a reload keeps the connection without asking the wallet again.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { expect, inject } from 'vitest'
import { assertCleanPage } from '../e2e/evmSupport.ts'
import { launchBrowser, newPage } from '../e2e/harness.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../peers/hardhat.ts'
import { installTestWallet } from '../peers/testWallet.ts'
import { type InstalledExample, type WagmiExample, installExample } from './exampleApps.ts'
import { freePort } from '../peers/freePort.ts'

const WALLET = { name: 'Portico wagmi Test Wallet', rdns: 'org.portico.wagmi-examples' }

export interface WagmiPeers {
  readonly browser: Browser
  /** Chain 31337, and chain 31338 for useSwitchChain. */
  readonly node: HardhatNode
  readonly node2: HardhatNode
}

/**
 * The runtime code of the contract useWriteContract writes to: it stores the first argument of
 * any call in slot 0 (PUSH1 4 CALLDATALOAD PUSH1 0 SSTORE STOP), so `set(uint256)` works
 * with no dispatcher; behind the init code that returns it.
 */
const STORE_BYTECODE = '0x6007600c60003960076000f3' + '60043560005500'

/** Deploys the store contract on `node` from Hardhat's second account; returns its address. */
async function deployStore(node: HardhatNode): Promise<Hex> {
  const hash = await rpc<Hex>(node.url, 'eth_sendTransaction', [{ from: HARDHAT_ACCOUNT_1.address, data: STORE_BYTECODE }])
  return (await rpc<{ contractAddress: Hex }>(node.url, 'eth_getTransactionReceipt', [hash])).contractAddress
}

/**
 * One wagmi example installed from its lock plus the packed tarball, in a folder of its own,
 * beside a Hardhat node on a free port and Chromium, all started at once.
 */
export async function startWagmiApp<Name extends WagmiExample>(name: Name) {
  const work = mkdtempSync(join(tmpdir(), `portico-${name}-`))
  const started = await Promise.allSettled([
    installExample(name, join(work, name), inject('packed').tarball),
    freePort().then((port) => startHardhat({ port, chainId: 31337 })),
    freePort().then((port) => startHardhat({ port, chainId: 31338 })),
    launchBrowser(),
  ])
  const [app, node, node2, browser] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined)) as [
    InstalledExample<Name> | undefined,
    HardhatNode | undefined,
    HardhatNode | undefined,
    Browser | undefined,
  ]
  const close = async () => {
    await browser?.close()
    await node?.stop()
    await node2?.stop()
    rmSync(work, { recursive: true, force: true })
  }
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await close()
    throw failed.reason
  }
  console.info(`[wagmi] npm ci + tarball: ${name} ${app!.installMs} ms`)
  return { app: app!, node: node!, node2: node2!, browser: browser!, close }
}

/**
 * The flow both apps go through, in Chromium with the test wallet. `whileConnected` runs
 * after the reload, when wagmi's state is stored (the Next app: in its cookie).
 */
export async function useTheApp({ browser, node, node2 }: WagmiPeers, url: string, whileConnected?: (page: Page, address: string) => Promise<void>) {
  const recorded = await newPage(browser, 'about:blank')
  try {
    const { page } = recorded
    const wallet = await installTestWallet(page, {
      ...WALLET,
      rpcUrls: { 31337: node.url, 31338: node2.url },
      privateKey: HARDHAT_ACCOUNT_0.privateKey,
      knownChainIds: [31337, 31338],
    })
    const requestAccounts = () => wallet.prompts.filter((prompt) => prompt.method === 'eth_requestAccounts').length
    const store = await deployStore(node)
    const withStore = new URL(url)
    withStore.searchParams.set('store', store)
    await page.goto(withStore.href, { waitUntil: 'load' })
    expect(await text(page, 'wagmi-address')).toBe('Not connected')

    await connectInModal(page)
    await expect.poll(() => text(page, 'wagmi-address'), { timeout: 30_000 }).toBe(wallet.address)
    await expect.poll(() => text(page, 'address')).toBe(wallet.address)

    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    await expect.poll(() => text(page, 'tx-hash'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await rpc<{ status: string; to: string }>(node.url, 'eth_getTransactionReceipt', [await text(page, 'tx-hash')])
    expect(receipt).toMatchObject({ status: '0x1', to: HARDHAT_ACCOUNT_1.address.toLowerCase() })

    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect.poll(() => text(page, 'signature'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await text(page, 'signature')) as Hex
    expect(await verifyMessage({ address: wallet.address as Hex, message: 'Hello from wagmi', signature })).toBe(true)

    // useWriteContract: set(42) on the contract deployed above.
    await page.getByRole('button', { name: 'Store 42' }).click()
    await expect.poll(() => text(page, 'write-hash'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => rpc<string>(node.url, 'eth_getStorageAt', [store, '0x0', 'latest']), { timeout: 30_000 }).toBe(`0x${(42).toString(16).padStart(64, '0')}`)

    // useSwitchChain: wagmi moves to 31338 and the kit's network follows, then back.
    await page.getByRole('button', { name: 'Switch chain' }).click()
    await expect.poll(() => text(page, 'wagmi-chain'), { timeout: 30_000 }).toBe('31338')
    await expect.poll(() => text(page, 'chain'), { timeout: 30_000 }).toBe('31338')
    await page.getByRole('button', { name: 'Switch chain' }).click()
    await expect.poll(() => text(page, 'chain'), { timeout: 30_000 }).toBe('31337')

    await page.reload({ waitUntil: 'load' })
    await expect.poll(() => text(page, 'wagmi-address'), { timeout: 30_000 }).toBe(wallet.address)
    await expect.poll(() => text(page, 'address'), { timeout: 30_000 }).toBe(wallet.address)
    expect(requestAccounts()).toBe(1)
    await whileConnected?.(page, wallet.address)

    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click()
    await expect.poll(() => text(page, 'address')).toBe('Not connected')
    expect(await text(page, 'wagmi-address')).toBe('Not connected')

    await connectInModal(page)
    await expect.poll(() => text(page, 'wagmi-address'), { timeout: 30_000 }).toBe(wallet.address)
    // The account button, then the modal's Disconnect.
    await page.getByRole('button', { name: new RegExp(wallet.address.slice(-6)) }).click()
    await page.locator('portico-modal').getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect.poll(() => text(page, 'wagmi-address')).toBe('Not connected')
    expect(await text(page, 'address')).toBe('Not connected')
    // No console error: no hydration warning either.
    assertCleanPage(recorded)
  } finally {
    await recorded.context.close()
  }
}

/** The integrator's shell for Next: the node's URL baked into the build, no telemetry, no test NODE_ENV. */
export function nextEnv({ node, node2 }: WagmiPeers): NodeJS.ProcessEnv {
  const { NODE_ENV: _vitest, ...env } = process.env
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', NEXT_PUBLIC_RPC_URL: node.url, NEXT_PUBLIC_RPC_URL_2: node2.url }
}

export async function until(ready: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await ready().catch(() => false)) return
    if (Date.now() > deadline) throw new Error('next start did not answer')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Ends `next start` and the server it spawned (its own process group). */
export function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM')
  } catch {
    // already gone
  }
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText()

async function connectInModal(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.locator('portico-modal').getByRole('button', { name: WALLET.name, exact: true }).click()
}
