import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineNetwork } from '../../../kernel/index.ts'
import { installEnsResolver } from '../../../test/peers/ensResolver.ts'
import { HARDHAT_ACCOUNT_0, type HardhatNode, startHardhat } from '../../../test/peers/hardhat.ts'
import { hardhatNetwork } from '../../../test/peers/networks.ts'
import { createEip155Adapter } from './adapter.ts'
import { createRpcClients } from './transport.ts'

// The eip155 adapter's profile: ENS through viem's getEnsName and getEnsAvatar, for real,
// against an ENS Universal Resolver stand-in (test/peers/contracts/EnsUniversalResolver.sol)
// at mainnet's address on a Hardhat node the network calls Ethereum (id 1). Port 8597.

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
const AVATAR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='
let node: HardhatNode
const adapter = createEip155Adapter({ events: () => ({ accountsChanged() {}, chainChanged() {}, disconnected() {} }), rpc: createRpcClients() })
let ethereum: ReturnType<typeof defineNetwork>

beforeAll(async () => {
  node = await startHardhat({ port: 8597 })
  ethereum = defineNetwork({ ...hardhatNetwork(node.url), id: 1, caipNetworkId: 'eip155:1', name: 'Ethereum', testnet: false })
  const setName = await installEnsResolver(node.url, HARDHAT_ACCOUNT_0.address as Address)
  await setName(ALICE, 'alice.eth', AVATAR)
  await setName(BOB, 'bob.eth')
}, 60_000)
afterAll(async () => {
  adapter.dispose()
  await node?.stop()
})

describe('eip155 adapter profile (ENS)', () => {
  it("answers the address's ENS name and its avatar", async () => {
    expect(await adapter.getProfile!(ALICE, ethereum)).toEqual({ name: 'alice.eth', avatar: AVATAR })
  })

  it('a name without an avatar, and an address without a name', async () => {
    expect(await adapter.getProfile!(BOB, ethereum)).toEqual({ name: 'bob.eth' })
    expect(await adapter.getProfile!(HARDHAT_ACCOUNT_0.address, ethereum)).toBeUndefined()
  })

  it('a network without ENS (the local chain) is not asked', async () => {
    expect(await adapter.getProfile!(ALICE, hardhatNetwork(node.url))).toBeUndefined()
  })
})
