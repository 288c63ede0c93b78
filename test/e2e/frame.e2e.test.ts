// The secure frame in real Chromium, both ends of postMessage: a host page on one
// 127.0.0.1 origin drives plugins/auth/frameClient.ts; the frame server (with its PGlite
// database in memory) and the SMTP sink's mailbox run on others, and Hardhat is the chain.
// The test reads mails like a visitor, approves inside the frame by clicking in it, and
// checks in Node what came back (signatures with viem, the transaction on the node).
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { type Hex, encodeFunctionData, formatEther, parseAbi, parseEther, parseGwei, toHex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from '../../build.mjs'
import { startDemoServer } from '../../demo/server.mjs'
import type { AppPayload, AppRequestName, FrameReply } from '../../protocol/frameProtocol.ts'
import { buildFramePage } from '../../servers/frame/page/build.ts'
import { type FrameServer, startFrameServer } from '../../servers/frame/server.ts'
import { type Mailbox, startMailbox } from '../../servers/mailbox/mailbox.ts'
import { decodeBase58, encodeBase58 } from '../../protocol/base58.ts'
import type { SolanaRpc } from '../peers/solanaRpc.mjs'
import { startSolanaRpc } from '../peers/solanaRpc.mjs'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode, rpc, startHardhat } from '../peers/hardhat.ts'
import { type DemoServer, type RecordedPage, buildTestPage, launchBrowser, newPage, runAxe } from './harness.ts'
import { hostStorage } from './hostStorage.ts'
import type { FrameTest } from './framePage/main.ts'

const PROJECT_ID = 'frame-e2e'
let browser: Browser
let host: DemoServer
let hostDir: string
let pageDir: string
let frame: FrameServer
let mailbox: Mailbox
let chain: HardhatNode
let solana: SolanaRpc
const contexts: BrowserContext[] = []

beforeAll(async () => {
  const started = Date.now()
  pageDir = join(ROOT, `dist/e2e/frame-page-${randomBytes(4).toString('hex')}`)
  let builtHost: { dir: string }
  ;[builtHost, browser, mailbox, chain, solana] = await Promise.all([
    buildTestPage('test/e2e/framePage', 'main.ts'),
    launchBrowser(),
    startMailbox(),
    // The run's shared chain (test/e2e/sharedStack.ts): any chain would do, the frame server is told its URL.
    startHardhat({ port: 8545 }),
    startSolanaRpc({ wsPortPlusOne: false }),
    buildFramePage({ outdir: pageDir }),
  ])
  hostDir = builtHost.dir
  host = await startDemoServer({ port: 0, root: hostDir })
  frame = await startFrameServer({
    database: { memory: true },
    smtpUrl: mailbox.smtpUrl,
    mailFrom: 'Portico <login@portico.test>',
    keyEncryptionKey: randomBytes(32).toString('base64'),
    sessionSecret: randomBytes(32).toString('hex'),
    projects: { [PROJECT_ID]: [host.url] },
    pageDir,
    // The second device logs in with the same email right after the first.
    limits: { cooldownSeconds: 1 },
  })
  console.log(`[frame e2e] peers up in ${Date.now() - started} ms`)
}, 180_000)

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => undefined)))
  await browser?.close()
  await Promise.all([host?.close(), frame?.close(), mailbox?.close(), chain?.stop(), solana?.stop()])
  await Promise.all([hostDir, pageDir].map((dir) => dir && rm(dir, { recursive: true, force: true })))
})

async function openHost(context?: BrowserContext): Promise<RecordedPage> {
  const url = `${host.url}/index.html?frameUrl=${encodeURIComponent(frame.url)}&projectId=${PROJECT_ID}`
  if (!context) {
    const recorded = await newPage(browser, url)
    contexts.push(recorded.context)
    return recorded
  }
  const page = await context.newPage()
  await page.goto(url)
  return { page, context, requests: [], consoleErrors: [], cspViolations: [] }
}

type Outcome<N extends AppRequestName> = { ok: true; value: FrameReply<N> } | { ok: false; error: string }

/** One frame request from the host page; an error comes back as its short message. */
function ask<N extends AppRequestName>(page: Page, name: N, payload: AppPayload<N>, timeoutMs?: number): Promise<Outcome<N>> {
  return page.evaluate(
    async ([name, payload, timeoutMs]) => {
      const test = (window as unknown as { frameTest: FrameTest }).frameTest
      try {
        return { ok: true as const, value: await test.request(name, payload as never, timeoutMs) }
      } catch (error) {
        return { ok: false as const, error: (error as { shortMessage?: string }).shortMessage ?? String(error) }
      }
    },
    [name, payload, timeoutMs] as const,
  ) as Promise<Outcome<N>>
}

async function value<N extends AppRequestName>(page: Page, name: N, payload: AppPayload<N>): Promise<FrameReply<N>> {
  const outcome = await ask(page, name, payload)
  if (!outcome.ok) throw new Error(`${name} failed: ${outcome.error}`)
  return outcome.value
}

const frameTest = <T>(page: Page, read: (test: FrameTest) => T | Promise<T>): Promise<T> => page.evaluate(`(${read.toString()})(window.frameTest)`) as Promise<T>

async function loadFrame(page: Page): Promise<void> {
  await frameTest(page, (test) => test.load())
  await syncDappData(page, 'Frame e2e')
}

/** The host's SYNC_DAPP_DATA, naming the site as the host likes. */
async function syncDappData(page: Page, name: string): Promise<void> {
  await value(page, 'SYNC_DAPP_DATA', {
    metadata: { name },
    sdkVersion: 'test',
    sdkType: 'portico',
    projectId: PROJECT_ID,
    networks: [
      { caipNetworkId: 'eip155:31337', rpcUrl: chain.url },
      { caipNetworkId: 'solana:localnet', rpcUrl: solana.url },
    ],
  })
}

const seenMails = new Set<string>()

