// @vitest-environment jsdom
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Nft } from '../../protocol/api/schemas.ts'
import { ConfigError, defineNetwork, type PorticoKit } from '../../kernel/index.ts'
import { AccountView } from '../../shell/views/Account.tsx'
import { connectAccount, createTestKit } from '../../shell/test/testKit.ts'
import { withKit } from '../../shell/test/wrapper.tsx'
import { ACCOUNT, kitWithApi, token } from '../../test/fixtures/blockchainApi/apiKit.ts'
import { portfolioPlugin } from './index.ts'

afterEach(cleanup)

const ETH = token('ETH', '18', '1.23456', 3703.68)
const USDT = token('USDT', '6', '1234.5', 1234.5, '0x00000000000000000000000000000000000000a6')
const ZERO = token('ZERO', '0', '100', 100, '0x00000000000000000000000000000000000000a0')

function renderAccount(kit: PorticoKit) {
  act(() => connectAccount(kit, ACCOUNT))
  render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
}

const rows = () => screen.getAllByTestId('token-row')
const cells = (row: HTMLElement) => [
  within(row).getByText(/token$/).textContent,
  within(row).getByTestId('token-amount').textContent,
  within(row).getByTestId('token-value').textContent,
]

describe('portfolio plugin: Tokens tab', () => {
  it('tabs: Tokens then NFTs with an API; without one (the direct fallback has no NFTs) Tokens only', async () => {
    const withApi = (await kitWithApi({ balances: async () => [] }, [portfolioPlugin()])).kit
    renderAccount(withApi)
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tokens', 'NFTs'])
    cleanup()
    renderAccount(createTestKit({}, [portfolioPlugin()]))
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tokens'])
  })

  it('lists the balances: dollars with 2 decimals, amounts with 3, icons; the zero-decimal token left out; the total', async () => {
    const { kit, api } = await kitWithApi({ balances: vi.fn(async () => [ETH, USDT, ZERO]) }, [portfolioPlugin()])
    renderAccount(kit)
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(rows().map(cells)).toEqual([
      ['ETH token', '1.234 ETH', '$3,703.68'],
      ['USDT token', '1,234.5 USDT', '$1,234.50'],
    ])
    expect(screen.getByTestId('tokens-total').textContent).toBe('$4,938.18')
    expect(rows()[0]!.querySelector('img')?.getAttribute('src')).toBe('https://icons.example/ETH.png')
    expect(api.balances).toHaveBeenCalledWith({ address: ACCOUNT, chainId: 'eip155:1' })
    // What Send reads: the account's tokenBalance.
    expect(kit.chains.activeAccount()?.tokenBalance.map((balance) => balance.symbol)).toEqual(['ETH', 'USDT'])
  })

  it("amounts and dollars in the kit's locale (de), left to right", async () => {
    const { kit } = await kitWithApi({ balances: vi.fn(async () => [ETH, USDT]) }, [portfolioPlugin()], { locale: 'de' })
    renderAccount(kit)
    // The rows wait for the Tokens panel's code and the API's answer: a loaded 2-core machine takes its time.
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 10_000 })
    expect(
      rows()
        .map(cells)
        .map(([, amount, value]) => [amount, value]),
    ).toEqual([
      ['1,234 ETH', '3.703,68\u00a0$'],
      ['1.234,5 USDT', '1.234,50\u00a0$'],
    ])
    expect(screen.getByTestId('tokens-total').textContent).toBe('4.938,18\u00a0$')
    for (const cell of [...screen.getAllByTestId('token-amount'), ...screen.getAllByTestId('token-value'), screen.getByTestId('tokens-total')]) {
      expect(cell.getAttribute('dir')).toBe('ltr')
    }
  })

  it('0.00 on a testnet: amounts shown, dollar values and total 0.00', async () => {
    const local = defineNetwork({
      id: 31337,
      chainNamespace: 'eip155',
      name: 'Hardhat',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
    })
    const balances = async () => [{ ...USDT, chainId: 'eip155:31337' }]
    const { kit } = await kitWithApi({ balances }, [portfolioPlugin()], { networks: [local] })
    act(() => kit.chains.updateAccount('eip155', { address: ACCOUNT, caipAddress: `eip155:31337:${ACCOUNT}`, status: 'connected' }))
    render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(cells(rows()[0]!)).toEqual(['USDT token', '1,234.5 USDT', '$0.00'])
    expect(screen.getByTestId('tokens-total').textContent).toBe('$0.00')
  })

  it('says so when the account holds nothing on the network (and only then)', async () => {
    const { kit } = await kitWithApi({ balances: async () => [] }, [portfolioPlugin()])
    renderAccount(kit)
    await screen.findByTestId('tokens-empty')
    expect(screen.getByTestId('tokens-empty').textContent).toContain('No tokens on Ethereum')
  })

  it("an API failure shows 'Token Balance Unavailable' and the tab still works", async () => {
    const { kit } = await kitWithApi({ balances: async () => Promise.reject(new Error('HTTP status code: 500')) }, [portfolioPlugin()])
    renderAccount(kit)
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: 'Token Balance Unavailable' }))
    await screen.findByTestId('tokens-empty')
  })

  it('tokens: only EVM networks and addresses, or a ConfigError naming the field', () => {
    expect(() => portfolioPlugin({ tokens: { 'eip155:1': ['0x123'] } })).toThrow(ConfigError)
    expect(() => portfolioPlugin({ tokens: { 'solana:mainnet': [] } })).toThrow(/portfolioPlugin\.tokens/)
    expect(portfolioPlugin({ tokens: { 'eip155:1': [USDT.address!] } }).activationEvents).toEqual(['onConnect'])
    expect(portfolioPlugin().activationEvents).toBeUndefined()
  })
})

