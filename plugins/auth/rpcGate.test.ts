import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoError, resolve } from '../../kernel/index.ts'
import { TransactionCheckError } from '../../kernel/errors/transaction.ts'
import { SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from '../../kernel/rpc/methods.ts'
import { IAuthService } from './index.ts'
import { EVM_ADDRESS, createAuthKit } from './test/authKit.ts'

afterEach(() => {
  vi.useRealTimers()
})

async function connected() {
  const setup = createAuthKit()
  await setup.kit.restored
  await setup.kit.plugins.load('auth')
  const auth = resolve(await setup.kit.container(), IAuthService)
  await auth.connect()
  await vi.waitFor(() => expect(setup.kit.chains.record('eip155')!.accountState.balance).toBe('1.5'))
  return setup
}

const SIGN = { method: 'personal_sign', params: ['0x68656c6c6f', EVM_ADDRESS] }
/** A 65-byte signature and a 32-byte hash, as the frame answers them. */
const SIGNATURE = `0x${'5a'.repeat(65)}`
const HASH = `0x${'ab'.repeat(32)}`

describe('the RPC gate of the embedded wallet', () => {
  it("a smart account's signing failure shows 'This application might not support Smart Accounts'; another failure shows nothing", async () => {
    const { kit, frame } = await connected()
    const declined = kit.request(SIGN)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    frame.held('RPC_REQUEST').reject(new PorticoError('Signature declined'))
    await expect(declined).rejects.toThrow('Signature declined')
    expect(kit.snack.store.get().open).toBe(false)
    const refused = kit.request(SIGN)
    await vi.waitFor(() => expect(frame.sent.filter((request) => request.name === 'RPC_REQUEST')).toHaveLength(2))
    frame.held('RPC_REQUEST').reject(new PorticoError('This application might not support Smart Accounts'))
    await expect(refused).rejects.toThrow('This application might not support Smart Accounts')
    expect(kit.snack.store.get()).toMatchObject({ open: true, variant: 'error', message: 'This application might not support Smart Accounts' })
  })

  it('a safe method goes to the frame without approval: no modal', async () => {
    const { kit, frame } = await connected()
    const answer = kit.request({ method: 'eth_call', params: [{ to: EVM_ADDRESS, data: '0x' }, 'latest'] })
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    expect(frame.held('RPC_REQUEST').payload).toEqual({ method: 'eth_call', params: [{ to: EVM_ADDRESS, data: '0x' }, 'latest'], caipNetworkId: 'eip155:1' })
    frame.held('RPC_REQUEST').resolve({ result: '0x01' })
    await expect(answer).resolves.toBe('0x01')
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('an unsafe method opens the modal on ApproveTransaction; on success it closes and the native balance is read again', async () => {
    const { kit, frame, getBalance } = await connected()
    const reads = getBalance.mock.calls.length
    const signature = kit.request(SIGN)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    expect(kit.modal.store.get().open).toBe(true)
    expect(kit.router.current().view).toBe('ApproveTransaction')
    expect(frame.held('RPC_REQUEST').payload).toEqual({ ...SIGN, caipNetworkId: 'eip155:1' })
    frame.held('RPC_REQUEST').resolve({ result: SIGNATURE })
    await expect(signature).resolves.toBe(SIGNATURE)
    expect(kit.modal.store.get().open).toBe(false)
    await vi.waitFor(() => expect(getBalance.mock.calls.length).toBe(reads + 1))
  })

  it('every method of the safe list goes to the frame without approval, every one of the unsafe list opens ApproveTransaction', async () => {
    const { kit, frame } = await connected()
    const seen: [string, string | undefined][] = []
    frame.on('RPC_REQUEST', ({ method }) => {
      seen.push([method, kit.modal.store.get().open ? kit.router.current().view : undefined])
      return { result: method === 'eth_sendTransaction' || method === 'eth_sendUserOperation' ? HASH : method.includes('sign') ? SIGNATURE : {} }
    })
    const methods = [...SAFE_RPC_METHODS, ...UNSAFE_RPC_METHODS].filter((method) => !method.startsWith('solana_'))
    // A transaction is checked before it leaves the kit (SPEC §5): it has to be one.
    for (const method of methods) await kit.request({ method, params: method === 'eth_sendTransaction' ? [{}] : [] })
    // eth_chainId is answered by the adapter itself, the frame is not asked.
    expect(seen).toEqual(
      methods.filter((method) => method !== 'eth_chainId').map((method) => [method, (UNSAFE_RPC_METHODS as readonly string[]).includes(method) ? 'ApproveTransaction' : undefined]),
    )
  })

  // SPEC: a transaction hash is 0x and 64 hex digits, a signed message 0x and 62 or more.
  it.each([
    ['eth_sendTransaction', HASH, true],
    ['eth_sendTransaction', `0x${'ab'.repeat(31)}cd0`, false],
    ['eth_sendTransaction', SIGNATURE, false],
    ['eth_sendUserOperation', HASH, true],
    ['personal_sign', `0x${'a'.repeat(62)}`, true],
    ['personal_sign', `0x${'a'.repeat(61)}`, false],
    ['personal_sign', HASH, false],
    ['eth_signTypedData_v4', SIGNATURE, true],
    ['eth_signTypedData_v4', { signature: SIGNATURE }, false],
    ['wallet_sendCalls', { id: '0x01' }, true],
  ])('an approved %s answered %j by the frame is passed on: %s', async (method, result, passed) => {
    const { kit, frame } = await connected()
    frame.on('RPC_REQUEST', () => ({ result }))
    const answer = kit.request({ method, params: method === 'eth_sendTransaction' ? [{}] : [] })
    if (passed) await expect(answer).resolves.toEqual(result)
    else
      await expect(answer).rejects.toMatchObject({ shortMessage: `${method}: the embedded wallet answered no ${method.startsWith('eth_send') ? 'transaction hash' : 'signature'}` })
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('over an open modal the approval is pushed, and popped again after success', async () => {
    const { kit, frame } = await connected()
    kit.open()
    expect(kit.router.current().view).toBe('Account')
    const signature = kit.request(SIGN)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    expect(kit.router.store.get().history.map((entry) => entry.view)).toEqual(['Account', 'ApproveTransaction'])
    frame.held('RPC_REQUEST').resolve({ result: SIGNATURE })
    await signature
    expect(kit.router.store.get().history.map((entry) => entry.view)).toEqual(['Account'])
    expect(kit.modal.store.get().open).toBe(true)
  })

  it('an error closes the approval and rejects with it', async () => {
    const { kit, frame } = await connected()
    const signature = kit.request(SIGN)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    frame.held('RPC_REQUEST').reject(new Error('Signature declined'))
    await expect(signature).rejects.toThrow('Signature declined')
    expect(kit.modal.store.get().open).toBe(false)
  })

  it('a transaction the frame refuses after filling in its fees rejects as the typed error, with its snack', async () => {
    const { kit, frame } = await connected()
    const sent = kit.request({ method: 'eth_sendTransaction', params: [{ to: EVM_ADDRESS, value: '0x1' }] })
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    // The frame's error replies carry the message only, as the frame page writes it.
    frame
      .held('RPC_REQUEST')
      .reject(new PorticoError('The transaction’s max fee is above the limit this app allows\n\nDetails: 1000000000000 wei is above the cap of 500000000000 wei'))
    const error = await sent.then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(TransactionCheckError)
    expect(error).toMatchObject({ reason: 'FEE_CAP', details: '1000000000000 wei is above the cap of 500000000000 wei' })
    expect(kit.snack.store.get()).toEqual({ open: true, message: 'The transaction’s max fee is above the limit this app allows', variant: 'error' })
  })

  it('the provider the app gets sends through the same gate', async () => {
    const { kit, frame } = await connected()
    const provider = kit.getProvider('eip155') as { request(args: unknown): Promise<unknown> }
    const signature = provider.request(SIGN)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    expect(kit.router.current().view).toBe('ApproveTransaction')
    frame.held('RPC_REQUEST').resolve({ result: SIGNATURE })
    await expect(signature).resolves.toBe(SIGNATURE)
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toThrow('Requested RPC call is not allowed')
  })

  it("a disallowed method opens the modal, logs an error, and 300 ms later shows 'Action not allowed'", async () => {
    const { kit, logger } = await connected()
    vi.useFakeTimers()
    await expect(kit.request({ method: 'eth_sign', params: [] })).rejects.toThrow('Requested RPC call is not allowed')
    expect(kit.modal.store.get().open).toBe(true)
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('Requested RPC call is not allowed'))
    vi.advanceTimersByTime(299)
    expect(kit.snack.store.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(kit.snack.store.get()).toMatchObject({ open: true, message: 'Action not allowed', variant: 'error' })
  })

  it("a disallowed method rejects the pending approval with 'Requested RPC call is not allowed' and hides the frame", async () => {
    const { kit, frame } = await connected()
    const signature = kit.request(SIGN).catch((error: PorticoError) => error)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    frame.shownOver = {} as Element
    await expect(kit.request({ method: 'eth_sign', params: [] })).rejects.toThrow()
    expect(((await signature) as PorticoError).shortMessage).toBe('Requested RPC call is not allowed')
    expect(frame.shownOver).toBeUndefined()
  })

  it("a dropped connection aborts the unsafe requests ('Request was aborted') and keeps the safe ones", async () => {
    const { kit, frame } = await connected()
    const signature = kit.request(SIGN).catch((error: PorticoError) => error)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    const read = kit.request({ method: 'eth_blockNumber' })
    await vi.waitFor(() => expect(frame.names().filter((n) => n === 'RPC_REQUEST')).toHaveLength(2))
    const readRequest = frame.held('RPC_REQUEST')
    await kit.disconnect()
    expect(((await signature) as PorticoError).shortMessage).toBe('Request was aborted')
    readRequest.resolve({ result: '0x10' })
    await expect(read).resolves.toBe('0x10')
  })

  it('closing the modal with no pending transaction rejects the pending requests; with one pending it keeps them', async () => {
    const { kit, frame } = await connected()
    const signature = kit.request(SIGN).catch((error: PorticoError) => error)
    await vi.waitFor(() => frame.held('RPC_REQUEST'))
    kit.close()
    expect(((await signature) as PorticoError).shortMessage).toBe('Signature declined')

    const kept = kit.request(SIGN)
    await vi.waitFor(() => expect(frame.names().filter((n) => n === 'RPC_REQUEST')).toHaveLength(2))
    kit.services.pending.setTransactionPending(true)
    kit.close()
    frame.held('RPC_REQUEST').resolve({ result: SIGNATURE })
    await expect(kept).resolves.toBe(SIGNATURE)
  })
})