/** The first mail to `to` not read before whose text matches `pattern`: its match. */
async function nextMail(to: string, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const messages = (await (await fetch(`${mailbox.url}/api/messages?to=${encodeURIComponent(to)}`)).json()) as { id: string; text: string }[]
    for (const message of [...messages].reverse()) {
      const match = pattern.exec(message.text)
      if (!seenMails.has(message.id) && match) {
        seenMails.add(message.id)
        return match
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail to ${to} matching ${pattern}`)
}

const LINK = /https?:\/\/\S+\/v1\/device\/approve\?token=[A-Za-z0-9_%-]+/
const CODE = /\b(\d{6})\b/

/** Email login as a visitor does it: the device link from the mail if asked, then the code. Returns the flow it went through. */
async function login(page: Page, email: string): Promise<string[]> {
  const steps: string[] = []
  const { action } = await value(page, 'CONNECT_EMAIL', { email })
  steps.push(action)
  if (action === 'VERIFY_DEVICE') {
    const [link] = await nextMail(email, LINK)
    const waiting = value(page, 'CONNECT_DEVICE', undefined)
    // The mailed link opens a page; its button approves (a form POST from that page), as in a browser.
    const tab = await page.context().newPage()
    await tab.goto(link)
    await tab.getByRole('button', { name: 'Approve this device' }).click()
    expect(await tab.locator('body').textContent()).toContain('This device is approved')
    await tab.close()
    await waiting
    steps.push('DEVICE_APPROVED')
  }
  const [, code] = await nextMail(email, CODE)
  await value(page, 'CONNECT_OTP', { otp: code! })
  steps.push('CONNECTED')
  return steps
}

const approvalPanel = (page: Page) => page.frameLocator('#w3m-iframe').locator('main.approval')
const frameDocumentOf = (page: Page) => page.frames().find((f) => f.url().startsWith(`${frame.url}/frame`))!

interface PanelRow {
  label: string
  value: string
  rows?: PanelRow[]
}

/** The panel's rows as the visitor reads them: each label, its value, and the fields nested under it. */
async function panelRows(page: Page): Promise<PanelRow[]> {
  await approvalPanel(page).waitFor()
  return approvalPanel(page)
    .locator(':scope > .scroll > dl.details')
    .evaluate(function read(list: Element): PanelRow[] {
      const rows: PanelRow[] = []
      for (let dt = list.firstElementChild; dt; dt = dt.nextElementSibling!.nextElementSibling) {
        const dd = dt.nextElementSibling!
        const text = [...dd.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent)
          .join('')
        const nested = dd.querySelector(':scope > dl')
        rows.push({ label: dt.textContent!, value: text, ...(nested ? { rows: read(nested) } : {}) })
      }
      return rows
    })
}

const rowOf = (rows: PanelRow[], label: string) => rows.find((row) => row.label === label)

/** A reply that has not come within `ms`: 'pending'. */
const settledWithin = (reply: Promise<unknown>, ms: number) =>
  Promise.race([reply.then(() => 'answered' as const), new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))])

/** An unsafe request shown in the frame and answered by a click inside it, as the visitor would; `inspect` reads the panel first. */
async function approveInFrame<N extends 'RPC_REQUEST'>(page: Page, payload: AppPayload<N>, button: 'Approve' | 'Reject' = 'Approve', inspect?: (rows: PanelRow[]) => void) {
  await frameTest(page, (test) => test.show())
  const reply = ask(page, 'RPC_REQUEST', payload)
  const panel = approvalPanel(page)
  if (inspect) inspect(await panelRows(page))
  await panel.getByRole('button', { name: button }).click()
  const outcome = await reply
  await frameTest(page, (test) => test.hide())
  return outcome
}

let firstPage: Page
let firstRecorded: RecordedPage
let address: Hex
let solanaAddress: string
const email = `visitor-${randomBytes(3).toString('hex')}@example.com`

describe('the frame through the frame client', () => {
  it('loads, logs a new visitor in by email (device link, then code) and reports the user', async () => {
    const recorded = await openHost()
    firstRecorded = recorded
    firstPage = recorded.page
    const t0 = Date.now()
    await loadFrame(firstPage)
    const loaded = Date.now()
    expect(await firstPage.locator('#w3m-iframe').evaluate((el) => [el.id, getComputedStyle(el).zIndex, getComputedStyle(el).visibility])).toEqual([
      'w3m-iframe',
      '999999',
      'hidden',
    ])
    expect(await login(firstPage, email)).toEqual(['VERIFY_DEVICE', 'DEVICE_APPROVED', 'CONNECTED'])
    const loggedIn = Date.now()
    console.log(`[frame e2e] load() ${loaded - t0} ms; new-user login (device link + code, keys made and split) ${loggedIn - loaded} ms`)

    const user = await value(firstPage, 'GET_USER', { chainId: 31337 })
    expect(user).toMatchObject({ email, chainId: 31337, smartAccountDeployed: false, preferredAccountType: 'eoa' })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    address = user.address as Hex
    const solana = await value(firstPage, 'GET_USER', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect(solana.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    solanaAddress = solana.address
    const events = await frameTest(firstPage, (test) => test.events.map((event) => event.type))
    expect(events).toEqual(['@portico-frame/READY', '@portico-frame/SESSION_UPDATE'])
    expect(await value(firstPage, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect(await value(firstPage, 'IS_CONNECTED', { token: 'not-this-session' })).toEqual({ isConnected: false })
    expect(recorded.cspViolations).toEqual([])
  })

  it('personal_sign is approved by a click inside the frame; the signature verifies in Node for the user’s address', async () => {
    const message = `Sign in to Frame e2e at ${new Date().toISOString()}`
    const t0 = Date.now()
    const outcome = await approveInFrame(firstPage, { method: 'personal_sign', params: [toHex(message), address], caipNetworkId: 'eip155:31337' })
    if (!outcome.ok) throw new Error(outcome.error)
    console.log(`[frame e2e] personal_sign request -> approved signature ${Date.now() - t0} ms`)
    const signature = outcome.value.result as Hex
    expect(await verifyMessage({ address, message, signature })).toBe(true)
  })

  it('the panel shows what is asked and names the method; Reject (by keyboard) answers "Signature declined"', async () => {
    const message = 'Do not sign this'
    await frameTest(firstPage, (test) => test.show())
    const reply = ask(firstPage, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), address], caipNetworkId: 'eip155:31337' })
    const panel = approvalPanel(firstPage)
    await expect.poll(() => panel.getByRole('heading').textContent()).toBe('Sign this message')
    expect(await panel.getByLabel('method personal_sign').textContent()).toBe('personal_sign')
    expect(await panel.locator('dd').first().textContent()).toBe(message)
    // Reject has the focus first: Enter declines.
    await firstPage.keyboard.press('Enter')
    expect(await reply).toEqual({ ok: false, error: 'Signature declined' })
    await frameTest(firstPage, (test) => test.hide())
    expect(await firstPage.locator('#w3m-iframe').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden')
  })

  it('eth_signTypedData_v4: the panel shows the domain and the message as a tree; the signature verifies in Node', async () => {
    const typed = {
      domain: { name: 'Frame e2e', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting' as const,
      message: { text: 'hello' },
    }
    const outcome = await approveInFrame(
      firstPage,
      { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)], caipNetworkId: 'eip155:31337' },
      'Approve',
      (rows) =>
        expect(rows).toEqual([
          {
            label: 'Domain',
            value: 'Frame e2e',
            rows: [
              { label: 'name', value: 'Frame e2e' },
              { label: 'version', value: '1' },
              { label: 'chainId', value: '31337' },
            ],
          },
          { label: 'Message', value: 'Greeting', rows: [{ label: 'text', value: 'hello' }] },
        ]),
    )
    if (!outcome.ok) throw new Error(outcome.error)
    expect(await verifyTypedData({ address, ...typed, signature: outcome.value.result as Hex })).toBe(true)
  })

  it('eth_sendTransaction lands on Hardhat from the embedded address, after funding it', async () => {
    await rpc(chain.url, 'eth_sendTransaction', [{ from: HARDHAT_ACCOUNT_0.address, to: address, value: toHex(parseEther('2')) }])
    const before = BigInt((await rpc(chain.url, 'eth_getBalance', [HARDHAT_ACCOUNT_1.address, 'latest'])) as string)
    const t0 = Date.now()
    const outcome = await approveInFrame(firstPage, {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: HARDHAT_ACCOUNT_1.address, value: toHex(parseEther('0.5')) }],
      caipNetworkId: 'eip155:31337',
    })
    if (!outcome.ok) throw new Error(outcome.error)
    console.log(`[frame e2e] eth_sendTransaction request -> tx hash ${Date.now() - t0} ms`)
    const hash = outcome.value.result as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = (await rpc(chain.url, 'eth_getTransactionReceipt', [hash])) as { status: string; from: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    const after = BigInt((await rpc(chain.url, 'eth_getBalance', [HARDHAT_ACCOUNT_1.address, 'latest'])) as string)
    expect(after - before).toBe(parseEther('0.5'))
    // A safe method is answered without approval, through the network's node.
    const balance = await value(firstPage, 'RPC_REQUEST', { method: 'eth_getBalance', params: [address, 'latest'], caipNetworkId: 'eip155:31337' })
    expect(BigInt(balance.result as string)).toBe(BigInt((await rpc(chain.url, 'eth_getBalance', [address, 'latest'])) as string))
  })
})

describe('Solana and the kit’s modal', () => {
  it('solana_signMessage verifies with ed25519 in Node; solana_signAndSendTransaction lands on the local cluster', async () => {
    const message = new TextEncoder().encode('hello from the frame')
    const signed = await approveInFrame(firstPage, {
      method: 'solana_signMessage',
      params: { message: encodeBase58(message), pubkey: solanaAddress },
      caipNetworkId: 'solana:localnet',
    })
    if (!signed.ok) throw new Error(signed.error)
    const { signature } = signed.value.result as { signature: string }
    expect(ed25519.verify(decodeBase58(signature)!, message, decodeBase58(solanaAddress)!)).toBe(true)

    await rpc(solana.url, 'requestAirdrop', [solanaAddress, 1_000_000_000])
    const { value: latest } = (await rpc(solana.url, 'getLatestBlockhash', [])) as { value: { blockhash: string } }
    const to = Keypair.generate().publicKey
    const payer = new PublicKey(solanaAddress)
    const transfer = new Transaction({ feePayer: payer, recentBlockhash: latest.blockhash }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 5_000_000 }))
    const t0 = Date.now()
    const sent = await approveInFrame(
      firstPage,
      {
        method: 'solana_signAndSendTransaction',
        params: { transaction: transfer.serialize({ requireAllSignatures: false }).toString('base64') },
        caipNetworkId: 'solana:localnet',
      },
      'Approve',
      (rows) => {
        // Decoded in the frame: what moves, from whom, to whom.
        expect(rowOf(rows, 'Fee payer')?.value).toBe(solanaAddress)
        expect(rowOf(rows, 'Instruction 1')).toEqual({
          label: 'Instruction 1',
          value: 'System: Transfer',
          rows: [
            { label: 'Amount', value: '0.005 SOL' },
            { label: 'From', value: solanaAddress },
            { label: 'Receiver', value: to.toBase58() },
          ],
        })
      },
    )
    if (!sent.ok) throw new Error(sent.error)
    console.log(`[frame e2e] solana_signAndSendTransaction (web3.js chunk loaded on first use) -> signature ${Date.now() - t0} ms`)
    const { signature: txSignature } = sent.value.result as { signature: string }
    const { value: statuses } = (await rpc(solana.url, 'getSignatureStatuses', [[txSignature]])) as { value: ({ err: unknown } | null)[] }
    expect(statuses[0]).toMatchObject({ err: null })
    expect(((await rpc(solana.url, 'getBalance', [to.toBase58()])) as { value: number }).value).toBe(5_000_000)
  })

  it('over a box inside an open modal dialog (as the kit’s modal is) the frame is moved in alive, Approve is clickable, and closing the dialog brings it back hidden', async () => {
    const readies = () => frameTest(firstPage, (test) => test.events.filter((event) => event.type === '@portico-frame/READY').length)
    const before = await readies()
    await frameTest(firstPage, (test) => test.showInModal())
    expect(await frameTest(firstPage, (test) => test.frameParent())).toBe('dialog')
    const reply = ask(firstPage, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('in the modal'), address], caipNetworkId: 'eip155:31337' })
    // Playwright's click waits until the button receives pointer events: an inert iframe never would.
    await approvalPanel(firstPage).getByRole('button', { name: 'Approve' }).click({ timeout: 10_000 })
    const outcome = await reply
    if (!outcome.ok) throw new Error(outcome.error)
    expect(await verifyMessage({ address, message: 'in the modal', signature: outcome.value.result as Hex })).toBe(true)
    await frameTest(firstPage, (test) => test.closeModal())
    await expect.poll(() => frameTest(firstPage, (test) => test.frameParent())).toBe('body')
    expect(await firstPage.locator('#w3m-iframe').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden')
    // Moved, not reloaded: no second READY, and the frame still answers.
    expect(await readies()).toBe(before)
    expect(await value(firstPage, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
  })
})

/** The host page's element over the frame, as a clickjacking page puts it: clicks pass through it (pointer-events: none) to the frame below. */
async function coverFrame(page: Page, look: 'transparent' | 'opaque'): Promise<void> {
  await page.evaluate((look) => {
    const box = document.getElementById('w3m-iframe')!.getBoundingClientRect()
    const cover = document.createElement('div')
    cover.id = 'cover'
    Object.assign(cover.style, {
      position: 'fixed',
      top: `${box.top}px`,
      left: `${box.left}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      zIndex: '2147483647',
      pointerEvents: 'none',
      background: look === 'opaque' ? '#fff' : 'transparent',
    })
    if (look === 'opaque') cover.textContent = 'Click the blue button to claim your prize'
    document.body.append(cover)
  }, look)
}

