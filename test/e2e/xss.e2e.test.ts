// Issue 18: hostile strings (test/e2e/xssCorpus.ts) in every untrusted text the modal shows,
// in real Chromium through the demo: EIP-6963 and Solana Wallet Standard wallet names and
// icons, a registered name and an ENS name, ERC20 names and symbols and an NFT collection's name
// read from the chain by the Blockchain API (Tokens, NFTs, Activity), and a frame's error texts
// and social login page. Nothing may run and nothing may become markup: the text shows as text.
// The demo is served WITHOUT its CSP here: under the CSP an injected handler would be
// blocked and the test could not tell an escaped string from a blocked injection.
// Ports: 8545/8546 (the demo's chains), 8702 (the API); the frame's 8700 is answered by the
// test itself (a hostile frame), no server listens there.
import type { Browser, Page } from 'playwright-core'
import { type Address, createPublicClient, createWalletClient, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { demoTokenArtifacts } from '../../demo/peers/deployTokens.mjs'
import { mainnet } from '../../entries/portico.ts'
import { nodeTransport } from '../../demo/peers/nodeTransport.mjs'
import { startDemoApi } from '../../demo/peers/api.ts'
import type { ApiServer } from '../../servers/api/index.ts'
import { registerName } from '../../servers/api/names/registry.ts'
import { type OpenedDatabase, openDatabase } from '../../servers/db/index.ts'
import { HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatNode } from '../peers/hardhat.ts'
import { installBitcoinTestWallet } from '../peers/bitcoinTestWallet.ts'
import { installEnsResolver } from '../peers/ensResolver.ts'
import { installSolanaTestWallet } from '../peers/solanaTestWallet.ts'
import { installTestWallet } from '../peers/testWallet.ts'
import { launchBrowser, type DemoServer, type RecordedPage } from './harness.ts'
import { startDemoChains } from './evmSupport.ts'
import { type PrivateDemo, assertCleanPage, buildPrivateDemo, inModal, openPage, pendingApproval, startPrivateDemo, waitForModal, waitForView } from './modalHarness.ts'
import { HUGE_STRING, JAVASCRIPT_ICON, SCRIPTED_SVG_ICON, XSS_FLAG, XSS_PAYLOADS, type XssReport, recordDialogs, xssReport } from './xssCorpus.ts'

const PAYLOADS = Object.entries(XSS_PAYLOADS)
const SOLANA_NAMES = [XSS_PAYLOADS.imgOnerror, XSS_PAYLOADS.svgOnload, XSS_PAYLOADS.attributeBreakout].map((payload) => `Sol ${payload}`)
const BITCOIN_NAMES = [XSS_PAYLOADS.script, XSS_PAYLOADS.iframeSrcdoc].map((payload) => `Btc ${payload}`)
/** The registered name of Hardhat account #0, written straight into the API's registry (a registration would refuse it). */
const HOSTILE_NAME = XSS_PAYLOADS.attributeBreakout

let browser: Browser
let build: PrivateDemo
let demo: DemoServer
let api: ApiServer
let database: OpenedDatabase
let chains: [HardhatNode, HardhatNode]
const pages: RecordedPage[] = []

beforeAll(async () => {
  chains = await startDemoChains()
  ;[build, browser] = await Promise.all([buildPrivateDemo(), launchBrowser()])
  demo = await startPrivateDemo(build, { csp: false, api: false })
  // The API's own database, so the test can put a hostile registered name in it as a row.
  database = await openDatabase({ memory: true })
  api = await startDemoApi({ hostOrigins: [new URL(demo.url).origin], db: database.db })
  await registerName(database.db, {
    name: HOSTILE_NAME,
    coinType: (0x80000000 | 31337) >>> 0,
    chainId: 'eip155:31337',
    address: HARDHAT_ACCOUNT_0.address,
    attributes: {},
    message: '{}',
    signature: '0x',
  })
}, 180_000)
afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context.close().catch(() => undefined)))
})
afterAll(async () => {
  await browser?.close()
  await api?.close()
  await database?.close()
  await demo?.close()
  await Promise.all((chains ?? []).map((node) => node?.stop()))
  await build?.dispose()
})

async function open(before?: (page: Page) => Promise<unknown>): Promise<RecordedPage & { dialogs: string[] }> {
  const recorded = await openPage(browser, new URL('/?devwallet=off', demo.url).href, { before })
  pages.push(recorded)
  return { ...recorded, dialogs: recordDialogs(recorded.page) }
}

