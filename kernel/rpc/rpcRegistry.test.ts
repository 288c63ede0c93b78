import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import type { PorticoEvent } from '../bus/events.ts'
import { mainnet } from '../chains/networks.ts'
import { PorticoError } from '../errors/base.ts'
import { TransactionCheckError } from '../errors/transaction.ts'
import { createMemoryBackend } from '../storage/storage.ts'
import { SAFE_RPC_METHODS, UNSAFE_RPC_METHODS, isSafeRpcMethod, isUnsafeRpcMethod } from './methods.ts'
import { createRpcRegistry } from './rpcRegistry.ts'

function makeKit(options: { maxFeePerGasCap?: string } = {}) {
  const logger = { warn: vi.fn(), error: vi.fn() }
  const kit = createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false }, ...options },
    {
      storage: createMemoryBackend(),
      environment: { isMobile: () => false, isTelegram: () => false, isIosSafari: () => false },
      logger,
      fetch: globalThis.fetch,
    },
  )
  return { kit, logger, rpc: kit.services.rpc }
}

const rejection = async (promise: Promise<unknown>): Promise<PorticoError> => {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(PorticoError)
    return error as PorticoError
  }
  throw new Error('the request did not reject')
}

afterEach(() => {
  vi.useRealTimers()
})

// The lists are written out whole: a method added to or moved between them must
// fail here (a signing method on the safe list would run without approval).
const SAFE = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getAssets',
]
const UNSAFE = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]

describe('RPC method lists', () => {
  it('the safe list is exactly the read-only methods (31), the unsafe list exactly the signing ones (11)', () => {
    expect([...SAFE_RPC_METHODS]).toEqual(SAFE)
    expect([...UNSAFE_RPC_METHODS]).toEqual(UNSAFE)
  })

  it('each method is classified by its own list and no other', () => {
    for (const method of SAFE) expect([method, isSafeRpcMethod(method), isUnsafeRpcMethod(method)]).toEqual([method, true, false])
    for (const method of UNSAFE) expect([method, isSafeRpcMethod(method), isUnsafeRpcMethod(method)]).toEqual([method, false, true])
  })

  it('a succeeded request is announced as unsafe (RPC_REQUEST_SUCCEEDED) for exactly the unsafe list', async () => {
    const { kit, rpc } = makeKit()
    const announced: string[] = []
    kit.subscribeEvents((event) => event.type === 'RPC_REQUEST_SUCCEEDED' && announced.push(event.properties.method))
    for (const method of [...SAFE, ...UNSAFE]) {
      rpc.register(method, async () => 'ok')
      // A transaction passes its checks (SPEC §5) only as an object.
      await rpc.request({ method, params: [{}] })
    }
    expect(announced).toEqual(UNSAFE)
  })
})

