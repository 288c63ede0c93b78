// The demo's on-ramp stand-ins (demo/peers/onrampStandIn.mjs) without a chain: what a page
// shows from the URL Portico builds, what it refuses, and the CSP it is served under. Their
// delivery on Hardhat is in test/e2e/onramp.e2e.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OnRampStandIn, startOnRampStandIn } from '../../../demo/peers/onrampStandIn.mjs'
import { providerUrl } from '../../../plugins/onramp/onrampUrls.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
let standIn: OnRampStandIn

beforeAll(async () => {
  // No node behind it: these tests never buy.
  standIn = await startOnRampStandIn({ port: 0, rpcUrl: 'http://127.0.0.1:1' })
})
afterAll(() => standIn?.close())

const fields = (html: string) => Object.fromEntries([...html.matchAll(/<dd data-field="(\w+)">([^<]*)<\/dd>/g)].map((match) => [match[1], match[2]]))

describe('on-ramp stand-ins', () => {
  it("Coinbase's shows the address, network, asset and amount of Portico's URL, with a Buy form, under a CSP without script", async () => {
    const url = providerUrl(
      { id: 'coinbase', url: `${standIn.url}/coinbase` },
      { address: ADDRESS, network: { caipNetworkId: 'eip155:31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }, presetAmount: 100 },
    )
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
    const html = await response.text()
    expect(fields(html)).toEqual({ address: ADDRESS, network: 'ethereum', asset: 'ETH', amount: '100 USD' })
    expect(html).toContain('<form method="post" action="/coinbase/buy">')
    expect(html).not.toContain('<script')
  })

  it("Meld's for a Solana address shows it and offers nothing to buy (it delivers on Hardhat only)", async () => {
    const url = providerUrl(
      { id: 'meld', url: `${standIn.url}/meld` },
      { address: SOL, network: { caipNetworkId: 'solana:localnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } } },
    )
    const html = await (await fetch(url)).text()
    expect(fields(html)).toEqual({ address: SOL, asset: 'SOL', amount: 'not preset' })
    expect(html).not.toContain('<form')
  })

  it('refuses a link Portico does not build, a bad purchase and an unknown provider, with a reason; escapes what it echoes', async () => {
    const bad = await fetch(`${standIn.url}/coinbase?addresses=not-json&assets=%5B%22ETH%22%5D&defaultNetwork=base&defaultAsset=ETH`)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('addresses: must be JSON')
    const form = await fetch(`${standIn.url}/coinbase/buy`, { method: 'POST', body: new URLSearchParams({ address: 'bob', amount: '100' }) })
    expect(form.status).toBe(400)
    expect(await form.text()).toContain('address: must be an EVM address')
    expect((await fetch(`${standIn.url}/moonpay`)).status).toBe(404)
    const echoed = await (await fetch(`${standIn.url}/meld?walletAddress=%3Cimg%20src%3Dx%3E&destinationCurrencyCode=ETH`)).text()
    expect(echoed).toContain('&#60;img src=x&#62;')
    expect(echoed).not.toContain('<img')
  })
})