/** The WCAG contrast ratio of each text of the panel against what is behind it (a text colour's alpha blended in). */
function panelContrasts(page: Page): Promise<Record<string, number>> {
  return frameDocumentOf(page).evaluate(() => {
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number)
      return [r, g, b, a] as const
    }
    const luminance = (channels: readonly number[]) => {
      const linear = channels.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
      return 0.2126 * linear[0]! + 0.7152 * linear[1]! + 0.0722 * linear[2]!
    }
    const behind = (element: Element | null) => {
      for (; element; element = element.parentElement) {
        const colour = rgba(getComputedStyle(element).backgroundColor)
        if (colour[3] > 0) return colour
      }
      return rgba('rgb(255, 255, 255)')
    }
    const ratios: Record<string, number> = {}
    for (const element of document.querySelectorAll('main.approval :is(h1, p, dt, dd, li, button, code, strong)')) {
      if (!element.textContent) continue
      const background = behind(element)
      const [r, g, b, a] = rgba(getComputedStyle(element).color)
      const text = [r, g, b].map((channel, i) => channel * a + background[i]! * (1 - a))
      const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x)
      ratios[`${element.localName}.${element.className}: ${element.textContent.slice(0, 24)}`] = (light! + 0.05) / (dark! + 0.05)
    }
    return ratios
  })
}

