import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../kernel/index.ts'
import { hardhatNetwork } from '../../test/peers/networks.ts'
import { type Relay, startRelay } from '../../test/peers/relay.mjs'
import { createSharedKeyValueStorage } from '../../test/peers/wcWallet.mjs'
import { createSessionClient } from './session.ts'

// The session client's own rules. Port 8625 belongs to this file.
let relay: Relay
beforeAll(async () => {
  relay = await startRelay({ port: 8625 })
})
afterAll(() => relay?.stop())

describe('session client', () => {
  it('with a relay other than the public one, WalletConnect Verify (a remote iframe) is skipped', async () => {
    const client = createSessionClient({
      config: parseConfig({ projectId: 'p', networks: [hardhatNetwork()], endpoints: { relay: relay.url } }),
      options: { storage: createSharedKeyValueStorage(), customStoragePrefix: 'session-test', logLevel: 'silent' },
      listener: { uri: vi.fn(), event: vi.fn(), updated: vi.fn(), ended: vi.fn(), relayLost: vi.fn(), relayBack: vi.fn() },
      alerts: { report: vi.fn() } as never,
      logger: { warn: vi.fn(), error: vi.fn() },
    })
    try {
      const provider = await client.provider()
      // The library's own register returns nothing outside a browser; the skipped one answers '' everywhere.
      expect(await provider.client.core.verify.register({ id: 'a', decryptedId: 'b' })).toBe('')
      expect(client.current()).toBeUndefined()
      // One provider per kit, however often it is asked for.
      expect(await client.provider()).toBe(provider)
    } finally {
      client.dispose()
    }
  })
})