describe('portfolio plugin: NFTs tab', () => {
  const nft = (tokenId: string, spam = false): Nft => ({
    chainId: 'eip155:1',
    address: '0x00000000000000000000000000000000000000cc',
    tokenId,
    collection: { name: 'Cats', symbol: 'CAT' },
    name: `Cat ${tokenId}`,
    imageUrl: `https://images.example/${tokenId}.png`,
    flags: { is_spam: spam },
  })

  it("lists the account's NFTs without spam, a page at a time", async () => {
    const nfts = vi.fn(async ({ cursor }: { cursor?: string }) => (cursor ? { data: [nft('3')], next: null } : { data: [nft('1'), nft('2', true)], next: 'c2' }))
    const { kit } = await kitWithApi({ balances: async () => [], nfts }, [portfolioPlugin()])
    renderAccount(kit)
    fireEvent.click(screen.getByRole('tab', { name: 'NFTs' }))
    await waitFor(() => expect(screen.getAllByTestId('nft').map((item) => item.textContent)).toEqual(['Cat 1Cats']))
    fireEvent.click(screen.getByRole('button', { name: 'Show more NFTs' }))
    await waitFor(() => expect(screen.getAllByTestId('nft')).toHaveLength(2))
    expect(nfts.mock.calls.map(([args]) => args.cursor)).toEqual([undefined, 'c2'])
    expect(screen.queryByRole('button', { name: 'Show more NFTs' })).toBeNull()
  })

  it('a failed read says so and offers to try again', async () => {
    let fail = true
    const nfts = vi.fn(async () => {
      if (fail) throw new Error('down')
      return { data: [], next: null }
    })
    const { kit } = await kitWithApi({ balances: async () => [], nfts }, [portfolioPlugin()])
    renderAccount(kit)
    fireEvent.click(screen.getByRole('tab', { name: 'NFTs' }))
    await screen.findByText('NFTs could not be loaded')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByText('No NFTs on Ethereum')
    // An empty list says what is empty and why, never a blank panel.
    expect(screen.getByText('NFTs this account holds on Ethereum will show here.')).toBeTruthy()
  })
})
