import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import type { Transaction, TransactionsResponse } from '../../protocol/api/schemas.ts'
import { createKernel, createMemoryBackend, mainnet, solana, SnackText } from '../../kernel/index.ts'
import { createHistory } from './history.ts'
import { ACCOUNT, OTHER, spamNft, transaction } from './test/fixtures.ts'

type Pages = Record<string, TransactionsResponse>

function kitOnMainnet() {
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet, solana], features: { analytics: false } },
    {
      storage: createMemoryBackend(),
      fetch: () => Promise.reject(new Error('no requests')),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger: { warn: () => undefined, error: () => undefined },
    },
  )
  kit.chains.updateAccount('eip155', { address: ACCOUNT, caipAddress: `eip155:1:${ACCOUNT}`, status: 'connected' })
  return kit
}

/** The history over an API whose pages are `pages` by cursor ('' for the first). */
function setup(pages: Pages | ((cursor: string) => Promise<TransactionsResponse>)) {
  const kit = kitOnMainnet()
  const transactions = vi.fn<BlockchainApi['transactions']>(async ({ cursor }) => (typeof pages === 'function' ? pages(cursor ?? '') : pages[cursor ?? '']!))
  const showError = vi.fn()
  const history = createHistory({ api: { transactions }, chains: kit.chains, snack: { showError }, bus: kit.bus })
  return { kit, history, transactions, showError, state: () => history.store.get() }
}

const settle = () => vi.waitFor(() => undefined)

afterEach(() => {
  vi.useRealTimers()
})

describe('history (§4 Transactions)', () => {
  it('shows the first page, then the next with its cursor, until next is null', async () => {
    const first = [transaction(), transaction()]
    const second = [transaction({ minedAt: '2026-04-01T00:00:00.000Z' })]
    const { history, transactions, state } = setup({ '': { data: first, next: 'c2' }, c2: { data: second, next: null } })
    history.show()
    await vi.waitFor(() => expect(state().status).toBe('ready'))
    expect(state().transactions).toHaveLength(2)
    expect(state().next).toBe('c2')
    await history.loadMore()
    expect(transactions.mock.calls.map(([args]) => args.cursor)).toEqual([undefined, 'c2'])
    expect(state().transactions).toHaveLength(3)
    expect(state().next).toBeNull()
    await history.loadMore()
    expect(transactions).toHaveBeenCalledTimes(2)
    expect(transactions.mock.calls[0]![0]).toMatchObject({ address: ACCOUNT, chainId: 'eip155:1' })
  })

  it('empty flag: set only when every page is in and none is shown', async () => {
    const spam = transaction({ transfers: [spamNft()] })
    const elsewhere = transaction({ chain: 'eip155:8453' })
    const { history, transactions, state } = setup({ '': { data: [spam], next: 'c2' }, c2: { data: [elsewhere], next: null } })
    history.show()
    await vi.waitFor(() => expect(state().status).toBe('ready'))
    // The spam-only first page did not end the list: the next one was read straight away.
    expect(transactions).toHaveBeenCalledTimes(2)
    expect(state()).toMatchObject({ transactions: [], next: null, empty: true })
  })

  it('a page of spam with more to come is not called empty', async () => {
    const spam = () => transaction({ transfers: [spamNft()] })
    const { history, state } = setup(async (cursor) => ({ data: [spam()], next: `after-${cursor}` }))
    history.show()
    await vi.waitFor(() => expect(state().status).toBe('ready'))
    expect(state().empty).toBe(false)
    expect(state().next).not.toBeNull()
  })

  it("'Failed to fetch transactions' snack, and the list set empty", async () => {
    const { history, showError, state } = setup(async () => Promise.reject(new Error('HTTP status code: 500')))
    history.show()
    await vi.waitFor(() => expect(state().status).toBe('failed'))
    expect(showError).toHaveBeenCalledWith(SnackText.FAILED_TO_FETCH_TRANSACTIONS)
    expect(state()).toMatchObject({ transactions: [], next: null, empty: true })
  })

  it('a failure on a later page empties the list too', async () => {
    const { history, showError, state } = setup(async (cursor) => {
      if (cursor) throw new Error('HTTP status code: 502')
      return { data: [transaction()], next: 'c2' }
    })
    history.show()
    await vi.waitFor(() => expect(state().status).toBe('ready'))
    await history.loadMore()
    expect(showError).toHaveBeenCalledWith('Failed to fetch transactions')
    expect(state()).toMatchObject({ status: 'failed', transactions: [] })
  })

  it('starts over for another account, and ignores the old account’s late answer', async () => {
    let release!: (page: TransactionsResponse) => void
    const mine = transaction()
    const theirs = transaction()
    const { kit, history, state } = setup(
      (() => {
        let calls = 0
        return () => {
          calls += 1
          return calls === 1 ? new Promise<TransactionsResponse>((done) => (release = done)) : Promise.resolve({ data: [theirs], next: null })
        }
      })(),
    )
    history.show()
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    kit.chains.updateAccount('eip155', { address: OTHER })
    await vi.waitFor(() => expect(state().transactions).toEqual([theirs]))
    release({ data: [mine], next: null })
    await settle()
    expect(state().transactions).toEqual([theirs])
  })

  it('reads the first page again when an unsafe request succeeds (a send), new ones on top', async () => {
    const old = transaction({ minedAt: '2026-05-01T00:00:00.000Z' })
    const sent = transaction({ minedAt: '2026-05-05T00:00:00.000Z' })
    let data: Transaction[] = [old]
    const { kit, history, state } = setup(async () => ({ data, next: null }))
    history.show()
    await vi.waitFor(() => expect(state().transactions).toEqual([old]))
    data = [sent, old]
    kit.bus.emit({ type: 'RPC_REQUEST_SUCCEEDED', properties: { method: 'eth_sendTransaction' } })
    await vi.waitFor(() => expect(state().transactions).toEqual([sent, old]))
  })

  it('while shown, reads the first page every 5 s; not once hidden', async () => {
    vi.useFakeTimers()
    const { history, transactions, state } = setup({ '': { data: [transaction()], next: null } })
    const hide = history.show()
    await vi.advanceTimersByTimeAsync(0)
    expect(state().status).toBe('ready')
    expect(transactions).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(transactions).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(transactions).toHaveBeenCalledTimes(2)
    hide()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(transactions).toHaveBeenCalledTimes(2)
  })

  it('the 5 s poll stops on disconnect: no timer is left and nothing is read; a new account polls again', async () => {
    vi.useFakeTimers()
    const { kit, history, transactions, state } = setup({ '': { data: [transaction()], next: null } })
    history.show()
    await vi.advanceTimersByTimeAsync(0)
    expect(state().status).toBe('ready')
    kit.chains.resetAccount('eip155')
    expect(state().status).toBe('idle')
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(transactions).toHaveBeenCalledTimes(1)
    kit.chains.updateAccount('eip155', { address: OTHER, caipAddress: `eip155:1:${OTHER}`, status: 'connected' })
    await vi.advanceTimersByTimeAsync(0)
    expect(transactions).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(transactions).toHaveBeenCalledTimes(3)
  })

  it('activity is eip155 only (§6): on Solana nothing is asked', async () => {
    const { kit, history, transactions, state } = setup({ '': { data: [], next: null } })
    kit.chains.updateAccount('solana', { address: 'So11111111111111111111111111111111111111112', status: 'connected' })
    kit.chains.set({ activeNamespace: 'solana', activeCaipNetwork: solana })
    history.show()
    expect(state().status).toBe('unsupported')
    expect(transactions).not.toHaveBeenCalled()
  })
})