/** Nothing ran, nothing became markup, no dialog opened; `shown` must each appear as text. */
function expectInert(report: XssReport, dialogs: readonly string[], shown: readonly string[]): void {
  expect(report.ran).toBe(false)
  expect(dialogs).toEqual([])
  expect(report.injected).toEqual([])
  expect(report.imageSources.filter((src) => /^javascript:/i.test(src))).toEqual([])
  for (const text of shown) expect(report.text, `shown as text: ${text}`).toContain(text)
}

describe('the detector', () => {
  it('sees a payload put into the modal as markup: it runs (no CSP on this page) and shows as an injected element', async () => {
    const { page } = await open()
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await page.evaluate((markup) => {
      document.querySelector('portico-modal')!.shadowRoot!.querySelector('dialog')!.insertAdjacentHTML('beforeend', markup)
    }, XSS_PAYLOADS.imgOnerror)
    await expect.poll(async () => (await xssReport(page)).ran).toBe(true)
    expect((await xssReport(page)).injected).toEqual([expect.stringContaining('<img src="x" onerror=')])
  })
})

describe('hostile EIP-6963 announcements', () => {
  it('names from the corpus (EIP-6963, Solana and Bitcoin Wallet Standard) show as text on Connect and while connecting; scripted SVG icons stay images, javascript: icons are dropped, a 100 000-character name is refused', async () => {
    const wallets = PAYLOADS.map(([key, name], index) => ({
      name,
      rdns: `org.xss.${key.toLowerCase()}`,
      icon: index % 2 === 0 ? SCRIPTED_SVG_ICON : JAVASCRIPT_ICON,
    }))
    const prompt = pendingApproval(true)
    const recorded = await open(async (page) => {
      for (const info of [...wallets, { name: HUGE_STRING, rdns: 'org.xss.huge', icon: SCRIPTED_SVG_ICON }]) {
        await installTestWallet(page, {
          ...info,
          privateKey: HARDHAT_ACCOUNT_0.privateKey,
          rpcUrls: { 31337: chains[0].url },
          knownChainIds: [31337],
          approve: prompt.approve,
        })
      }
      // Wallet Standard (Solana, Bitcoin) names too: their own prefix, so each is found as its own text.
      for (const name of SOLANA_NAMES) await installSolanaTestWallet(page, { name, rpcUrl: 'http://127.0.0.1:8899', icon: SCRIPTED_SVG_ICON })
      for (const name of BITCOIN_NAMES) await installBitcoinTestWallet(page, { name, icon: SCRIPTED_SVG_ICON })
    })
    const { page, dialogs } = recorded
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    const imgOnerror = inModal(page).getByRole('button', { name: XSS_PAYLOADS.imgOnerror, exact: true })
    await imgOnerror.waitFor()
    // Connect lists wallets a page at a time: show them all.
    const more = inModal(page).getByRole('button', { name: /More wallets/ })
    while ((await more.count()) > 0) await more.click()
    expectInert(await xssReport(page), dialogs, [...PAYLOADS.map(([, name]) => name), ...SOLANA_NAMES, ...BITCOIN_NAMES])
    expect((await xssReport(page)).text).not.toContain('W'.repeat(1_000))
    // Scripted SVG icons are kept as <img> sources, where SVG script never runs.
    expect((await xssReport(page)).imageSources.filter((src) => src.startsWith('data:image/svg+xml')).length).toBeGreaterThan(0)

    await imgOnerror.click()
    await waitForView(page, 'ConnectingExternal')
    await prompt.wasAsked
    expectInert(await xssReport(page), dialogs, [`Continue in ${XSS_PAYLOADS.imgOnerror}`])
    prompt.answer(true)
    await waitForModal(page, false)
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Account')
    expectInert(await xssReport(page), dialogs, [])
    assertCleanPage(recorded)
  })
})

/** A DemoToken (test/peers/contracts/DemoTokens.sol) named and symbolled by the corpus, funding Hardhat account #0. */
async function deployHostileToken(name: string, symbol: string): Promise<Address> {
  const { DemoToken } = demoTokenArtifacts()
  const wallet = createWalletClient({ account: privateKeyToAccount(HARDHAT_ACCOUNT_1.privateKey), transport: nodeTransport(chains[0].url) })
  const hash = await wallet.deployContract({
    abi: DemoToken.abi,
    bytecode: DemoToken.bytecode,
    args: [name, symbol, 18, [HARDHAT_ACCOUNT_0.address], parseUnits('7', 18)],
    chain: null,
  })
  const receipt = await createPublicClient({ transport: nodeTransport(chains[0].url) }).waitForTransactionReceipt({ hash })
  return receipt.contractAddress!
}

