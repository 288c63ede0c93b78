// @vitest-environment jsdom
import '../../shell/test/dialogPolyfill.ts'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TransactionsResponse } from '../../protocol/api/schemas.ts'
import type { PorticoKit } from '../../kernel/index.ts'
import { AccountView } from '../../shell/views/Account.tsx'
import { connectAccount, createTestKit } from '../../shell/test/testKit.ts'
import { withKit } from '../../shell/test/wrapper.tsx'
import { kitWithApi } from '../../test/fixtures/blockchainApi/apiKit.ts'
import { historyPlugin } from './index.ts'
import { ACCOUNT, fungible, transaction } from './test/fixtures.ts'

/** jsdom has no IntersectionObserver: this one reports what the test says is in view. */
class TestIntersectionObserver {
  static instances: TestIntersectionObserver[] = []
  readonly targets: Element[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestIntersectionObserver.instances.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  disconnect() {
    TestIntersectionObserver.instances = TestIntersectionObserver.instances.filter((observer) => observer !== this)
  }
  unobserve() {}
  takeRecords() {
    return []
  }
  /** Scrolls the observed element into view. */
  static scrollToEnd() {
    for (const observer of TestIntersectionObserver.instances) {
      observer.callback(
        observer.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      )
    }
  }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function openActivity(transactions: (cursor?: string) => Promise<TransactionsResponse>) {
  const api = vi.fn(async ({ cursor }: { cursor?: string }) => transactions(cursor))
  const { kit } = await kitWithApi({ transactions: api }, [historyPlugin()])
  act(() => connectAccount(kit, ACCOUNT))
  render(<AccountView kit={kit} data={undefined} />, { wrapper: withKit(kit) })
  return { kit, api }
}

const thisMonth = (day: number) => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), day, 12).toISOString()
}

describe('history plugin: Activity tab', () => {
  it('is there with an API, on unless features.history is false, and absent without an API', async () => {
    const { kit } = await openActivity(async () => ({ data: [], next: null }))
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Activity'])
    expect(kit.plugins.manifests.map((manifest) => manifest.id)).toContain('history')
    cleanup()
    const off = await kitWithApi({}, [historyPlugin()], { features: { history: false } })
    expect(off.kit.plugins.manifests.map((manifest) => manifest.id)).not.toContain('history')
    const noApi = createTestKit({}, [historyPlugin()])
    act(() => connectAccount(noApi, ACCOUNT))
    render(<AccountView kit={noApi} data={undefined} />, { wrapper: withKit(noApi) })
    expect(screen.queryByRole('tab')).toBeNull()
  })

  it('rows under their month, newest first: signed amounts with 3 decimals, the other side truncated 4 + 6', async () => {
    const sent = transaction({ minedAt: thisMonth(2), transfers: [fungible('out', '1.5', 'USDT')] })
    const received = transaction({ minedAt: thisMonth(3), operationType: 'receive', transfers: [fungible('in', '0.123456', 'ETH')] })
    const older = transaction({ minedAt: '2024-01-10T12:00:00.000Z', operationType: 'withdraw', transfers: [fungible('in', '2', 'DAI')] })
    await openActivity(async () => ({ data: [sent, received, older], next: null }))
    await screen.findByTestId('activity')
    const months = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)
    expect(months).toEqual([new Intl.DateTimeFormat(undefined, { month: 'long' }).format(new Date()), 'January 2024'])
    const rowsOf = (month: string) =>
      within(screen.getByRole('region', { name: month }))
        .getAllByTestId('activity-row')
        .map((row) => [within(row).getByTestId('activity-amount').textContent, row.querySelector('.activity-detail')?.textContent])
    expect(rowsOf(months[0]!)).toEqual([
      ['+0.123 ETH', 'from 0x12…345678'],
      ['−1.5 USDT', 'to 0xab…ef0001'],
    ])
    expect(rowsOf('January 2024')).toEqual([['−2 DAI', 'from 0x12…345678']])
  })

  it('the next page loads as the list scrolls to its end', async () => {
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver)
    const first = transaction({ minedAt: thisMonth(5) })
    const second = transaction({ minedAt: thisMonth(1) })
    const { api } = await openActivity(async (cursor) => (cursor ? { data: [second], next: null } : { data: [first], next: 'c2' }))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1))
    act(() => TestIntersectionObserver.scrollToEnd())
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2))
    expect(api.mock.calls.map(([args]) => args.cursor)).toEqual([undefined, 'c2'])
    expect(screen.queryByRole('button', { name: 'Load more activity' })).toBeNull()
  })

  it('without IntersectionObserver a button loads the next page', async () => {
    const { api } = await openActivity(async (cursor) => ({ data: [transaction({ minedAt: thisMonth(1) })], next: cursor ? null : 'c2' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Load more activity' }))
    await waitFor(() => expect(api).toHaveBeenCalledTimes(2))
  })

  it("'Failed to fetch transactions': the list is emptied and says so; Try again reads it anew", async () => {
    let fail = true
    const { kit } = await openActivity(async () => {
      if (fail) throw new Error('HTTP status code: 500')
      return { data: [transaction({ minedAt: thisMonth(1) })], next: null }
    })
    expect((await screen.findByTestId('activity-error')).textContent).toBe('Failed to fetch transactions')
    await waitFor(() => expect(kit.snack.store.get()).toMatchObject({ open: true, message: 'Failed to fetch transactions', variant: 'error' }))
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1))
  })

  it('an honest empty state only when there is nothing at all', async () => {
    await openActivity(async () => ({ data: [], next: null }))
    expect((await screen.findByTestId('activity-empty')).textContent).toContain('No transactions on')
  })

  it('refreshes after an unsafe request succeeds through the kit (a send)', async () => {
    const sent = transaction({ minedAt: thisMonth(6) })
    let data = [transaction({ minedAt: thisMonth(1) })]
    const { kit } = await openActivity(async () => ({ data, next: null }))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1))
    data = [sent, ...data]
    act(() => (kit as PorticoKit).bus.emit({ type: 'RPC_REQUEST_SUCCEEDED', properties: { method: 'eth_sendTransaction' } }))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2))
  })
})