describe('the approval panel stands against its host page', () => {
  afterEach(async () => {
    // A failed test leaves no cover and no open panel to the next one.
    await firstPage.evaluate(() => document.getElementById('cover')?.remove())
    await frameDocumentOf(firstPage).evaluate(() => {
      if (document.querySelector('main.approval')) document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    })
    await frameTest(firstPage, (test) => test.hide())
  })

  it('eth_sendTransaction: the panel shows the decoded call, value, gas limit, max fee, nonce, chain and total cost; the node gets exactly those fields', async () => {
    const erc20 = parseAbi(['function transfer(address to, uint256 amount)'])
    const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [HARDHAT_ACCOUNT_0.address, 12_345n] })
    const pendingNonce = Number(await rpc(chain.url, 'eth_getTransactionCount', [address, 'pending']))
    let shown: { gas: bigint; maxFee: bigint; nonce: number } | undefined
    // Hardhat runs a call to an address without code as a plain transfer: the data rides along.
    const outcome = await approveInFrame(
      firstPage,
      { method: 'eth_sendTransaction', params: [{ from: address, to: HARDHAT_ACCOUNT_1.address, value: toHex(parseEther('0.01')), data }], caipNetworkId: 'eip155:31337' },
      'Approve',
      (rows) => {
        expect(rowOf(rows, 'To')?.value).toBe(HARDHAT_ACCOUNT_1.address)
        expect(rowOf(rows, 'Function')?.value).toBe('transfer(address,uint256)')
        expect(rowOf(rows, 'Arguments')?.rows).toEqual([
          { label: 'to', value: HARDHAT_ACCOUNT_0.address },
          { label: 'amount', value: '12345' },
        ])
        expect(rowOf(rows, 'Value')?.value).toBe('0.01 ETH')
        expect(rowOf(rows, 'Network')?.value).toBe('eip155:31337 (chain 31337)')
        const gas = BigInt(rowOf(rows, 'Gas limit')!.value)
        const maxFee = parseGwei(rowOf(rows, 'Max fee per gas')!.value.replace(/ gwei$/, ''))
        const nonce = Number(rowOf(rows, 'Nonce')!.value)
        expect(gas).toBeGreaterThan(21_000n)
        expect(maxFee).toBeGreaterThan(0n)
        expect(nonce).toBe(pendingNonce)
        expect(rowOf(rows, 'Total cost (at most)')?.value).toBe(`${formatEther(parseEther('0.01') + gas * maxFee)} ETH`)
        shown = { gas, maxFee, nonce }
      },
    )
    if (!outcome.ok) throw new Error(outcome.error)
    const sent = (await rpc(chain.url, 'eth_getTransactionByHash', [outcome.value.result])) as { gas: string; maxFeePerGas: string; nonce: string; input: string; value: string }
    expect({ gas: BigInt(sent.gas), maxFee: BigInt(sent.maxFeePerGas), nonce: Number(sent.nonce) }).toEqual(shown)
    expect(sent.input).toBe(data)
    expect(BigInt(sent.value)).toBe(parseEther('0.01'))
  })

  it('an unlimited approve is shown as a warning before the details; axe finds nothing in the panel', async () => {
    const erc20 = parseAbi(['function approve(address spender, uint256 amount)'])
    const data = encodeFunctionData({ abi: erc20, functionName: 'approve', args: [HARDHAT_ACCOUNT_0.address, 2n ** 256n - 1n] })
    await frameTest(firstPage, (test) => test.show())
    const reply = ask(firstPage, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: HARDHAT_ACCOUNT_1.address, data }], caipNetworkId: 'eip155:31337' })
    const warnings = approvalPanel(firstPage).getByRole('list', { name: 'Warnings' })
    await expect.poll(() => warnings.textContent()).toBe(`Unlimited allowance: ${HARDHAT_ACCOUNT_0.address} could spend all of this token, now and later.`)
    expect(await runAxe(frameDocumentOf(firstPage))).toEqual([])
    await approvalPanel(firstPage).getByRole('button', { name: 'Reject' }).click()
    expect(await reply).toEqual({ ok: false, error: 'Signature declined' })
    await frameTest(firstPage, (test) => test.hide())
  })

  it('a transparent or an opaque element of the host over the frame keeps Approve disabled and a click through it signs nothing; uncovered, Approve works', async () => {
    await frameTest(firstPage, (test) => test.show())
    const reply = ask(firstPage, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('clickjacked'), address], caipNetworkId: 'eip155:31337' })
    const approve = approvalPanel(firstPage).getByRole('button', { name: 'Approve' })
    await approve.waitFor()
    for (const look of ['transparent', 'opaque'] as const) {
      await coverFrame(firstPage, look)
      // Longer than the panel's 500 ms of steady visibility and IntersectionObserver v2's 100 ms sampling.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(await approve.isDisabled(), look).toBe(true)
      expect(await approve.getAttribute('aria-describedby')).toBe('approval-status')
      expect(await approvalPanel(firstPage).getByRole('status').textContent()).toBe('Approve turns on when this panel is fully visible and nothing covers it.')
      // The visitor clicks where the host page's decoy points: the click goes through the cover to Approve.
      const box = (await approve.boundingBox())!
      await firstPage.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
      expect(await settledWithin(reply, 1_000), look).toBe('pending')
      await firstPage.evaluate(() => document.getElementById('cover')!.remove())
    }
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    const outcome = await reply
    await frameTest(firstPage, (test) => test.hide())
    if (!outcome.ok) throw new Error(outcome.error)
    expect(await verifyMessage({ address, message: 'clickjacked', signature: outcome.value.result as Hex })).toBe(true)
  })

  it('a hostile theme (--portico-* colours equal to the background, transparent) cannot hide the panel’s text: every text keeps a contrast of 4.5:1 or more, light and dark', async () => {
    for (const themeMode of ['light', 'dark'] as const) {
      const same = themeMode === 'light' ? 'rgb(255, 255, 255)' : 'rgb(20, 20, 20)'
      await value(firstPage, 'SYNC_THEME', {
        themeMode,
        themeVariables: {
          '--portico-foreground': same,
          '--portico-surface': same,
          '--portico-accent': same,
          '--portico-accent-foreground': 'transparent',
          '--portico-border-radius': '0',
        },
      })
      await frameTest(firstPage, (test) => test.show())
      const reply = ask(firstPage, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('can you read me'), address], caipNetworkId: 'eip155:31337' })
      const approve = approvalPanel(firstPage).getByRole('button', { name: 'Approve' })
      // Measured with Approve enabled (its own colours), then while disabled as it first shows.
      await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
      const ratios = await panelContrasts(firstPage)
      expect(Object.keys(ratios).length).toBeGreaterThanOrEqual(6)
      for (const [text, ratio] of Object.entries(ratios)) expect(ratio, `${themeMode} ${text}`).toBeGreaterThanOrEqual(4.5)
      expect(await runAxe(frameDocumentOf(firstPage))).toEqual([])
      expect(await approvalPanel(firstPage).evaluate(() => document.documentElement.dataset['theme'])).toBe(themeMode)
      await approvalPanel(firstPage).getByRole('button', { name: 'Reject' }).click()
      expect(await reply).toEqual({ ok: false, error: 'Signature declined' })
      await frameTest(firstPage, (test) => test.hide())
    }
  })

  it('the panel names the site by its real origin, even when SYNC_DAPP_DATA claims another name; the claimed name is only secondary, labelled text', async () => {
    await syncDappData(firstPage, 'https://wallet.trusted.example')
    await frameTest(firstPage, (test) => test.show())
    const reply = ask(firstPage, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('who asks?'), address], caipNetworkId: 'eip155:31337' })
    const panel = approvalPanel(firstPage)
    await panel.waitFor()
    expect(await panel.locator('.asker').textContent()).toBe(`${host.url} asks you to approve personal_sign`)
    expect(await panel.locator('.asker strong').textContent()).toBe(host.url)
    expect(await panel.locator('.claimed').textContent()).toBe('Name the site gives itself (not verified): https://wallet.trusted.example')
    await panel.getByRole('button', { name: 'Reject' }).click()
    expect(await reply).toEqual({ ok: false, error: 'Signature declined' })
    await frameTest(firstPage, (test) => test.hide())
    await syncDappData(firstPage, 'Frame e2e')
  })

  it('without IntersectionObserver v2, Approve turns on only after 500 ms of the panel fully in view, and off while it is partly out of view', async () => {
    const page = await firstPage.context().newPage()
    // Every frame of this page, the secure frame included, loses isVisible (as in browsers without v2).
    await page.addInitScript(() => delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible)
    await page.goto(`${host.url}/index.html?frameUrl=${encodeURIComponent(frame.url)}&projectId=${PROJECT_ID}`)
    await loadFrame(page)
    expect(await value(page, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
    const inFrame = page.frames().find((f) => f.url().startsWith(`${frame.url}/frame`))!
    expect(await inFrame.evaluate(() => 'isVisible' in IntersectionObserverEntry.prototype)).toBe(false)
    // Timed inside the frame: from the panel's insertion to Approve's enabling.
    await inFrame.evaluate(() => {
      const timing = new Promise<number>((resolve) => {
        new MutationObserver((_records, observer) => {
          const approve = document.querySelector<HTMLButtonElement>('main.approval .approve')
          if (!approve) return
          observer.disconnect()
          const shown = performance.now()
          new MutationObserver(() => {
            if (!approve.disabled) resolve(performance.now() - shown)
          }).observe(approve, { attributes: true })
        }).observe(document.body, { childList: true })
      })
      Object.assign(window, { enabledAfter: timing })
    })
    await frameTest(page, (test) => test.show())
    const reply = ask(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('v1'), address], caipNetworkId: 'eip155:31337' })
    const enabledAfter = await inFrame.evaluate(() => (window as unknown as { enabledAfter: Promise<number> }).enabledAfter)
    // 500 ms, less the timer's and the clock's granularity.
    expect(enabledAfter).toBeGreaterThanOrEqual(500 - 5)
    const approve = approvalPanel(page).getByRole('button', { name: 'Approve' })
    // The host pushes the frame half out of the window: not fully visible, Approve goes off.
    await page.evaluate(() => document.getElementById('w3m-iframe')!.style.setProperty('top', '-200px'))
    await expect.poll(() => approve.isDisabled(), { timeout: 5_000 }).toBe(true)
    await frameTest(page, (test) => test.show())
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    const outcome = await reply
    if (!outcome.ok) throw new Error(outcome.error)
    expect(await verifyMessage({ address, message: 'v1', signature: outcome.value.result as Hex })).toBe(true)
    await page.close()
  })
})