/** A DemoCollectible (ERC721) named by the corpus, its token #1 minted to Hardhat account #0. */
async function deployHostileCollectible(name: string): Promise<void> {
  const { DemoCollectible } = demoTokenArtifacts()
  const wallet = createWalletClient({ account: privateKeyToAccount(HARDHAT_ACCOUNT_1.privateKey), transport: nodeTransport(chains[0].url) })
  const hash = await wallet.deployContract({ abi: DemoCollectible.abi, bytecode: DemoCollectible.bytecode, args: [name, 'XNFT', [HARDHAT_ACCOUNT_0.address]], chain: null })
  await createPublicClient({ transport: nodeTransport(chains[0].url) }).waitForTransactionReceipt({ hash })
}

/** The collection's name: the NFT rows show it, and "<name> #1" names the token and its mint in Activity. */
const HOSTILE_COLLECTION = XSS_PAYLOADS.iframeSrcdoc

describe('hostile names, ERC20 names and symbols, NFT collection names (served by the Blockchain API)', () => {
  it("the account's registered name in the Account view, the Tokens, NFTs and Activity tabs show each as text; nothing runs", async () => {
    // Symbols are short on purpose: the rows cut long ones; names carry the longer payloads.
    for (const [, payload] of PAYLOADS) await deployHostileToken(payload, payload.slice(0, 24))
    await deployHostileCollectible(HOSTILE_COLLECTION)
    let wallet: { address: string } | undefined
    const recorded = await open(async (page) => {
      wallet = await installTestWallet(page, {
        name: 'XSS token holder',
        rdns: 'org.xss.holder',
        privateKey: HARDHAT_ACCOUNT_0.privateKey,
        rpcUrls: { 31337: chains[0].url },
        knownChainIds: [31337],
      })
    })
    const { page, dialogs } = recorded
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('button', { name: 'XSS token holder' }).click()
    await waitForModal(page, false)
    expect(wallet).toBeDefined()
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Account')
    await expect.poll(async () => (await xssReport(page)).text.includes(HOSTILE_NAME), { timeout: 20_000 }).toBe(true)
    expectInert(await xssReport(page), dialogs, [HOSTILE_NAME])
    await inModal(page).getByRole('tab', { name: 'Tokens', exact: true }).click()
    await expect.poll(async () => (await xssReport(page)).text.includes(XSS_PAYLOADS.rtlOverride.slice(0, 24)), { timeout: 20_000 }).toBe(true)
    expectInert(
      await xssReport(page),
      dialogs,
      PAYLOADS.map(([, payload]) => payload.slice(0, 24)),
    )

    await inModal(page).getByRole('tab', { name: 'NFTs', exact: true }).click()
    await expect.poll(async () => (await xssReport(page)).text.includes(`${HOSTILE_COLLECTION} #1`), { timeout: 20_000 }).toBe(true)
    expectInert(await xssReport(page), dialogs, [`${HOSTILE_COLLECTION} #1`])

    await inModal(page).getByRole('tab', { name: 'Activity', exact: true }).click()
    await expect.poll(async () => (await xssReport(page)).text.includes(XSS_PAYLOADS.script.slice(0, 24)), { timeout: 20_000 }).toBe(true)
    // The NFT's mint row names it by its collection.
    expectInert(await xssReport(page), dialogs, [`${HOSTILE_COLLECTION} #1`])
    assertCleanPage(recorded)
  })
})

describe('a hostile ENS name (the eip155 adapter reads it from the chain)', () => {
  it("an account's ENS name from the corpus, read through the Universal Resolver on Ethereum, shows as text in the Account view; nothing runs", async () => {
    // The ENS stand-in at mainnet's Universal Resolver address, on the demo's first node; the
    // demo's Ethereum network (its public RPC) is answered by that node, in this page only.
    const ensName = `${XSS_PAYLOADS.anchorJavascript}.eth`
    const setName = await installEnsResolver(chains[0].url, HARDHAT_ACCOUNT_0.address)
    await setName(HARDHAT_ACCOUNT_1.address, ensName)
    const mainnetRpc = mainnet.rpcUrls.default.http[0]!
    const recorded = await open(async (page) => {
      await page.route(`${mainnetRpc}/**`, async (route) => route.fulfill({ response: await route.fetch({ url: chains[0].url }) }))
      await page.route(mainnetRpc, async (route) => route.fulfill({ response: await route.fetch({ url: chains[0].url }) }))
      await installTestWallet(page, {
        name: 'XSS ENS holder',
        rdns: 'org.xss.ens',
        privateKey: HARDHAT_ACCOUNT_1.privateKey,
        rpcUrls: { 31337: chains[0].url, 1: chains[0].url },
        knownChainIds: [31337, 1],
      })
    })
    const { page, dialogs } = recorded
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('button', { name: 'XSS ENS holder' }).click()
    await waitForModal(page, false)
    // Connected on the demo's default network (Hardhat, a testnet: no ENS there); then Ethereum.
    await page.getByRole('button', { name: 'Open Networks view' }).click()
    await waitForView(page, 'Networks')
    await inModal(page).getByRole('button', { name: mainnet.name }).click()
    await waitForModal(page, false)
    await expect.poll(() => page.getByTestId('network-chain-id').textContent()).toBe('1')
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Account')
    await expect.poll(async () => (await xssReport(page)).text.includes(ensName), { timeout: 20_000 }).toBe(true)
    expectInert(await xssReport(page), dialogs, [ensName])
    // Not assertCleanPage: the page did ask the Ethereum network's public address (answered locally above).
    // The demo's Blockchain API serves only the demo's chains: its 400 for Ethereum's balances
    // (when the Tokens tab asks before this check) is the browser's log of that answer, not an error of the page.
    const apiRefusedEthereum = (line: string) => /status of 400 .*\/v1\/balance\/0x[0-9a-fA-F]{40}\?chainId=eip155%3A1&/.test(line)
    expect(recorded.consoleErrors.filter((line) => !apiRefusedEthereum(line))).toEqual([])
  })
})

