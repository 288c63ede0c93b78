// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type PorticoKit, createKernel, createMemoryBackend, defineNetwork } from '../../kernel/index.ts'
import { eip155Plugin } from '../../plugins/namespaces/eip155/index.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { createTestWallet } from '../../test/peers/testWallet.ts'

// The three elements against a real kit, a real Hardhat node and the EIP-6963 test
// wallet. Custom element names are page-wide, so this file defines them once, for
// one kit. Port 8565 belongs to this file.
const RDNS = 'org.portico.elements'
const ICON = 'https://icons.example/ethereum.png'
let node: HardhatNode
let kit: PorticoKit
let approveConnect: () => void = () => undefined

const local = () => hardhatNetwork(node.url)
const pictured = defineNetwork({
  id: 8453,
  chainNamespace: 'eip155',
  name: 'Pictured',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
  assets: { imageUrl: ICON },
})
const scripted = defineNetwork({
  id: 10,
  chainNamespace: 'eip155',
  name: 'Scripted',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
  assets: { imageUrl: 'javascript:alert(1)' },
})

beforeAll(async () => {
  node = await startHardhat({ port: 8565 })
  kit = createKernel(
    { projectId: 'elements', networks: [local(), pictured, scripted], plugins: [eip155Plugin()], features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      logger: { warn: () => undefined, error: () => undefined },
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
    },
  )
  // The wallet holds the connect prompt until the test answers it, so "Connecting…" can be seen.
  const wallet = createTestWallet({
    name: 'Elements Wallet',
    rdns: RDNS,
    rpcUrls: { 31337: node.url },
    privateKey: HARDHAT_ACCOUNT_0.privateKey,
    knownChainIds: [31337],
    approve: (method) => (method === 'eth_requestAccounts' ? new Promise<boolean>((resolve) => (approveConnect = () => resolve(true))) : true),
  })
  wallet.announce()
})

afterAll(async () => {
  kit?.destroy()
  await node?.stop()
})

afterEach(async () => {
  document.body.replaceChildren()
  kit.close()
  if (kit.chains.isConnected()) await kit.disconnect()
  await kit.switchNetwork(local())
  kit.setThemeMode('dark')
  kit.setLocale('en')
})

function place(html: string): HTMLElement {
  document.body.insertAdjacentHTML('beforeend', html)
  return document.body.lastElementChild as HTMLElement
}

/** The element's one control, from its open shadow root. */
function buttonOf(element: HTMLElement): HTMLButtonElement {
  const button = element.shadowRoot?.querySelector('button')
  if (!button) throw new Error(`<${element.localName}> has no button in an open shadow root`)
  return button
}

/** Connects the way the Connect view does; returns once the wallet is asking, with the connection under way. */
async function startConnecting(): Promise<{ connected: Promise<void> }> {
  await kit.plugins.load('eip155')
  const connected = kit.connect({ connectorId: RDNS, namespace: 'eip155' })
  await vi.waitFor(() => expect(kit.chains.activeAccount()?.status).toBe('connecting'))
  return { connected }
}

describe('definePorticoElements', () => {
  it('nothing is defined by importing the entry; definePorticoElements defines the three, once per kit', async () => {
    const entry = await import('../../entries/portico.ts')
    for (const name of ['portico-button', 'portico-account-button', 'portico-network-button']) {
      expect(customElements.get(name), name).toBeUndefined()
    }
    entry.definePorticoElements(kit)
    for (const name of ['portico-button', 'portico-account-button', 'portico-network-button']) {
      expect(customElements.get(name), name).toBeDefined()
    }
    expect(() => entry.definePorticoElements(kit)).not.toThrow()
    const other = createKernel({ projectId: 'other', networks: [local()], features: { analytics: false } }, { storage: createMemoryBackend() })
    expect(() => entry.definePorticoElements(other)).toThrow('<portico-button> is already defined for another kit on this page')
    other.destroy()
  })
})