describe('messages from elsewhere reach no handler', () => {
  it('a valid-shaped reply from a foreign-origin iframe and from another window is dropped; the real reply still answers', async () => {
    const page = firstPage
    // A foreign-origin iframe inside the host page (the mailbox's origin stands for any other site).
    await page.evaluate((src) => {
      const foreign = document.createElement('iframe')
      foreign.src = src
      foreign.id = 'foreign'
      document.body.append(foreign)
      return new Promise((resolve) => foreign.addEventListener('load', resolve))
    }, `${mailbox.url}/`)
    const popupOpened = page.waitForEvent('popup')
    await page.evaluate((url) => void window.open(url, 'other'), `${host.url}/index.html`)
    const popup = await popupOpened
    await popup.waitForLoadState()

    const dropped = await frameTest(page, (test) => test.dropped())
    await frameTest(page, (test) => test.show())
    const reply = ask(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex('real'), address], caipNetworkId: 'eip155:31337' })
    await approvalPanel(page).getByRole('button', { name: 'Approve' }).waitFor()
    const id = await frameTest(page, (test) => test.ids.at(-1)!)
    const forged = { id, type: '@portico-frame/RPC_REQUEST_SUCCESS', payload: { result: '0xforged' } }
    const forgedEvent = { type: '@portico-frame/SESSION_ENDED', payload: {} }
    const foreignFrame = page.frames().find((f) => f.url().startsWith(mailbox.url))!
    await foreignFrame.evaluate(
      ([reply, event]) => {
        parent.postMessage(reply, '*')
        parent.postMessage(event, '*')
      },
      [forged, forgedEvent],
    )
    await popup.evaluate(
      ([reply, event]) => {
        opener.postMessage(reply, '*')
        opener.postMessage(event, '*')
      },
      [forged, forgedEvent],
    )
    await expect.poll(() => frameTest(page, (test) => test.dropped())).toBe(dropped + 4)
    expect(await frameTest(page, (test) => test.events.map((e) => e.type))).not.toContain('@portico-frame/SESSION_ENDED')

    await approvalPanel(page).getByRole('button', { name: 'Approve' }).click()
    const outcome = await reply
    await frameTest(page, (test) => test.hide())
    if (!outcome.ok) throw new Error(outcome.error)
    expect(await verifyMessage({ address, message: 'real', signature: outcome.value.result as Hex })).toBe(true)
    await popup.close()
  })

  it('the frame drops a request that is not from its parent (a same-origin window) and answers it nothing', async () => {
    const page = firstPage
    const popupOpened = page.waitForEvent('popup')
    await page.evaluate((url) => void window.open(url, 'sibling'), `${host.url}/index.html`)
    const popup = await popupOpened
    await popup.waitForLoadState()
    // The popup is on the host's allowed origin, but it is not the frame's parent.
    const answers = await popup.evaluate(async (frameOrigin) => {
      const received: unknown[] = []
      addEventListener('message', (event) => received.push(event.data))
      const target = (opener as Window).frames[0]!
      target.postMessage({ id: 'forged-request-0001', type: '@portico-app/SIGN_OUT' }, frameOrigin)
      target.postMessage({ id: 'forged-request-0002', type: '@portico-app/GET_USER', payload: { chainId: 31337 } }, frameOrigin)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      return received
    }, frame.url)
    expect(answers).toEqual([])
    expect(await value(page, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
    await popup.close()
  })

  it("a second frame on the frame's own origin (right origin, not the client's iframe) is not heard; a foreign-origin iframe's request to the frame gets no answer", async () => {
    const page = firstPage
    // Another copy of the real frame page in the same host: its READY and forged messages come
    // from the frame's origin, but not from the iframe the client made.
    const dropped = await frameTest(page, (test) => test.dropped())
    await page.evaluate((src) => {
      const twin = document.createElement('iframe')
      twin.src = src
      twin.id = 'twin'
      document.body.append(twin)
      return new Promise((resolve) => twin.addEventListener('load', resolve))
    }, `${frame.url}/frame?projectId=${PROJECT_ID}&chainId=31337&version=4`)
    const reply = ask(page, 'GET_USER', { chainId: 31337 })
    const id = await frameTest(page, (test) => test.ids.at(-1)!)
    const forged = {
      id,
      type: '@portico-frame/GET_USER_SUCCESS',
      payload: { email: 'attacker@example.com', address: '0x0000000000000000000000000000000000000bad', chainId: 31337 },
    }
    const copies = page.frames().filter((f) => f.url().startsWith(`${frame.url}/frame`))
    expect(copies).toHaveLength(2)
    const ids = await Promise.all(copies.map((f) => f.frameElement().then((el) => el.getAttribute('id'))))
    expect([...ids].sort()).toEqual(['twin', 'w3m-iframe'])
    await copies[ids.indexOf('twin')]!.evaluate(
      ([message, event]) => {
        parent.postMessage(message, '*')
        parent.postMessage(event, '*')
      },
      [forged, { type: '@portico-frame/SESSION_ENDED', payload: {} }],
    )
    const outcome = await reply
    if (!outcome.ok) throw new Error(outcome.error)
    expect(outcome.value.address).toBe(address)
    // The twin's own READY and the two forged messages.
    await expect.poll(() => frameTest(page, (test) => test.dropped())).toBeGreaterThanOrEqual(dropped + 3)
    expect(await frameTest(page, (test) => test.events.map((e) => e.type))).not.toContain('@portico-frame/SESSION_ENDED')

    // The foreign iframe of the test above (another origin, inside the host page) asks the real frame to sign out.
    const foreign = page.frames().find((f) => f.url().startsWith(mailbox.url))!
    const realFrame = copies[ids.indexOf('w3m-iframe')]!
    // The real frame's place among the host's child windows, which the foreign page can reach by index.
    const index = await page.evaluate(() => {
      const own = (document.getElementById('w3m-iframe') as HTMLIFrameElement).contentWindow
      return Array.from({ length: frames.length }, (_, i) => frames[i]).indexOf(own!)
    })
    expect(index).toBeGreaterThanOrEqual(0)
    // Recorded inside the real frame: the forged requests do reach it, so an empty answer is its refusal.
    await realFrame.evaluate(() => {
      const seen: string[] = []
      Object.assign(window, { seenIds: seen })
      addEventListener('message', (event) => seen.push(String((event.data as { id?: unknown })?.id)))
    })
    const answers = await foreign.evaluate(
      async ([frameOrigin, index]) => {
        const received: unknown[] = []
        addEventListener('message', (event) => received.push(event.data))
        const target = parent.frames[index]!
        target.postMessage({ id: 'forged-request-0003', type: '@portico-app/SIGN_OUT' }, frameOrigin)
        target.postMessage({ id: 'forged-request-0004', type: '@portico-app/GET_USER', payload: { chainId: 31337 } }, frameOrigin)
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        return received
      },
      [frame.url, index] as const,
    )
    expect(await realFrame.evaluate(() => (window as unknown as { seenIds: string[] }).seenIds)).toEqual(['forged-request-0003', 'forged-request-0004'])
    expect(answers).toEqual([])
    expect(await value(page, 'IS_CONNECTED', {})).toEqual({ isConnected: true })
    await page.evaluate(() => document.getElementById('twin')?.remove())
    // The frame's own pages (the login, the approval panel with the host's theme, the twin) under its CSP, from the first load on.
    expect(firstRecorded.cspViolations).toEqual([])
  })
})

