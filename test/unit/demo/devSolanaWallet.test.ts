import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SOLANA_ADDRESS, DEV_SOLANA_AUTHORIZED_KEY, DEV_SOLANA_WALLET_NAME, registerDevSolanaWallet } from '../../../demo/devWallet/solanaAnnounce.ts'
import { type SolanaRpc, startSolanaRpc } from '../../peers/solanaRpc.mjs'
import { verifyEd25519 } from '../../peers/solanaTestWallet.ts'

// The demo's Solana development wallet (issue 6 item 5): Wallet Standard registration,
// approve/reject prompts, WebCrypto ed25519 signing with the fixed test key, and
// signAndSendTransaction against the litesvm shim.

let rpc: SolanaRpc
beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 })
})
afterAll(() => rpc?.stop())

type Feature = Record<string, (...args: any[]) => Promise<any>>

function setUp(answers: boolean[] = []) {
  const target = new EventTarget() as unknown as Window
  const map = new Map<string, string>()
  const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
  const prompts: { action: string; details: [string, string][] }[] = []
  const registered: unknown[] = []
  target.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent).detail({ register: (w: unknown) => registered.push(w) }))
  const wallet = registerDevSolanaWallet({
    target,
    storage,
    rpcUrl: rpc.url,
    loadCore: () => import('../../../demo/devWallet/solanaWallet.ts'),
    approve: async (title, action, details) => {
      expect(title).toBe(DEV_SOLANA_WALLET_NAME)
      prompts.push({ action, details })
      return answers.shift() ?? true
    },
  }) as { accounts: { address: string; publicKey: Uint8Array }[]; features: Record<string, Feature>; name: string }
  return { wallet, registered, prompts, map }
}

describe('Portico Dev Solana Wallet', () => {
  it('registers through the Wallet Standard, named as a test key; connect asks, remembers, and disconnect forgets', async () => {
    const { wallet, registered, prompts, map } = setUp([false, true])
    expect(registered).toEqual([wallet])
    expect(wallet.name).toBe('Portico Dev Solana Wallet — test key, never use real funds')
    expect(wallet.accounts).toEqual([])
    await expect(wallet.features['standard:connect']!.connect!()).rejects.toMatchObject({ code: 4001 })
    expect((await wallet.features['standard:connect']!.connect!({ silent: true })).accounts).toEqual([])
    const { accounts } = await wallet.features['standard:connect']!.connect!()
    expect(accounts.map((a: { address: string }) => a.address)).toEqual([DEV_SOLANA_ADDRESS])
    expect(new PublicKey(accounts[0].publicKey).toBase58()).toBe(DEV_SOLANA_ADDRESS)
    expect(map.get(DEV_SOLANA_AUTHORIZED_KEY)).toBe('yes')
    expect(prompts.map((p) => p.action)).toEqual(['Connect to this site?', 'Connect to this site?'])
    await wallet.features['standard:disconnect']!.disconnect!()
    expect(wallet.accounts).toEqual([])
    expect(map.has(DEV_SOLANA_AUTHORIZED_KEY)).toBe(false)
  })

  it('signMessage: ed25519 with the test key, verified by Node; a rejection is 4001', async () => {
    const { wallet, prompts } = setUp([true, true, false])
    const [account] = (await wallet.features['standard:connect']!.connect!()).accounts
    const message = new TextEncoder().encode('Hello from Portico')
    const [out] = await wallet.features['solana:signMessage']!.signMessage!({ account, message })
    expect(verifyEd25519(new PublicKey(DEV_SOLANA_ADDRESS).toBytes(), message, out.signature)).toBe(true)
    expect(prompts[1]!.details).toContainEqual(['Message', 'Hello from Portico'])
    await expect(wallet.features['solana:signMessage']!.signMessage!({ account, message })).rejects.toMatchObject({ code: 4001 })
  })

  it('signTransaction signs a web3.js transfer (valid signature); signAndSendTransaction lands it on the shim', async () => {
    const { wallet } = setUp()
    const [account] = (await wallet.features['standard:connect']!.connect!()).accounts
    const connection = new Connection(rpc.url, 'confirmed')
    const from = new PublicKey(DEV_SOLANA_ADDRESS)
    await connection.confirmTransaction(await connection.requestAirdrop(from, 2 * LAMPORTS_PER_SOL))
    const to = Keypair.generate().publicKey
    const build = async () => {
      const { blockhash } = await connection.getLatestBlockhash()
      return new Transaction({ feePayer: from, recentBlockhash: blockhash })
        .add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 0.25 * LAMPORTS_PER_SOL }))
        .serialize({ requireAllSignatures: false, verifySignatures: false })
    }
    const [signed] = await wallet.features['solana:signTransaction']!.signTransaction!({ account, transaction: await build(), chain: 'solana:localnet' })
    expect(Transaction.from(signed.signedTransaction).verifySignatures()).toBe(true)

    const [sent] = await wallet.features['solana:signAndSendTransaction']!.signAndSendTransaction!({
      account,
      transaction: await build(),
      chain: 'solana:localnet',
      options: { skipPreflight: false, preflightCommitment: 'confirmed' },
    })
    expect(sent.signature).toHaveLength(64)
    expect(await connection.getBalance(to)).toBe(0.25 * LAMPORTS_PER_SOL)
    await expect(wallet.features['solana:signAndSendTransaction']!.signAndSendTransaction!({ account, transaction: await build(), chain: 'solana:mainnet' })).rejects.toMatchObject(
      { code: 4100 },
    )
  })
})
