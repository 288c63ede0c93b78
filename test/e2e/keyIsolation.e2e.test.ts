// The embedded wallet's key never reaches the host page, checked on the built demo after a
// real email login and a signature: the host page's JS heap (a V8 heap snapshot through CDP),
// its localStorage, sessionStorage, IndexedDB and cookies are searched for the key's and the
// shares' bytes in the text forms a leak would take. The key searched for is the real one:
// rebuilt in Node from what the frame's origin holds (its device share) and what the frame
// server gives that session (the auth share), and checked against the address the demo shows.
// A frame on another port of 127.0.0.1 is the same site as the host, so Chromium would keep
// it in the host's process and heap (--isolate-origins does not help: it ignores the port).
// The frame server sends Origin-Agent-Cluster: ?1 with the frame page, which gives the frame
// a process of its own, so the host page's snapshot holds the host's heap only; the test
// checks that (a CDP session opens on the frame only when it has its own process). Ports 8545
// and 8700 are the demo's (demo/config.ts), so this file needs them free.
import { Buffer } from 'node:buffer'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { combine } from 'shamir-secret-sharing'
import * as v from 'valibot'
import { type Hex, bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROJECT_ID, type EmbeddedStack } from '../../demo/peers/embedded.ts'
import { SessionSchema } from '../../servers/frame/page/session.ts'
import { type EmailDemo, emailLogin, signHelloThroughFrame, startEmailDemo, uniqueEmail } from './emailLogin.ts'
import type { DemoServer, RecordedPage } from './harness.ts'
import { hostStorage } from './hostStorage.ts'
import { openPage, waitForModal } from './modalHarness.ts'

let browser: Browser
let demo: DemoServer
let stack: EmbeddedStack
let recorded: RecordedPage | undefined

let env: EmailDemo | undefined

beforeAll(async () => {
  env = await startEmailDemo()
  ;({ browser, demo, stack } = env)
})
afterAll(async () => {
  await recorded?.context.close()
  await env?.close()
})

const { loginOnNewDevice } = emailLogin(() => stack.mailboxUrl!)

/** What the frame's origin keeps for this device, read by a page of that origin (the frame page itself, with no parent). */
async function frameOriginHolds(page: Page, projectId: string) {
  const own = await page.context().newPage()
  await own.goto(`${stack.frameUrl}/frame?projectId=${projectId}`)
  await expect.poll(() => own.locator('body').textContent()).toBe('W3mFrame: parent is not set')
  const held = await own.evaluate(async (projectId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('portico-frame')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const read = <T>(request: IDBRequest<T>) => new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)))
    const session = JSON.parse(localStorage.getItem(`@portico-frame/session:${projectId}`) ?? 'null') as { userId: string }
    const store = db.transaction('keys').objectStore('keys')
    const deviceId = (await read(store.get('deviceId'))) as string
    const wrappingKey = (await read(store.get('wrappingKey'))) as CryptoKey
    const wrapped = (await read(store.get(`share:${session.userId}:eip155`))) as { iv: Uint8Array<ArrayBuffer>; data: Uint8Array<ArrayBuffer> }
    // The wrapping key is not extractable, but script on this origin may use it: that is how the frame itself reads the share.
    const share = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: wrapped.iv, additionalData: new TextEncoder().encode(`${session.userId}/eip155`) }, wrappingKey, wrapped.data),
    )
    db.close()
    return { session, deviceId, deviceShare: [...share] }
  }, projectId)
  await own.close()
  return { session: v.parse(SessionSchema, held.session), deviceId: held.deviceId, deviceShare: Uint8Array.from(held.deviceShare) }
}

/** The auth share the frame server gives this session, fetched as the frame would (same query, same token). */
async function authShare(accessToken: string, deviceId: string): Promise<Uint8Array> {
  const query = new URLSearchParams({ projectId: DEMO_PROJECT_ID, hostOrigin: new URL(demo.url).origin, deviceId, namespace: 'eip155' })
  const response = await fetch(`${stack.frameUrl}/v1/shares/auth?${query}`, { headers: { authorization: `Bearer ${accessToken}` } })
  if (!response.ok) throw new Error(`GET /v1/shares/auth answered ${response.status}: ${await response.text()}`)
  const { share } = v.parse(v.object({ share: v.string() }), await response.json())
  return new Uint8Array(Buffer.from(share, 'base64'))
}

