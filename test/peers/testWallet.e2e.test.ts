// The test wallet in real Chromium: announced through EIP-6963, reads over fetch,
// signing in Node, state kept across a reload, on the run's shared chains (8545, 8546).
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Browser, type Page, chromium } from 'playwright-core'
import { type Hex, createPublicClient, http, parseEther, recoverMessageAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, startHardhat } from './hardhat.ts'
import { installTestWallet } from './testWallet.ts'

let node1: HardhatNode
let node2: HardhatNode
let server: Server
let origin: string
let browser: Browser

beforeAll(async () => {
  ;[node1, node2] = await Promise.all([startHardhat({ port: 8545 }), startHardhat({ port: 8546, chainId: 31338 })])
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(request.url === '/frame' ? '<p>frame</p>' : '<iframe src="/frame"></iframe>')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] })
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await new Promise<void>((done) => server?.close(() => done()))
  await Promise.all([node1?.stop(), node2?.stop()])
})

/** Runs in the page: finds the announced wallet the way a dapp does and keeps it on window. */
async function discover(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { found: { info: Record<string, string>; provider: unknown }[]; events: unknown[] }
    w.found = []
    w.events = []
    window.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as CustomEvent).detail
      w.found.push(detail)
      for (const name of ['accountsChanged', 'chainChanged']) {
        detail.provider.on(name, (payload: unknown) => w.events.push([name, payload]))
      }
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return w.found.map((d) => d.info)
  })
}

/** provider.request in the page; a rejection comes back as `{ error: { code, message } }`. */
function request(page: Page, method: string, params?: unknown) {
  return page.evaluate(
    async ([m, p]) => {
      const provider = (window as unknown as { found: { provider: { request(a: unknown): Promise<unknown> } }[] }).found[0]!.provider
      try {
        return { result: await provider.request({ method: m, params: p }) }
      } catch (error) {
        const e = error as { code?: number; message?: string }
        return { error: { code: e.code, message: e.message } }
      }
    },
    [method, params] as const,
  )
}

describe('installTestWallet in Chromium', () => {
  it('announces, connects, reads, signs, sends, switches and remembers across a reload', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    let reject = false
    const wallet = await installTestWallet(page, {
      name: 'Test Wallet',
      rdns: 'org.portico.test',
      rpcUrls: { 31337: node1.url, 31338: node2.url },
      privateKey: HARDHAT_ACCOUNT_0.privateKey,
      knownChainIds: [31337],
      approve: () => !reject,
      injectLegacy: true,
    })
    await page.goto(origin)

    const infos = await discover(page)
    expect(infos).toHaveLength(1)
    expect(infos[0]).toMatchObject({ name: 'Test Wallet', rdns: 'org.portico.test' })
    expect(infos[0]!['icon']).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await page.evaluate(() => (window as any).ethereum === (window as any).found[0].provider)).toBe(true)
    // Frames are not the dapp: the iframe got no wallet.
    const frame = page.frames().find((f) => f.url().endsWith('/frame'))!
    expect(await frame.evaluate(() => 'ethereum' in window)).toBe(false)

    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    expect(await request(page, 'eth_accounts')).toEqual({ result: [] })
    reject = true
    expect(await request(page, 'eth_requestAccounts')).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    reject = false
    expect(await request(page, 'eth_requestAccounts')).toEqual({ result: [HARDHAT_ACCOUNT_0.address] })
    const balance = await request(page, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest'])
    expect(BigInt(balance.result as string)).toBeGreaterThan(0n)

    const signed = await request(page, 'personal_sign', ['0x68656c6c6f', HARDHAT_ACCOUNT_0.address])
    expect(await recoverMessageAddress({ message: 'hello', signature: signed.result as Hex })).toBe(HARDHAT_ACCOUNT_0.address)

    const sent = await request(page, 'eth_sendTransaction', [{ from: HARDHAT_ACCOUNT_0.address, to: HARDHAT_ACCOUNT_1.address, value: `0x${parseEther('0.5').toString(16)}` }])
    const receipt = await createPublicClient({ transport: http(node1.url) }).waitForTransactionReceipt({ hash: sent.result as Hex })
    expect(receipt.status).toBe('success')

    const switchTo2 = await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    expect(switchTo2.error?.code).toBe(4902)
    expect(
      await request(page, 'wallet_addEthereumChain', [
        { chainId: '0x7a6a', chainName: 'Hardhat 2', rpcUrls: [node2.url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      ]),
    ).toEqual({ result: null })
    expect(await request(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toEqual({ result: null })
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })
    expect(await page.evaluate(() => (window as any).events)).toContainEqual(['chainChanged', '0x7a6a'])

    // A reload is a new page: the wallet still knows the site and the chain, like a real one.
    await page.reload()
    await discover(page)
    expect(await request(page, 'eth_accounts')).toEqual({ result: [HARDHAT_ACCOUNT_0.address] })
    expect(await request(page, 'eth_chainId')).toEqual({ result: '0x7a6a' })

    await wallet.setChain(31337)
    await wallet.lock()
    expect(await page.evaluate(() => (window as any).events)).toEqual([
      ['chainChanged', '0x7a69'],
      ['accountsChanged', []],
    ])
    expect(wallet.prompts.map((p) => [p.method, p.approved])).toEqual([
      ['eth_requestAccounts', false],
      ['eth_requestAccounts', true],
      ['personal_sign', true],
      ['eth_sendTransaction', true],
      ['wallet_addEthereumChain', true],
      ['wallet_switchEthereumChain', true],
    ])
    await context.close()
  }, 60_000)
})