/**
 * A frame on the frame server's address that says READY and answers each request with `message`
 * as its error, except those `answers` names, which succeed with the payload given.
 */
function hostileFrame(message: string, answers: Record<string, unknown> = {}): string {
  const script = `
    const message = ${JSON.stringify(message).replace(/</g, '\\u003c')};
    const ok = { IS_CONNECTED: { isConnected: false }, SYNC_THEME: {}, SYNC_DAPP_DATA: {}, ...${JSON.stringify(answers).replace(/</g, '\\u003c')} };
    parent.postMessage({ type: '@portico-frame/READY', payload: { version: 4 } }, '*');
    addEventListener('message', (event) => {
      const { id, type } = event.data ?? {};
      if (!id || typeof type !== 'string') return;
      const name = type.slice('@portico-app/'.length);
      const answer = name in ok ? { type: '@portico-frame/' + name + '_SUCCESS', payload: ok[name] } : { type: '@portico-frame/' + name + '_ERROR', payload: { message } };
      parent.postMessage({ id, ...answer }, '*');
    });`
  return `<!doctype html><html><head><meta charset="utf-8"><title>frame</title></head><body><script>${script}</script></body></html>`
}

describe('hostile frame error texts', () => {
  it("the frame's error for an email login shows as text in the modal; nothing runs", async () => {
    // The error payload is capped at 500 characters: the short payloads fit in one.
    const message = PAYLOADS.map(([, payload]) => payload).join(' | ')
    expect(message.length).toBeLessThanOrEqual(500)
    const recorded = await open(async (page) => {
      await page.route('http://127.0.0.1:8700/frame**', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostileFrame(message) }))
    })
    const { page, dialogs } = recorded
    await page.getByTestId('open-modal').click()
    await waitForView(page, 'Connect')
    await inModal(page).getByRole('textbox', { name: 'Email' }).fill('visitor@example.com')
    await inModal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await expect.poll(async () => (await xssReport(page)).text.includes(XSS_PAYLOADS.svgOnload), { timeout: 20_000 }).toBe(true)
    expectInert(await xssReport(page), dialogs, [XSS_PAYLOADS.imgOnerror, XSS_PAYLOADS.script, XSS_PAYLOADS.attributeBreakout])
    assertCleanPage(recorded)
  })

  it('a social login page the frame names as a javascript: (or data:) URL is refused: the same-origin popup is not sent there, nothing runs, the button works again', async () => {
    for (const uri of [`javascript:opener.${XSS_FLAG}=1`, `data:text/html,<script>opener.${XSS_FLAG}=1</script>`]) {
      const recorded = await open(async (page) => {
        await page.route('http://127.0.0.1:8700/frame**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostileFrame('refused', { GET_SOCIAL_REDIRECT_URI: { uri } }) }),
        )
      })
      const { page, dialogs } = recorded
      await page.getByTestId('open-modal').click()
      await waitForView(page, 'Connect')
      const popupOpened = page.waitForEvent('popup')
      const button = inModal(page).getByRole('button', { name: 'Continue with Google' })
      await button.click()
      const popup = await popupOpened
      await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true)
      await expect.poll(() => button.isEnabled()).toBe(true)
      expectInert(await xssReport(page), dialogs, [])
      expect((await page.getByTestId('account-connected').textContent())?.trim()).toBe('false')
    }
  })
})
