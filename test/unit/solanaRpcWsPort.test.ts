// The Solana shim serves its PubSub WebSocket on PORT+1 as well (solana-test-validator's
// 8899/8900 convention), so a web3.js Connection made from the http URL alone (what the
// solana plugin does, and what is right for real https clusters) confirms transactions.
import { createServer } from 'node:net'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { afterEach, describe, expect, it } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from '../peers/solanaRpc.mjs'

const started: SolanaRpc[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((rpc) => rpc.stop()))
})

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

describe('startSolanaRpc WebSocket on PORT+1', () => {
  it('by default: new Connection(httpUrl) with no wsEndpoint sends and confirms a transfer through PORT+1', async () => {
    const rpc = await startSolanaRpc({ port: 8911 })
    started.push(rpc)
    expect(rpc.url).toBe('http://127.0.0.1:8911')
    expect(rpc.wsPlusOneUrl).toBe('ws://127.0.0.1:8912')
    const connection = new Connection(rpc.url, { commitment: 'confirmed' })
    const payer = Keypair.generate()
    const receiver = Keypair.generate().publicKey
    await connection.confirmTransaction(await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL))
    const transfer = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: receiver, lamports: 1234567 }))
    await sendAndConfirmTransaction(connection, transfer, [payer], { commitment: 'confirmed' })
    expect(await connection.getBalance(receiver)).toBe(1234567)
    expect(rpc.methods).toContain('signatureSubscribe')
  })

  it('port 0 picks a free pair of neighbouring ports', async () => {
    const rpc = await startSolanaRpc()
    started.push(rpc)
    const port = Number(new URL(rpc.url).port)
    expect(rpc.wsPlusOneUrl).toBe(`ws://127.0.0.1:${port + 1}`)
    expect(await canListen(port + 1)).toBe(false)
    const connection = new Connection(rpc.url, { commitment: 'confirmed' })
    const key = Keypair.generate().publicKey
    await connection.confirmTransaction(await connection.requestAirdrop(key, LAMPORTS_PER_SOL))
    expect(await connection.getBalance(key)).toBe(LAMPORTS_PER_SOL)
  })

  it('wsPortPlusOne: false serves one port only; a busy fixed PORT+1 fails the start and frees PORT', async () => {
    const single = await startSolanaRpc({ port: 8913, wsPortPlusOne: false })
    started.push(single)
    expect(single.wsPlusOneUrl).toBeUndefined()
    expect(await canListen(8914)).toBe(true)
    // 8913 is busy now, so a shim on 8912 cannot take its PORT+1.
    await expect(startSolanaRpc({ port: 8912 })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    expect(await canListen(8912)).toBe(true)
  })
})
