import { ed25519 } from '@noble/curves/ed25519'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createKernel, createMemoryBackend, definePlugin, solana } from '../../kernel/index.ts'
import { decodeBase58, encodeBase58 } from '../../protocol/base58.ts'
import { SiwxError } from './stores/errors.ts'
import { signText } from './signature.ts'

// Solana signing through kit.request: a wallet-side handler of solana_signMessage (as the
// embedded wallet's frame and WalletConnect wallets answer it) signs with a real ed25519
// key; the signature must verify over the message text's UTF-8 bytes.
const secret = ed25519.utils.randomPrivateKey()
const pubkey = encodeBase58(ed25519.getPublicKey(secret))
const SignMessage = v.object({ message: v.string(), pubkey: v.string() })

function kitAnswering(answer: (params: v.InferOutput<typeof SignMessage>) => unknown) {
  const wallet = definePlugin({
    id: 'solana-signer',
    contributes: { rpcMethods: ['solana_signMessage'] },
    load: async () => ({ activate: ({ rpc }) => rpc.register('solana_signMessage', async (params) => answer(v.parse(SignMessage, params))) }),
  })
  return createKernel({ projectId: 'p', networks: [solana], plugins: [wallet] }, { storage: createMemoryBackend(), logger: { warn: () => undefined, error: () => undefined } })
}

describe('signText for solana', () => {
  const text = 'app.example wants you to sign in with your Solana account:\nünïcödé ✓'

  it('asks solana_signMessage with the base58 UTF-8 text and this account; the base58 signature verifies over the text', async () => {
    const seen: { message: string; pubkey: string }[] = []
    const kit = kitAnswering((params) => {
      seen.push(params)
      return { signature: encodeBase58(ed25519.sign(decodeBase58(params.message)!, secret)) }
    })
    const signature = await signText(kit.services.rpc, 'solana', pubkey, text)
    expect(seen).toEqual([{ message: encodeBase58(new TextEncoder().encode(text)), pubkey }])
    expect(ed25519.verify(decodeBase58(signature)!, new TextEncoder().encode(text), decodeBase58(pubkey)!)).toBe(true)
    kit.destroy()
  })

  it('an answer that is no signature is a SiwxError (BAD_RESPONSE), not passed on', async () => {
    const kit = kitAnswering(() => ({ signature: 'not base58 0OIl' }))
    const error = await signText(kit.services.rpc, 'solana', pubkey, text).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SiwxError)
    expect(error).toMatchObject({ reason: 'BAD_RESPONSE' })
    kit.destroy()
  })
})
