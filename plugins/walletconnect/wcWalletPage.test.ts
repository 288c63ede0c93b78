import { SignClient } from '@walletconnect/sign-client'
import { recoverMessageAddress, stringToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HARDHAT_ACCOUNT_0 } from '../../test/peers/hardhat.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import { type WcWalletPage, startWcWalletPage } from '../../test/peers/wcWalletPage.mjs'

// The demo's dev phone wallet page (test/peers/wcWalletPage.mjs), driven over its
// HTTP API the way its page script does. Ports: relay 8623, page 8635.
let relay: Relay
let page: WcWalletPage
beforeAll(async () => {
  relay = await startRelay({ port: 8623 })
  page = await startWcWalletPage({ port: 8635, relayUrl: relay.url, privateKey: HARDHAT_ACCOUNT_0.privateKey, rpcUrls: { 31337: 'http://127.0.0.1:1' } })
})
afterAll(async () => {
  await page?.stop()
  await relay?.stop()
})

const post = (path: string, body: unknown) => fetch(`http://127.0.0.1:8635${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('dev phone wallet page', () => {
  it('serves the page, pairs a pasted uri, and waits for the person on the session and each request', async () => {
    const html = await (await fetch(page.url)).text()
    expect(html).toContain('Dev phone wallet')
    expect((await fetch(`${page.url}/wc?uri=x`)).status).toBe(200)
    expect((await post('/wallet/pair', { uri: 'javascript:alert(1)' })).status).toBe(400)

    const dapp = await SignClient.init({
      projectId: 'p',
      relayUrl: relay.url,
      metadata: { name: 'Page test dapp', description: '', url: 'https://dapp.test', icons: [] },
      storageOptions: { database: ':memory:' },
      customStoragePrefix: 'wallet-page-test-dapp',
      telemetryEnabled: false,
      logger: 'silent',
    } as Parameters<typeof SignClient.init>[0])
    try {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
      })
      expect((await post('/wallet/pair', { uri })).status).toBe(202)
      const proposal = await vi.waitFor(
        () => {
          const item = page.state().pending[0]
          if (!item) throw new Error('no proposal yet')
          return item
        },
        { timeout: 10_000 },
      )
      expect(proposal).toMatchObject({ method: 'session_proposal', params: expect.stringContaining('Page test dapp') })
      await post('/wallet/decide', { id: proposal.id, approve: true })
      const session = await approval()

      const signed = dapp.request<`0x${string}`>({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: [stringToHex('hello from the page test'), HARDHAT_ACCOUNT_0.address] },
      })
      const request = await vi.waitFor(
        () => {
          const item = page.state().pending[0]
          if (!item) throw new Error('no request yet')
          return item
        },
        { timeout: 10_000 },
      )
      expect(request).toMatchObject({ method: 'personal_sign', params: 'hello from the page test' })
      await post('/wallet/decide', { id: request.id, approve: true })
      expect(await recoverMessageAddress({ message: 'hello from the page test', signature: await signed })).toBe(HARDHAT_ACCOUNT_0.address)
      expect(page.state().sessions).toEqual([session.topic])
    } finally {
      await dapp.core.relayer.transportClose().catch(() => undefined)
    }
  }, 30_000)
})
