import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ErrorText, type PorticoKit, createKernel, createMemoryBackend } from '../../../kernel/index.ts'
import { type SolanaRpc, startSolanaRpc } from '../../../test/peers/solanaRpc.mjs'
import { solanaLocalnet } from '../../../test/peers/solanaNetworks.ts'
import { createSolanaTestWallet, verifyEd25519 } from '../../../test/peers/solanaTestWallet.ts'
import { decodeBase58, encodeBase58 } from '../../../protocol/base58.ts'
import { SolanaErrorText } from './errors.ts'
import { solanaPlugin } from './index.ts'

// kit.request('solana_signMessage') reaching a connected browser wallet (Wallet Standard
// test wallet) through the adapter, as sign-in asks it. Port 8915 belongs to this file.
const NAME = 'Solana Request Wallet'
let rpc: SolanaRpc
const g = globalThis as unknown as { window?: EventTarget }
beforeAll(async () => {
  g.window = new EventTarget()
  rpc = await startSolanaRpc({ port: 8915 })
})
afterAll(async () => {
  await rpc?.stop()
  delete g.window
})
const kits: PorticoKit[] = []
const cleanups: (() => void)[] = []
afterEach(() => {
  kits.splice(0).forEach((kit) => kit.destroy())
  cleanups.splice(0).forEach((stop) => stop())
})

async function connected(approve?: (method: string) => boolean) {
  const w = createSolanaTestWallet({ name: NAME, rpcUrl: rpc.url, approve })
  cleanups.push(w.register())
  const kit = createKernel(
    { projectId: 'test', networks: [solanaLocalnet(rpc.url)], features: { analytics: false }, plugins: [solanaPlugin()] },
    { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } },
  )
  kits.push(kit)
  await kit.restored
  await kit.plugins.load('solana')
  await kit.connect({ connectorId: NAME, namespace: 'solana' })
  return { kit, w }
}

describe('kit.request with a browser Solana wallet', () => {
  it('solana_signMessage: the wallet signs the base58 bytes; the base58 signature verifies over them', async () => {
    const { kit, w } = await connected()
    const bytes = new TextEncoder().encode('app.example wants you to sign in with your Solana account')
    const answer = (await kit.request({ method: 'solana_signMessage', params: { message: encodeBase58(bytes), pubkey: w.address } })) as { signature: string }
    expect(verifyEd25519(decodeBase58(w.address)!, bytes, decodeBase58(answer.signature)!)).toBe(true)
  })

  it('another account, a message that is not base58, or a method it does not serve are refused', async () => {
    const { kit, w } = await connected()
    const other = createSolanaTestWallet({ name: 'Other', rpcUrl: rpc.url }).address
    await expect(kit.request({ method: 'solana_signMessage', params: { message: '2', pubkey: other } })).rejects.toMatchObject({ shortMessage: SolanaErrorText.INVALID_MESSAGE })
    await expect(kit.request({ method: 'solana_signMessage', params: { message: '0OIl', pubkey: w.address } })).rejects.toMatchObject({
      shortMessage: SolanaErrorText.INVALID_MESSAGE,
    })
    await expect(kit.request({ method: 'solana_signTransaction', params: {} })).rejects.toMatchObject({ shortMessage: ErrorText.ADAPTER_NOT_FOUND })
  })
})