describe('frame-ancestors: only the project’s hosts may embed the frame', () => {
  it('a page on an origin not on the allow-list frames /frame and Chromium does not load it, directly or nested under an allowed host', async () => {
    const context = await browser.newContext()
    contexts.push(context)
    const page = await context.newPage()
    const refusals: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text())
    })
    // An origin no project lists: the mailbox's page (another 127.0.0.1 port, so no private-network rule is involved).
    const foreignOrigin = mailbox.url
    await page.goto(`${foreignOrigin}/`)
    const src = `${frame.url}/frame?projectId=${PROJECT_ID}&chainId=31337&version=4`
    // The frame server's stylesheet has no frame-ancestors: it loads in the same page, so only the policy stops /frame.
    const embed = (url: string) =>
      page.evaluate(async (frameSrc) => {
        const embedded = document.createElement('iframe')
        embedded.src = frameSrc
        document.body.append(embedded)
        await new Promise((resolve) => embedded.addEventListener('load', resolve))
      }, url)
    await embed(`${frame.url}/frame.css`)
    await embed(src)
    const urls = page
      .frames()
      .filter((f) => f !== page.mainFrame())
      .map((f) => f.url())
    // Chromium puts its error page where a frame its ancestors may not embed would be.
    expect(urls).toEqual([`${frame.url}/frame.css`, 'chrome-error://chromewebdata/'])
    // Refused by the policy (the server sends no X-Frame-Options), naming the allowed host.
    expect(refusals).toEqual([expect.stringContaining(`frame-ancestors ${host.url}`)])

    // An allowed host that embeds the foreign page, which embeds the frame: every ancestor must be allowed.
    const { page: hostPage } = await openHost()
    await hostPage.evaluate((url) => {
      const foreign = document.createElement('iframe')
      foreign.id = 'foreign-nest'
      foreign.src = url
      document.body.append(foreign)
      return new Promise((resolve) => foreign.addEventListener('load', resolve))
    }, `${foreignOrigin}/`)
    const nest = hostPage.frames().find((f) => f.parentFrame() === hostPage.mainFrame() && f.url().startsWith(foreignOrigin))!
    await nest.evaluate(async (frameSrc) => {
      const embedded = document.createElement('iframe')
      embedded.src = frameSrc
      document.body.append(embedded)
      await new Promise((resolve) => embedded.addEventListener('load', resolve))
    }, src)
    const inner = () =>
      hostPage
        .frames()
        .find((f) => f.parentFrame()?.url().startsWith(foreignOrigin))
        ?.url()
    await expect.poll(inner).toBe('chrome-error://chromewebdata/')
  })
})