describe('RPC allow list', () => {
  it.each([...SAFE, ...UNSAFE])('%s is accepted and reaches its handler', async (method) => {
    const { rpc } = makeKit()
    const handler = vi.fn(async (params: unknown) => ({ ok: params }))
    rpc.register(method, handler)
    const params = method === 'eth_sendTransaction' ? [{ to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }] : [1, 2]
    await expect(rpc.request({ method, params })).resolves.toEqual({ ok: params })
    expect(handler).toHaveBeenCalledWith(params)
  })

  it.each(['eth_sign', 'eth_signTypedData', 'wallet_switchEthereumChain_evil', 'admin_peers', 'debug_traceTransaction', '__proto__', 'constructor'])(
    "%s is rejected with 'Requested RPC call is not allowed'",
    async (method) => {
      const { kit } = makeKit()
      const error = await rejection(kit.request({ method }))
      expect(error.shortMessage).toBe('Requested RPC call is not allowed')
    },
  )

  it('a succeeded unsafe request is announced on the bus (RPC_REQUEST_SUCCEEDED); a safe or failed one is not', async () => {
    const { kit, rpc } = makeKit()
    const events: unknown[] = []
    kit.subscribeEvents((event) => event.type === 'RPC_REQUEST_SUCCEEDED' && events.push(event))
    rpc.register('eth_sendTransaction', async () => `0x${'ab'.repeat(32)}`)
    rpc.register('eth_call', async () => '0x')
    rpc.register('personal_sign', async () => {
      throw new Error('declined')
    })
    await rpc.request({ method: 'eth_sendTransaction', params: [{}] })
    await rpc.request({ method: 'eth_call', params: [{}] })
    await rpc.request({ method: 'personal_sign', params: [] }).catch(() => undefined)
    expect(events).toEqual([{ type: 'RPC_REQUEST_SUCCEEDED', properties: { method: 'eth_sendTransaction' } }])
  })

  it('a disallowed method is rejected even when a handler was registered for it', async () => {
    const { rpc } = makeKit()
    const handler = vi.fn(async () => 'leaked')
    rpc.register('eth_sign', handler)
    expect((await rejection(rpc.request({ method: 'eth_sign' }))).shortMessage).toBe('Requested RPC call is not allowed')
    expect(handler).not.toHaveBeenCalled()
  })

  it('property: any method not on the safe or unsafe list is rejected with the catalogue text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 30 }).filter((m) => !isSafeRpcMethod(m) && !isUnsafeRpcMethod(m)),
        async (method) => {
          const onRejected = vi.fn()
          const rpc = createRpcRegistry({ loadOwner: async () => false, isContributed: () => false, onRejected, forward: async () => 'forwarded' })
          const error = await rejection(rpc.request({ method }))
          expect(error.shortMessage).toBe('Requested RPC call is not allowed')
          expect(onRejected).toHaveBeenCalledWith(method, 'Requested RPC call is not allowed')
        },
      ),
    )
  })

  it.each([
    ['null', null],
    ['a string', 'eth_call'],
    ['no method', { params: [] }],
    ['an empty method', { method: '' }],
    ['a numeric method', { method: 42 }],
    ['an array', ['eth_call']],
  ])('a malformed request (%s) is rejected', async (_label, request) => {
    const { rpc } = makeKit()
    const handler = vi.fn(async () => 'ran')
    rpc.register('eth_call', handler)
    const error = await rejection(rpc.request(request))
    expect(error.shortMessage).toBe('Requested RPC call is not allowed')
    expect(handler).not.toHaveBeenCalled()
  })

  it('property: any input either reaches a handler or rejects, never throws synchronously', async () => {
    const { rpc } = makeKit()
    rpc.register('eth_chainId', async () => '0x1')
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (input) => {
        let promise: Promise<unknown> | undefined
        expect(() => {
          promise = rpc.request(input)
        }).not.toThrow()
        await promise!.then(
          (value) => expect(value).toBe('0x1'),
          (error) => expect(error).toBeInstanceOf(PorticoError),
        )
      }),
      { numRuns: 300 },
    )
  })

  it('an allowed method with no handler and no plugin fails with Adapter not found', async () => {
    const { kit } = makeKit()
    expect((await rejection(kit.request({ method: 'eth_call' }))).shortMessage).toBe('Adapter not found')
  })

  it('one handler per method; its disposer frees the method', async () => {
    const { rpc } = makeKit()
    const dispose = rpc.register('eth_call', async () => 1)
    expect(() => rpc.register('eth_call', async () => 2)).toThrow(PorticoError)
    dispose()
    rpc.register('eth_call', async () => 3)
    await expect(rpc.request({ method: 'eth_call' })).resolves.toBe(3)
  })
})

