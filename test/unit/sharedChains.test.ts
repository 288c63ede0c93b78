// The e2e run's shared Hardhat nodes (test/peers/sharedChains.ts): each lease hands the chain
// over as a fresh node has it, one file holds it at a time, and a file that takes the port
// gets it free and gives the node back when done.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { HARDHAT_ACCOUNT_0, assertPortFree, rpc } from '../peers/hardhat.ts'
import { type SharedChains, leaseSharedChain, startSharedChains, takeSharedPort } from '../peers/sharedChains.ts'
import { freePort } from '../peers/freePort.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-shared-chains-test-'))
let port: number
let shared: SharedChains

beforeAll(async () => {
  port = await freePort()
  shared = await startSharedChains(dir, [{ port, chainId: 31337 }])
})

afterAll(async () => {
  await shared?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('shared Hardhat chains', () => {
  it('a lease gets the chain at genesis: blocks, balances, code, automine and interval mining as a fresh node has them', async () => {
    const first = (await leaseSharedChain(dir, { port, chainId: 31337 }))!
    onTestFinished(() => first.stop())
    const fresh = {
      block: await rpc<string>(first.url, 'eth_blockNumber'),
      balance: await rpc<string>(first.url, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest']),
    }
    expect(fresh.block).toBe('0x0')
    await rpc(first.url, 'hardhat_setBalance', [HARDHAT_ACCOUNT_0.address, '0x1'])
    await rpc(first.url, 'hardhat_mine', ['0x10'])
    await rpc(first.url, 'hardhat_setCode', ['0xcA11bde05977b3631167028862bE2a173976CA11', '0x6000'])
    await rpc(first.url, 'evm_setAutomine', [false])
    await rpc(first.url, 'evm_setIntervalMining', [60_000])
    await first.stop()

    const second = (await leaseSharedChain(dir, { port, chainId: 31337 }))!
    onTestFinished(() => second.stop())
    expect(second.url).toBe(first.url)
    expect(await rpc(second.url, 'eth_blockNumber')).toBe('0x0')
    expect(await rpc(second.url, 'eth_getBalance', [HARDHAT_ACCOUNT_0.address, 'latest'])).toBe(fresh.balance)
    expect(await rpc(second.url, 'eth_getCode', ['0xcA11bde05977b3631167028862bE2a173976CA11', 'latest'])).toBe('0x')
    expect(await rpc(second.url, 'hardhat_getAutomine')).toBe(true)
    // Automine on and no interval: a transaction is mined at once, in block 1.
    await rpc(second.url, 'eth_sendTransaction', [{ from: HARDHAT_ACCOUNT_0.address, to: HARDHAT_ACCOUNT_0.address, value: '0x1' }])
    expect(await rpc(second.url, 'eth_blockNumber')).toBe('0x1')
    await second.stop()
  })

  it('one holder at a time: a second lease waits until the first is stopped', async () => {
    const first = (await leaseSharedChain(dir, { port, chainId: 31337 }))!
    onTestFinished(() => first.stop())
    let secondGot = false
    const second = leaseSharedChain(dir, { port, chainId: 31337 }).then((node) => ((secondGot = true), node!))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(secondGot).toBe(false)
    await first.stop()
    await (await second).stop()
    expect(secondGot).toBe(true)
  })

  it('a chain id the shared node does not have is not handed out', async () => {
    expect(await leaseSharedChain(dir, { port, chainId: 31338 })).toBeUndefined()
  })

  it('a file that takes the port finds it free, and once it releases it the node is back, at genesis', async () => {
    const release = (await takeSharedPort(dir, port))!
    onTestFinished(release)
    await expect(assertPortFree(port)).resolves.toBeUndefined()
    // While this process holds the port, startHardhat starts a node of its own there.
    expect(await leaseSharedChain(dir, { port, chainId: 31337 })).toBeUndefined()
    release()
    const back = (await leaseSharedChain(dir, { port, chainId: 31337 }))!
    onTestFinished(() => back.stop())
    expect(await rpc(back.url, 'eth_blockNumber')).toBe('0x0')
    await back.stop()
  })
})