describe('<portico-button>', () => {
  it('without attributes: a real button named "Connect Wallet" in an open shadow root that opens the modal on Connect', () => {
    const element = place('<portico-button></portico-button>')
    const button = buttonOf(element)
    expect(element.shadowRoot?.mode).toBe('open')
    expect(button.type).toBe('button')
    expect(button.textContent).toBe('Connect Wallet')
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(button.disabled).toBe(false)
    button.focus()
    expect(element.shadowRoot?.activeElement).toBe(button)
    button.click()
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.router.current().view).toBe('Connect')
    expect(button.getAttribute('aria-expanded')).toBe('true')
  })

  it('the label attribute replaces "Connect Wallet", and a change of it shows at once', () => {
    const element = place('<portico-button label="Sign in"></portico-button>')
    expect(buttonOf(element).textContent).toBe('Sign in')
    element.setAttribute('label', 'Log in')
    expect(buttonOf(element).textContent).toBe('Log in')
  })

  it('follows a real connection live: Connecting… while the wallet asks, then balance (3 decimals, symbol) and address (4 + 6), opening Account', async () => {
    const element = place('<portico-button></portico-button>')
    const { connected } = await startConnecting()
    expect(buttonOf(element).textContent).toBe('Connecting…')
    expect(buttonOf(element).dataset.state).toBe('connecting')
    approveConnect()
    await connected
    // Hardhat's account #0 starts with 10000 ETH on a fresh node.
    await vi.waitFor(() => expect(buttonOf(element).textContent).toBe('10,000 ETH0xf3…b92266'))
    const parts = [...buttonOf(element).querySelectorAll('[data-part]')].map((span) => [(span as HTMLElement).dataset.part, span.textContent])
    expect(parts).toEqual([
      ['balance', '10,000 ETH'],
      ['address', '0xf3…b92266'],
    ])
    buttonOf(element).click()
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.router.current().view).toBe('Account')
  })

  it('shows a balance cut (not rounded) to 3 decimals, and balance="hide" leaves it out', async () => {
    const element = place('<portico-button></portico-button>')
    const { connected } = await startConnecting()
    approveConnect()
    await connected
    await vi.waitFor(() => expect(kit.chains.activeAccount()?.balance).toBeDefined())
    kit.chains.updateAccount('eip155', { balance: '1.23999', balanceSymbol: 'ETH' })
    expect(buttonOf(element).querySelector('[data-part="balance"]')?.textContent).toBe('1.239 ETH')
    element.setAttribute('balance', 'hide')
    expect(buttonOf(element).textContent).toBe('0xf3…b92266')
  })

  it('returns to "Connect Wallet" when the wallet disconnects', async () => {
    const element = place('<portico-button></portico-button>')
    const { connected } = await startConnecting()
    approveConnect()
    await connected
    await kit.disconnect()
    expect(buttonOf(element).textContent).toBe('Connect Wallet')
    expect(buttonOf(element).dataset.state).toBe('disconnected')
  })

  it('lets go of the kit when removed from the page and catches up when put back', async () => {
    const element = place('<portico-button></portico-button>')
    element.remove()
    const { connected } = await startConnecting()
    approveConnect()
    await connected
    kit.setThemeMode('light')
    expect(buttonOf(element).textContent).toBe('Connect Wallet')
    expect(element.dataset.theme).toBe('dark')
    kit.open()
    expect(buttonOf(element).getAttribute('aria-expanded')).toBe('false')
    document.body.append(element)
    expect(buttonOf(element).textContent).toMatch(/0xf3…b92266$/)
    expect(element.dataset.theme).toBe('light')
    expect(buttonOf(element).getAttribute('aria-expanded')).toBe('true')
  })

  it("follows the kit's locale: its label once the locale's opener file is in, with lang and dir (rtl for ar)", async () => {
    const element = place('<portico-button></portico-button>')
    expect([element.lang, element.dir]).toEqual(['en', 'ltr'])
    kit.setLocale('ar')
    await vi.waitFor(() => expect(buttonOf(element).textContent).toBe('ربط المحفظة'))
    expect([element.lang, element.dir]).toEqual(['ar', 'rtl'])
    kit.setLocale('en')
    expect(buttonOf(element).textContent).toBe('Connect Wallet')
    expect([element.lang, element.dir]).toEqual(['en', 'ltr'])
  })

  it("follows the kit's theme live: mode as data-theme, --portico-* variables on the element", () => {
    const element = place('<portico-button></portico-button>')
    expect(element.dataset.theme).toBe('dark')
    kit.setThemeMode('light')
    kit.setThemeVariables({ '--portico-accent': 'rebeccapurple' })
    expect(element.dataset.theme).toBe('light')
    expect(element.style.getPropertyValue('--portico-accent')).toBe('rebeccapurple')
  })
})

describe('<portico-account-button>', () => {
  it('acts as <portico-button> while disconnected and shows the account once connected', async () => {
    const element = place('<portico-account-button></portico-account-button>')
    expect(buttonOf(element).textContent).toBe('Connect Wallet')
    buttonOf(element).click()
    expect(kit.router.current().view).toBe('Connect')
    kit.close()
    const { connected } = await startConnecting()
    expect(buttonOf(element).textContent).toBe('Connecting…')
    approveConnect()
    await connected
    await vi.waitFor(() => expect(buttonOf(element).textContent).toBe('10,000 ETH0xf3…b92266'))
    buttonOf(element).click()
    expect(kit.router.current().view).toBe('Account')
  })
})

describe('<portico-network-button>', () => {
  it("shows the active network's name, follows a switch live, and opens the Networks view", async () => {
    const element = place('<portico-network-button></portico-network-button>')
    const button = buttonOf(element)
    expect(button.textContent).toBe('Hardhat')
    expect(button.getAttribute('aria-label')).toBe('Hardhat, switch network')
    expect(button.querySelector('img')).toBeNull()
    await kit.switchNetwork(pictured)
    expect(button.textContent).toBe('Pictured')
    expect(button.getAttribute('aria-label')).toBe('Pictured, switch network')
    button.click()
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.router.current().view).toBe('Networks')
  })

  it("shows the network's icon when its URL is safe, and drops a javascript: one", async () => {
    const element = place('<portico-network-button></portico-network-button>')
    await kit.switchNetwork(pictured)
    const img = buttonOf(element).querySelector('img')
    expect(img?.getAttribute('src')).toBe(ICON)
    expect(img?.alt).toBe('')
    await kit.switchNetwork(scripted)
    expect(buttonOf(element).textContent).toBe('Scripted')
    expect(buttonOf(element).querySelector('img')).toBeNull()
  })
})