describe('disallowed RPC method (RPC requests)', () => {
  it('a disallowed method opens the modal', async () => {
    const { kit } = makeKit()
    expect(kit.modal.store.get().open).toBe(false)
    await rejection(kit.request({ method: 'eth_sign' }))
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('a disallowed method logs an error', async () => {
    const { kit, logger } = makeKit()
    await rejection(kit.request({ method: 'eth_sign' }))
    expect(logger.error).toHaveBeenCalledTimes(1)
    expect(String(logger.error.mock.calls[0]![0])).toContain('Requested RPC call is not allowed')
  })

  it("a disallowed method shows the 'Action not allowed' error after exactly 300 ms", async () => {
    vi.useFakeTimers()
    const { kit } = makeKit()
    await rejection(kit.request({ method: 'eth_sign' }))
    expect(kit.snack.store.get().open).toBe(false)
    vi.advanceTimersByTime(299)
    expect(kit.snack.store.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(kit.snack.store.get()).toEqual({ open: true, message: 'Action not allowed', variant: 'error' })
  })

  it('a disallowed method rejects pending requests', async () => {
    const { kit } = makeKit()
    const pending = kit.services.pending
    const reject = vi.fn()
    pending.add(reject)
    await rejection(kit.request({ method: 'eth_sign' }))
    expect(reject).toHaveBeenCalledTimes(1)
    expect((reject.mock.calls[0]![0] as PorticoError).shortMessage).toBe('Requested RPC call is not allowed')
    expect(pending.size).toBe(0)
  })

  it('a disallowed method while the modal is open keeps the current view', async () => {
    const { kit } = makeKit()
    kit.open({ view: 'AllWallets' })
    kit.router.push('ConnectingExternal', { connector: 'x' })
    await rejection(kit.request({ method: 'eth_sign' }))
    expect(kit.router.current().view).toBe('ConnectingExternal')
  })

  it('a disallowed method is announced on the bus', async () => {
    const { kit } = makeKit()
    const events: PorticoEvent[] = []
    kit.subscribeEvents((e) => events.push(e))
    await rejection(kit.request({ method: 'eth_sign' }))
    expect(events).toContainEqual({
      type: 'RPC_REQUEST_REJECTED',
      properties: { method: 'eth_sign', reason: 'Requested RPC call is not allowed' },
    })
  })

  it('an allowed method does none of that: no modal, no snack, pending kept', async () => {
    vi.useFakeTimers()
    const { kit, rpc, logger } = makeKit()
    rpc.register('eth_chainId', async () => '0x1')
    const reject = vi.fn()
    kit.services.pending.add(reject)
    await expect(kit.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
    vi.advanceTimersByTime(1_000)
    expect(kit.modal.store.get().open).toBe(false)
    expect(kit.snack.store.get().open).toBe(false)
    expect(reject).not.toHaveBeenCalled()
    expect(logger.error).not.toHaveBeenCalled()
  })
})

describe('kit.request: a transaction is checked before any wallet sees it (SPEC §5)', () => {
  const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

  it('eth_sendTransaction above the integrator’s 500 gwei cap rejects with a TransactionCheckError; the wallet never gets it', async () => {
    const { kit, rpc, logger } = makeKit({ maxFeePerGasCap: '500000000000' })
    const wallet = vi.fn(async () => `0x${'ab'.repeat(32)}`)
    rpc.register('eth_sendTransaction', wallet)
    const error = await rejection(kit.request({ method: 'eth_sendTransaction', params: [{ to: TO, maxFeePerGas: '0x746a528801' }] }))
    expect(error).toBeInstanceOf(TransactionCheckError)
    expect((error as TransactionCheckError).reason).toBe('FEE_CAP')
    expect(wallet).not.toHaveBeenCalled()
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.snack.store.get()).toEqual({ open: true, message: 'The transaction’s max fee is above the limit this app allows', variant: 'error' })
    expect(logger.error).toHaveBeenCalled()
    // Exactly at the cap (500 gwei) it goes through.
    await expect(kit.request({ method: 'eth_sendTransaction', params: [{ to: TO, maxFeePerGas: '0x746a528800' }] })).resolves.toMatch(/^0x/)
    expect(wallet).toHaveBeenCalledTimes(1)
  })

  it('eth_signTransaction, when a plugin serves it, is checked the same way: chain id 0 is refused', async () => {
    const wallet = vi.fn(async () => '0x')
    const rpc = createRpcRegistry({ loadOwner: async () => false, isContributed: () => true, onRejected: vi.fn(), forward: wallet })
    const error = await rejection(rpc.request({ method: 'eth_signTransaction', params: [{ chainId: '0x0', to: TO }] }))
    expect(error).toBeInstanceOf(TransactionCheckError)
    expect(error.shortMessage).toBe('The transaction needs a chain id above zero')
    expect(wallet).not.toHaveBeenCalled()
  })

  it('a refusal is announced on the bus with its text', async () => {
    const { kit } = makeKit()
    const events: PorticoEvent[] = []
    kit.subscribeEvents((e) => events.push(e))
    await rejection(kit.request({ method: 'eth_sendTransaction', params: [{ to: '0x1234' }] }))
    expect(events).toContainEqual({
      type: 'RPC_REQUEST_REJECTED',
      properties: { method: 'eth_sendTransaction', reason: 'The transaction contains an invalid address' },
    })
  })
})
