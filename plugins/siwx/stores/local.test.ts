// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage } from '../../../protocol/siwx/index.ts'
import { LOCAL_SIWX_STORAGE_KEY, localSiwx } from './local.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CHAIN = 'eip155:31337'
afterEach(() => localStorage.clear())

describe('localSiwx', () => {
  it('creates a message for this page: domain and uri of the page, a fresh 16-character nonce, issued now, expiring after expirationSeconds', async () => {
    const now = new Date('2026-05-01T10:00:00.000Z')
    const store = localSiwx({ statement: 'Hello', expirationSeconds: 90, now: () => now })
    const a = await store.createMessage({ accountAddress: ADDRESS, chainId: CHAIN })
    const b = await store.createMessage({ accountAddress: ADDRESS, chainId: CHAIN })
    expect(a).toMatchObject({
      domain: location.host,
      uri: location.origin,
      version: '1',
      statement: 'Hello',
      issuedAt: '2026-05-01T10:00:00.000Z',
      expirationTime: '2026-05-01T10:01:30.000Z',
    })
    expect(a.nonce).toMatch(/^[a-zA-Z0-9]{16}$/)
    expect(a.nonce).not.toBe(b.nonce)
    // The message is one the shared module writes and reads back unchanged.
    expect(parseSiwxMessage(formatSiwxMessage(a))).toEqual(a)
  })

  it('keeps sessions per chain and account (eip155 addresses in any case), one per account, until revoked', async () => {
    const store = localSiwx()
    const data = await store.createMessage({ accountAddress: ADDRESS, chainId: CHAIN })
    await store.addSession({ data, message: 'first', signature: '0x01' })
    await store.addSession({ data, message: 'second', signature: '0x02' })
    expect((await store.getSessions(CHAIN, ADDRESS.toLowerCase())).map((s) => s.message)).toEqual(['second'])
    expect(await store.getSessions('eip155:1', ADDRESS)).toEqual([])
    // A new store over the same storage (the next visit) finds it.
    expect(await localSiwx().getSessions(CHAIN, ADDRESS)).toHaveLength(1)
    await store.revokeSession(CHAIN, ADDRESS)
    expect(await store.getSessions(CHAIN, ADDRESS)).toEqual([])
  })

  it('expiry is exact to the millisecond: a session is kept 1 ms before its expirationTime and gone at it', async () => {
    let now = new Date('2026-05-01T10:00:00.000Z')
    const store = localSiwx({ expirationSeconds: 60, now: () => now })
    const data = await store.createMessage({ accountAddress: ADDRESS, chainId: CHAIN })
    await store.addSession({ data, message: 'm', signature: '0x01' })
    now = new Date('2026-05-01T10:00:59.999Z')
    expect(await store.getSessions(CHAIN, ADDRESS)).toHaveLength(1)
    now = new Date('2026-05-01T10:01:00.000Z')
    expect(await store.getSessions(CHAIN, ADDRESS)).toEqual([])
  })

  it('stored sessions pass a schema: tampered or broken storage counts as none', async () => {
    const store = localSiwx()
    const data = await store.createMessage({ accountAddress: ADDRESS, chainId: CHAIN })
    localStorage.setItem(LOCAL_SIWX_STORAGE_KEY, JSON.stringify([{ data: { ...data, chainId: 'evil' }, message: 'm', signature: 's' }]))
    expect(await store.getSessions('evil', ADDRESS)).toEqual([])
    localStorage.setItem(LOCAL_SIWX_STORAGE_KEY, '{not json')
    expect(await store.getSessions(CHAIN, ADDRESS)).toEqual([])
    await store.addSession({ data, message: 'm', signature: '0x01' })
    expect(await store.getSessions(CHAIN, ADDRESS)).toHaveLength(1)
  })

  it('getRequired follows the option', () => {
    expect(localSiwx().getRequired?.()).toBe(false)
    expect(localSiwx({ required: true }).getRequired?.()).toBe(true)
  })
})
