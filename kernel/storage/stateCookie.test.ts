// @vitest-environment jsdom
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../createKernel.ts'
import { mainnet } from '../chains/networks.ts'
import type { PorticoOptions } from '../config/schema.ts'
import { createMemoryBackend } from './storage.ts'
import { stateCookie } from './keepStateCookie.ts'
import { porticoCookieToInitialState } from './stateCookie.ts'

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678'
const quiet = { warn: () => undefined, error: () => undefined }

function kitWith(options: Partial<PorticoOptions> = {}) {
  return createKernel(
    { projectId: 'p', networks: [mainnet], features: { analytics: false }, ...options },
    { storage: createMemoryBackend(), logger: quiet, fetch: () => Promise.reject(new Error('no requests')) },
  )
}
const connect = (kit: ReturnType<typeof kitWith>, address = ADDRESS) => kit.chains.updateAccount('eip155', { address, caipAddress: `eip155:1:${address}`, status: 'connected' })
/** After the kit's restore and the writer's start, which follows it a few microtasks later. */
const settled = async (kit: ReturnType<typeof kitWith>) => {
  // The cookie writer loads on demand (not on the first screen).
  await vi.dynamicImportSettled()
  await kit.restored
  await new Promise((resolve) => setTimeout(resolve, 0))
}

afterEach(() => {
  document.cookie = 'portico.state=; Max-Age=0; Path=/'
})

describe('porticoCookieToInitialState (the server reads the ssr cookie)', () => {
  it('reads the account from a Cookie header among other cookies', () => {
    expect(porticoCookieToInitialState(`a=1; portico.state=eip155:8453:${ADDRESS}; b=2`)).toEqual({
      namespace: 'eip155',
      caipNetworkId: 'eip155:8453',
      address: ADDRESS,
      caipAddress: `eip155:8453:${ADDRESS}`,
    })
  })

  it('no header, no cookie, or a value that fails the schema is disconnected (undefined), never a throw', () => {
    for (const header of [
      undefined,
      null,
      '',
      'a=1',
      'portico.state=',
      'portico.state=eip155:1',
      'portico.state=cosmos:hub:abc',
      'portico.state=eip155:1:0x12"><script>',
      `portico.state=eip155:1:${'a'.repeat(129)}`,
      'xportico.state=eip155:1:0xab',
    ]) {
      expect(porticoCookieToInitialState(header), String(header)).toBeUndefined()
    }
    // Whatever a client sends: a string in, an account or undefined out.
    fc.assert(
      fc.property(fc.string(), (value) => {
        const state = porticoCookieToInitialState(`portico.state=${value}`)
        expect(state === undefined || /^[-.%a-zA-Z0-9]+$/.test(state.address)).toBe(true)
      }),
    )
  })

  it('the cookie is first-party, Lax, for 30 days (2,592,000 s), Secure on https, and deleted with Max-Age=0', () => {
    expect(stateCookie(`eip155:1:${ADDRESS}`, { secure: false })).toBe(`portico.state=eip155:1:${ADDRESS}; Max-Age=2592000; Path=/; SameSite=Lax`)
    expect(stateCookie(`eip155:1:${ADDRESS}`, { secure: true })).toMatch(/; Secure$/)
    expect(stateCookie(undefined, { secure: false })).toBe('portico.state=; Max-Age=0; Path=/; SameSite=Lax')
  })
})

describe('createPortico({ ssr: true }) keeps the active account in the cookie', () => {
  it('writes the CAIP-10 address on connect and deletes the cookie on disconnect', async () => {
    const kit = kitWith({ ssr: true })
    await settled(kit)
    connect(kit)
    expect(document.cookie).toBe(`portico.state=eip155:1:${ADDRESS}`)
    kit.chains.resetAccount('eip155')
    expect(document.cookie).toBe('')
    kit.destroy()
  })

  it("leaves the last visit's cookie alone until the restore settles, and erases it when the restore does not confirm it", async () => {
    document.cookie = `portico.state=eip155:1:${ADDRESS}; Path=/`
    const kit = kitWith({ ssr: true })
    // The store starts disconnected: that is not yet the restore's answer.
    expect(kit.chains.activeAccount()?.status).toBe('disconnected')
    expect(document.cookie).toBe(`portico.state=eip155:1:${ADDRESS}`)
    // Nothing stored to resume: the restore ends disconnected, and so does the cookie.
    await settled(kit)
    expect(document.cookie).toBe('')
    kit.destroy()
  })

  it('a connection being made leaves the cookie as it is', async () => {
    const kit = kitWith({ ssr: true })
    await settled(kit)
    connect(kit)
    kit.chains.updateAccount('eip155', { status: 'connecting' })
    expect(document.cookie).toBe(`portico.state=eip155:1:${ADDRESS}`)
    kit.destroy()
  })

  it('without ssr, or once destroyed, no cookie is written', async () => {
    const plain = kitWith()
    await settled(plain)
    connect(plain)
    expect(document.cookie).toBe('')
    const destroyed = kitWith({ ssr: true })
    await settled(destroyed)
    destroyed.destroy()
    connect(destroyed)
    expect(document.cookie).toBe('')
    // Destroyed before the writer had loaded: it never starts.
    const early = kitWith({ ssr: true })
    early.destroy()
    await settled(early)
    connect(early)
    expect(document.cookie).toBe('')
  })
})
