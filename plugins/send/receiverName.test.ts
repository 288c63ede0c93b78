import { describe, expect, it, vi } from 'vitest'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import type { NameRecord } from '../../protocol/api/schemas.ts'
import { createChainStore } from '../../kernel/chains/chainStore.ts'
import { hardhat, hardhat2 } from '../../test/peers/networks.ts'
import { receiverOfName } from './receiverName.ts'

// A registered name as Send's receiver: the name's address on the active network, else on
// its namespace; nothing where the API has no names.

const ON_31337 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ON_31338 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function state(network = hardhat) {
  const chains = createChainStore([hardhat, hardhat2], network)
  chains.updateNetwork('eip155', { caipNetwork: network })
  return chains.get()
}

const RECORDS: Record<string, NameRecord> = {
  'alice-test': {
    name: 'alice-test',
    addresses: { '2147514985': { chainId: 'eip155:31337', address: ON_31337 }, '2147514986': { chainId: 'eip155:31338', address: ON_31338 } },
  },
  'only-main': { name: 'only-main', addresses: { '60': { chainId: 'eip155:1', address: ON_31337 } } },
}

const api = (names = true): Pick<BlockchainApi, 'capabilities' | 'lookupName'> => ({
  capabilities: { history: names, nfts: names, names, identity: names },
  lookupName: vi.fn<BlockchainApi['lookupName']>(async (name) => RECORDS[name]),
})

describe('receiverOfName', () => {
  it("answers the name's address on the active network", async () => {
    expect(await receiverOfName(api(), state(hardhat), 'alice-test')).toBe(ON_31337)
    expect(await receiverOfName(api(), state(hardhat2), 'alice-test')).toBe(ON_31338)
  })

  it('falls back to an address of the same namespace; undefined for an unknown name', async () => {
    expect(await receiverOfName(api(), state(hardhat), 'only-main')).toBe(ON_31337)
    expect(await receiverOfName(api(), state(hardhat), 'nobody-here')).toBeUndefined()
  })

  it('asks nothing where the API has no names (the direct RPC fallback)', async () => {
    const direct = api(false)
    expect(await receiverOfName(direct, state(hardhat), 'alice-test')).toBeUndefined()
    expect(direct.lookupName).not.toHaveBeenCalled()
  })
})
