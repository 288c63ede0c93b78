import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { deployDemoTokens } from '../../demo/peers/deployTokens.mjs'
import { DEMO_TOKENS } from '../../demo/peers/tokens.mjs'
import { HARDHAT_ACCOUNT_0, type HardhatNode, rpc, startHardhat } from '../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import type { CaipNetwork } from '../../kernel/chains/network.ts'
import { PorticoError } from '../../kernel/errors/base.ts'
import { ErrorText } from '../../kernel/errors/catalogue.ts'
import { formatUnits } from '../../kernel/wallets/units.ts'
import { MULTICALL3_ADDRESS, createDirectBlockchainApi } from './direct.ts'
import { BlockchainApiErrorText } from './errors.ts'
import { installMulticall3 } from '../../test/peers/multicall3.ts'
import { freePort } from '../../test/peers/freePort.ts'

const [DEMO, DUSD, DPTS] = DEMO_TOKENS
const FRESH = '0x000000000000000000000000000000000000dEaD'

let node: HardhatNode
let network: CaipNetwork

beforeAll(async () => {
  node = await startHardhat({ port: await freePort() })
  await deployDemoTokens(node.url)
  network = hardhatNetwork(node.url)
}, 120_000)

afterAll(() => node?.stop())

afterEach(() => {
  vi.restoreAllMocks()
})

/** The direct API on the node, reading `tokens`; the native balance by eth_getBalance (the adapter's job in a kit). */
const directApi = (tokens: readonly string[]) =>
  createDirectBlockchainApi({
    networks: () => [network],
    nativeBalance: async (address) => ({
      balance: formatUnits(BigInt(await rpc(node.url, 'eth_getBalance', [address, 'latest'])), 18),
      symbol: 'ETH',
    }),
    tokens: () => tokens,
  })

/** The JSON-RPC calls sent over HTTP while `run` runs: one entry per HTTP request, each a list of calls. */
async function recordRequests(run: () => Promise<unknown>) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  await run()
  return fetchSpy.mock.calls.map(([, init]) => {
    const body = JSON.parse(String(init?.body)) as unknown
    return (Array.isArray(body) ? body : [body]) as { method: string; params: [{ to?: string }] }[]
  })
}

const summary = (balances: Awaited<ReturnType<ReturnType<typeof directApi>['balances']>>) =>
  balances.map((balance) => [balance.symbol, balance.quantity.decimals, balance.quantity.numeric, balance.address ?? 'native'])

describe('direct Blockchain API (no server: the chain’s own RPC)', () => {
  it('the native balance and each configured ERC20 held, read as plain calls in one JSON-RPC batch where there is no Multicall3', async () => {
    const api = directApi([DEMO.address, DUSD.address, DPTS.address])
    let balances!: Awaited<ReturnType<typeof api.balances>>
    const requests = await recordRequests(async () => {
      balances = await api.balances({ address: HARDHAT_ACCOUNT_0.address, chainId: network.caipNetworkId })
    })
    const [native, ...tokens] = summary(balances)
    expect(native?.slice(0, 2)).toEqual(['ETH', '18'])
    expect(tokens).toEqual([
      ['DEMO', '18', '1000', DEMO.address],
      ['DUSD', '6', '1000', DUSD.address],
      ['DPTS', '0', '500', DPTS.address],
    ])
    // No prices without an API: dollar values show 0.00.
    expect(balances.every((balance) => balance.price === 0 && balance.value === 0)).toBe(true)
    // Hardhat has no Multicall3: asked once (eth_getCode), then 4 reads per token in a single HTTP request.
    const calls = requests.filter((batch) => batch.some((call) => call.method === 'eth_call'))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.filter((call) => call.method === 'eth_call')).toHaveLength(12)
    expect(requests.flat().some((call) => call.method === 'eth_getCode')).toBe(true)
  })

  it('tokens the account does not hold, and addresses that are not ERC20s, are left out', async () => {
    const api = directApi([DEMO.address, HARDHAT_ACCOUNT_0.address, 'not an address'])
    expect(summary(await api.balances({ address: FRESH, chainId: network.caipNetworkId }))).toEqual([['ETH', '18', '0', 'native']])
    const held = await api.balances({ address: HARDHAT_ACCOUNT_0.address, chainId: network.caipNetworkId })
    expect(held.map((balance) => balance.symbol)).toEqual(['ETH', 'DEMO'])
  })

  it("a network the kit does not have is 'Network not found'; history, NFTs, names and identity are not offered", async () => {
    const api = directApi([])
    await expect(api.balances({ address: FRESH, chainId: 'eip155:1' })).rejects.toMatchObject({ shortMessage: ErrorText.NETWORK_NOT_FOUND })
    expect(api.capabilities).toEqual({ history: false, nfts: false, names: false, identity: false })
    for (const call of [
      api.transactions({ address: FRESH, chainId: network.caipNetworkId }),
      api.nfts({ address: FRESH, chainId: network.caipNetworkId }),
      api.identity({ address: FRESH, chainId: network.caipNetworkId }),
      api.lookupName('alice.eth'),
      api.reverseLookup(FRESH),
      api.suggestNames('alice'),
    ]) {
      const error = await call.catch((reason: unknown) => reason)
      expect(error).toBeInstanceOf(PorticoError)
      expect((error as PorticoError).shortMessage).toBe(BlockchainApiErrorText.NOT_SUPPORTED)
    }
  })

  it('where the chain has Multicall3, every token read is one eth_call to it', async () => {
    await installMulticall3(node.url)
    const api = directApi([DEMO.address, DUSD.address, DPTS.address])
    let balances!: Awaited<ReturnType<typeof api.balances>>
    const requests = await recordRequests(async () => {
      balances = await api.balances({ address: HARDHAT_ACCOUNT_0.address, chainId: network.caipNetworkId })
    })
    expect(
      summary(balances)
        .slice(1)
        .map(([symbol, , numeric]) => [symbol, numeric]),
    ).toEqual([
      ['DEMO', '1000'],
      ['DUSD', '1000'],
      ['DPTS', '500'],
    ])
    const ethCalls = requests.flat().filter((call) => call.method === 'eth_call')
    expect(ethCalls.map((call) => call.params[0].to?.toLowerCase())).toEqual([MULTICALL3_ADDRESS.toLowerCase()])
  })
})