describe('keys and shares stay on the frame’s origin', () => {
  it('the device share (read from the frame origin’s IndexedDB by a page on that origin) appears nowhere in the host page’s storage', async () => {
    // A page opened on the frame's own origin, outside any host: the frame page itself, which says so.
    const own = await firstPage.context().newPage()
    await own.goto(`${frame.url}/frame?projectId=${PROJECT_ID}`)
    await expect.poll(() => own.locator('body').textContent()).toBe('W3mFrame: parent is not set')
    const share = await own.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('portico-frame')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const store = db.transaction('keys').objectStore('keys')
      const read = <T>(request: IDBRequest<T>) => new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)))
      const keys = (await read(store.getAllKeys())) as string[]
      const slot = keys.find((key) => key.startsWith('share:') && key.endsWith(':eip155'))!
      const [, userId, namespace] = slot.split(':')
      const tx = db.transaction('keys').objectStore('keys')
      const wrappingKey = (await read(tx.get('wrappingKey'))) as CryptoKey
      const wrapped = (await read(tx.get(slot))) as { iv: Uint8Array<ArrayBuffer>; data: Uint8Array<ArrayBuffer> }
      const plain = new Uint8Array(
        await crypto.subtle.decrypt({ name: 'AES-GCM', iv: wrapped.iv, additionalData: new TextEncoder().encode(`${userId}/${namespace}`) }, wrappingKey, wrapped.data),
      )
      const hex = [...plain].map((b) => b.toString(16).padStart(2, '0')).join('')
      return {
        hex,
        base64: btoa(String.fromCharCode(...plain)),
        decimal: [...plain].join(','),
        extractable: wrappingKey.extractable,
        wrappedHex: [...wrapped.data].map((b) => b.toString(16).padStart(2, '0')).join(''),
      }
    })
    await own.close()
    expect(share.hex).toHaveLength(66)
    expect(share.extractable).toBe(false)

    const stored = await hostStorage(firstPage)
    // The search does look at what the host keeps: its host token and the frame's reply (the address) are there.
    expect(stored).toContain('@portico/host-token')
    for (const form of [share.hex, share.base64, share.decimal, share.wrappedHex, share.hex.slice(2, 34)]) {
      expect(stored.toLowerCase()).not.toContain(form.toLowerCase())
    }
  })
})