/**
 * A V8 heap snapshot of the target's isolate, as the JSON text DevTools would save. Its
 * strings table holds every live string; typed-array contents are not in it, which is why
 * bytes are searched for in their text forms.
 */
async function heapSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = []
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk))
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  await cdp.send('HeapProfiler.disable')
  return chunks.join('')
}

interface TextForm {
  readonly name: string
  readonly text: string
  /** Hex is matched in any case, which also covers it with a 0x or 0X before it. */
  readonly anyCase: boolean
}

/** The text forms bytes take when script turns them into a string: hex, base64, base64url (padding left off). */
function textForms(name: string, bytes: Uint8Array): TextForm[] {
  return [
    { name: `${name} as hex`, text: bytesToHex(bytes).slice(2), anyCase: true },
    { name: `${name} as base64`, text: Buffer.from(bytes).toString('base64').replace(/=+$/, ''), anyCase: false },
    { name: `${name} as base64url`, text: Buffer.from(bytes).toString('base64url'), anyCase: false },
  ]
}

/** The names of the forms found in `text`. */
function found(text: string, forms: readonly TextForm[]): string[] {
  const lower = text.toLowerCase()
  return forms.filter((form) => (form.anyCase ? lower.includes(form.text) : text.includes(form.text))).map((form) => form.name)
}

describe('after an email login through the demo, the host page holds no key and no share of the embedded wallet', () => {
  it('searches the host page’s heap snapshot, storage and cookies for the real key and both shares, and finds none', async () => {
    recorded = await openPage(browser, `${demo.url}/?networks=evm&devwallet=off`)
    const { page, context } = recorded
    const wallet = (await loginOnNewDevice(page, uniqueEmail('isolation'))) as Hex
    await waitForModal(page, false).catch(() => undefined)
    // One signature approved in the frame: the key was rebuilt and used, not only made.
    expect(await signHelloThroughFrame(page, wallet)).toBe(true)

    // The real key: the frame origin's device share and the server's auth share, combined here.
    const held = await frameOriginHolds(page, DEMO_PROJECT_ID)
    const auth = await authShare(held.session.accessToken, held.deviceId)
    const key = await combine([held.deviceShare, auth])
    expect(privateKeyToAddress(bytesToHex(key))).toBe(wallet)
    const forms = [...textForms('key', key), ...textForms('device share', held.deviceShare), ...textForms('auth share', auth)]

    // The frame is out of process: Playwright opens a CDP session only on a frame with a target of its own.
    const frame = page.frames().find((f) => f.url().startsWith(`${stack.frameUrl}/frame`))!
    const frameCdp = await context.newCDPSession(frame)

    const t0 = Date.now()
    const snapshot = await heapSnapshot(await context.newCDPSession(page))
    const snapshotMs = Date.now() - t0
    const t1 = Date.now()
    const inHeap = found(snapshot, forms)
    const searchMs = Date.now() - t1
    console.log(`[key isolation] host heap snapshot ${(snapshot.length / 1e6).toFixed(1)} MB in ${snapshotMs} ms; ${forms.length} forms searched in ${searchMs} ms`)
    // The search does see the host's heap: the address the page shows is in it. (Booleans, so
    // that a failure does not print tens of megabytes of snapshot.)
    expect(snapshot.includes(wallet), 'the wallet address is in the host heap snapshot').toBe(true)
    // And it is the host's heap, not the frame's: the frame page's own code (the path it fetches
    // the auth share from; the host's bundles never hold it) is in the frame's snapshot only.
    const frameSnapshot = await heapSnapshot(frameCdp)
    const frameOnly = '/v1/shares/auth'
    expect(frameSnapshot.includes(frameOnly), `"${frameOnly}" is in the frame heap snapshot`).toBe(true)
    expect(snapshot.includes(frameOnly), `"${frameOnly}" is not in the host heap snapshot`).toBe(false)
    console.log(
      `[key isolation] control: frame heap snapshot ${(frameSnapshot.length / 1e6).toFixed(1)} MB; key forms found in it: ${found(frameSnapshot, textForms('key', key)).join(', ') || 'none'}`,
    )
    expect(inHeap).toEqual([])

    const stored = await hostStorage(page)
    // The search does see what the host keeps: the frame's token for the host is stored there.
    expect(stored.includes(held.session.hostToken), 'the host token is in the host storage').toBe(true)
    expect(found(stored, forms)).toEqual([])
  })
})
