// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { type PorticoKit, type PorticoOptions, porticoCookieToInitialState } from '../../kernel/index.ts'
import { connectAccount, createTestKit } from '../../shell/test/testKit.ts'
import { accountButton } from './accountButton.ts'
import { porticoElement } from './porticoElement.ts'

// <portico-button initial-state> (ssr: true, server-rendered or plain HTML written with the
// cookie): the cookie's address from the first paint until the kit's restore settles, then
// the kit's own state, as <PorticoProvider initialState> does (shell/provider/initialState.test.tsx).
// Each test defines the account button for a fresh kit under a name of its own (element names
// are page-wide), and places it before that kit's restore has settled, as a page's script does.

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'
const OTHER = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd'
const COOKIE = `theme=dark; portico.state=eip155:1:${ADDRESS}`

const kits: PorticoKit[] = []
let defined = 0
afterEach(() => {
  document.body.replaceChildren()
  kits.splice(0).forEach((kit) => kit.destroy())
})

/** A fresh kit (mainnet, no stored connection) and the account button's element for it, placed with `attributes`. */
function placeButton(attributes: string, options: Partial<PorticoOptions> = {}) {
  const kit = createTestKit(options)
  kits.push(kit)
  const name = `test-initial-button-${++defined}`
  customElements.define(name, porticoElement(kit, accountButton))
  document.body.insertAdjacentHTML('beforeend', `<${name} ${attributes}></${name}>`)
  const element = document.body.lastElementChild as HTMLElement
  return { kit, element, button: () => element.shadowRoot!.querySelector('button')! }
}

describe('<portico-button initial-state> (the ssr cookie, written by the server)', () => {
  it("the first paint shows the cookie's address; a cookie the kit does not restore gives Connect Wallet once the restore settles", async () => {
    // What a server writes: the cookie's account, through the cookie's own schema.
    const value = porticoCookieToInitialState(COOKIE)!.caipAddress
    const { kit, button } = placeButton(`initial-state="${value}"`)
    expect(button().textContent).toBe('0x12…345678')
    expect(button().dataset.state).toBe('connected')
    // This kit has no stored connection: its restore finds nothing to resume.
    await kit.restored
    await Promise.resolve()
    expect(button().textContent).toBe('Connect Wallet')
    expect(button().dataset.state).toBe('disconnected')
  })

  it("the kit's own account replaces the cookie's as soon as the kit has one, with its balance", () => {
    const { kit, button } = placeButton(`initial-state="eip155:1:${ADDRESS}"`)
    expect(button().textContent).toBe('0x12…345678')
    connectAccount(kit, OTHER, { balance: '1.23456', balanceSymbol: 'ETH' })
    expect(button().textContent).toBe('1.234 ETH0xab…efabcd')
  })

  it("the cookie's account shows no balance: the kit has not read one yet", () => {
    const { button } = placeButton(`initial-state="eip155:1:${ADDRESS}"`)
    expect(button().querySelector('[data-part="balance"]')).toBeNull()
    expect(button().querySelector('[data-part="address"]')?.textContent).toBe('0x12…345678')
  })

  it('a forged value is a disconnected visitor: Connect Wallet, never markup', () => {
    for (const forged of ['eip155:1:<img src=x onerror=alert(1)>', 'evil:1:0xabc', '%E0%A4%A', `eip155:1:${'a'.repeat(300)}`, '']) {
      const { element, button } = placeButton('')
      element.setAttribute('initial-state', forged)
      expect(button().textContent, forged).toBe('Connect Wallet')
      expect(button().dataset.state, forged).toBe('disconnected')
      expect(element.shadowRoot!.querySelector('img'), forged).toBeNull()
    }
  })

  it('an account on a namespace the kit does not serve is not shown', () => {
    const { button } = placeButton('initial-state="solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"')
    expect(button().textContent).toBe('Connect Wallet')
  })
})

describe('createPortico({ initialState }) (plain JS: the server handed the cookie’s account to the page)', () => {
  it("a button without initial-state shows the kit's initial account from the first paint, then Connect Wallet once the restore settles", async () => {
    const initialState = porticoCookieToInitialState(COOKIE)
    const { kit, button } = placeButton('', { initialState })
    expect(kit.config.initialState).toEqual({ namespace: 'eip155', caipNetworkId: 'eip155:1', address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}` })
    expect(button().textContent).toBe('0x12…345678')
    expect(button().dataset.state).toBe('connected')
    await kit.restored
    await Promise.resolve()
    expect(button().textContent).toBe('Connect Wallet')
  })

  it('takes the CAIP-10 address alone too (what a server writes into a data attribute)', () => {
    const { button } = placeButton('', { initialState: `eip155:1:${ADDRESS}` })
    expect(button().textContent).toBe('0x12…345678')
  })

  it('a forged value is a disconnected visitor, not a config error; fields that disagree with the address are not believed', () => {
    for (const forged of ['eip155:1:<img src=x onerror=alert(1)>', { caipAddress: 'evil:1:0xabc' }, { address: ADDRESS }, 42, null]) {
      const { kit, element, button } = placeButton('', { initialState: forged as never })
      expect(kit.config.initialState, JSON.stringify(forged)).toBeUndefined()
      expect(button().textContent, JSON.stringify(forged)).toBe('Connect Wallet')
      expect(element.shadowRoot!.querySelector('img')).toBeNull()
    }
    // The address shown is the CAIP-10 address's, whatever the other fields claim.
    const { kit, button } = placeButton('', { initialState: { namespace: 'eip155', caipNetworkId: 'eip155:1', address: OTHER, caipAddress: `eip155:1:${ADDRESS}` } as never })
    expect(kit.config.initialState?.address).toBe(ADDRESS)
    expect(button().textContent).toBe('0x12…345678')
  })

  it("the element's own initial-state wins over the kit's", () => {
    const { button } = placeButton(`initial-state="eip155:1:${OTHER}"`, { initialState: `eip155:1:${ADDRESS}` })
    expect(button().textContent).toBe('0xab…efabcd')
  })
})