describe('reload on request', () => {
  it('RELOAD reloads the frame page (a new READY) and the session is still there', async () => {
    const readyBefore = await frameTest(firstPage, (test) => test.events.filter((event) => event.type === '@portico-frame/READY').length)
    await value(firstPage, 'RELOAD', undefined)
    await expect.poll(() => frameTest(firstPage, (test) => test.events.filter((event) => event.type === '@portico-frame/READY').length), { timeout: 15_000 }).toBe(readyBefore + 1)
    await expect.poll(() => value(firstPage, 'IS_CONNECTED', {}).catch(() => ({ isConnected: 'pending' })), { timeout: 15_000 }).toEqual({ isConnected: true })
  })
})

describe('restore and a second device', () => {
  it('after a reload the session is back with the stored host token and no new code; signing still works on this device', async () => {
    const mailsBefore = ((await (await fetch(`${mailbox.url}/api/messages?to=${encodeURIComponent(email)}`)).json()) as unknown[]).length
    await firstPage.reload()
    await loadFrame(firstPage)
    const token = await firstPage.evaluate(() => localStorage.getItem('@portico/host-token'))
    expect(await value(firstPage, 'IS_CONNECTED', { token: token! })).toEqual({ isConnected: true })
    expect((await value(firstPage, 'GET_USER', { chainId: 31337 })).address).toBe(address)
    const outcome = await approveInFrame(firstPage, { method: 'personal_sign', params: [toHex('after reload'), address], caipNetworkId: 'eip155:31337' })
    if (!outcome.ok) throw new Error(outcome.error)
    expect(await verifyMessage({ address, message: 'after reload', signature: outcome.value.result as Hex })).toBe(true)
    const mailsAfter = ((await (await fetch(`${mailbox.url}/api/messages?to=${encodeURIComponent(email)}`)).json()) as unknown[]).length
    expect(mailsAfter).toBe(mailsBefore)
  })

  it('a second browser context is a new device: it must approve the device, is held until the first device approves it inside its frame, then recovers the same address and signs for it', async () => {
    const context = await browser.newContext()
    contexts.push(context)
    // Its clock (time still flows) is moved past the held frame's 5 s retry below rather than waited out.
    await context.clock.install()
    const { page } = await openHost(context)
    await loadFrame(page)
    const t0 = Date.now()
    // The code is right, but the server gives a new device no key share on its own.
    await expect(login(page, email)).rejects.toThrow(/CONNECT_OTP failed: Approve this device on a device you already use, or wait until/)
    // The first device approves it in its frame's own panel (the host can only show the frame).
    await frameTest(firstPage, (test) => test.show())
    const review = ask(firstPage, 'REVIEW_DEVICES', undefined)
    await approvalPanel(firstPage).getByRole('button', { name: 'Approve' }).click()
    expect(await review).toEqual({ ok: true, value: { approved: 1, refused: 0 } })
    await frameTest(firstPage, (test) => test.hide())
    // The new device asks again by itself (every 5 s), splits the key anew and says so.
    await page.clock.fastForward(5_000)
    const released = () => frameTest(page, (test) => test.events.some((event) => event.type === '@portico-frame/DEVICE_RELEASED'))
    await expect.poll(released, { timeout: 30_000 }).toBe(true)
    console.log(`[frame e2e] new-device login with consent and key recovery ${Date.now() - t0} ms`)
    expect((await value(page, 'GET_USER', { chainId: 31337 })).address).toBe(address)
    const outcome = await approveInFrame(page, { method: 'personal_sign', params: [toHex('second device'), address], caipNetworkId: 'eip155:31337' })
    if (!outcome.ok) throw new Error(outcome.error)
    expect(await verifyMessage({ address, message: 'second device', signature: outcome.value.result as Hex })).toBe(true)
  })

  it('sign out ends the session in the frame; the device stays known (the next login asks only for a code)', async () => {
    expect(await value(firstPage, 'SIGN_OUT', undefined)).toEqual({})
    expect(await value(firstPage, 'IS_CONNECTED', {})).toEqual({ isConnected: false })
    expect(await ask(firstPage, 'GET_USER', { chainId: 31337 })).toEqual({ ok: false, error: 'Not signed in' })
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(await login(firstPage, email)).toEqual(['VERIFY_OTP', 'CONNECTED'])
    expect((await value(firstPage, 'GET_USER', { chainId: 31337 })).address).toBe(address)
  })
})

describe('a frame that does not load', () => {
  it("rejects load() with 'Unable to load email login dependency' (unknown project: the server refuses the page)", async () => {
    const context = await browser.newContext()
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(`${host.url}/index.html?frameUrl=${encodeURIComponent(frame.url)}&projectId=unknown-project`)
    const t0 = Date.now()
    const error = await page.evaluate(() =>
      (window as unknown as { frameTest: FrameTest }).frameTest.load().then(
        () => 'loaded',
        (e: { shortMessage?: string }) => e.shortMessage,
      ),
    )
    expect(error).toBe('Unable to load email login dependency')
    console.log(`[frame e2e] refused frame -> load() rejected in ${Date.now() - t0} ms`)
    expect(await page.locator('#w3m-iframe').count()).toBe(0)
  })
})
