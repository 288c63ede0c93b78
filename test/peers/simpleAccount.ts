// eth-infinitism's SimpleAccount v0.7 (@account-abstraction/contracts 0.7.0) as a viem smart
// account: viem's account-abstraction module ships no adapter for it (permissionless has one,
// but does not install beside this viem: its ox peer conflicts). The account is created by the
// canonical SimpleAccountFactory and validates its owner's EIP-191 signature of the
// user operation hash.
import { decodeFunctionData, encodeFunctionData, parseAbi, type Address, type Chain, type LocalAccount, type PublicClient, type Transport } from 'viem'
import { entryPoint07Abi, getUserOperationHash, toSmartAccount, type SmartAccount } from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { ENTRY_POINT_V07, SIMPLE_ACCOUNT_FACTORY_V07 } from '../../demo/peers/accountAbstraction.mjs'

const accountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
const factoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)'])

/** A 65-byte signature that recovers without reverting (to some other address): gas is estimated with it. */
const STUB_SIGNATURE =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

export async function toSimpleAccountV07({ client, owner, salt = 0n }: { client: PublicClient<Transport, Chain>; owner: LocalAccount; salt?: bigint }): Promise<SmartAccount> {
  const entryPoint = { abi: entryPoint07Abi, address: ENTRY_POINT_V07, version: '0.7' } as const
  let address: Address | undefined
  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      address ??= await readContract(client, { address: SIMPLE_ACCOUNT_FACTORY_V07, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, salt] })
      return address
    },
    async getFactoryArgs() {
      return { factory: SIMPLE_ACCOUNT_FACTORY_V07, factoryData: encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) }
    },
    async encodeCalls(calls) {
      if (calls.length === 1) return encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [calls[0]!.to, calls[0]!.value ?? 0n, calls[0]!.data ?? '0x'] })
      return encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => call.to), calls.map((call) => call.value ?? 0n), calls.map((call) => call.data ?? '0x')],
      })
    },
    async decodeCalls(data) {
      const call = decodeFunctionData({ abi: accountAbi, data })
      if (call.functionName === 'execute') return [{ to: call.args[0], value: call.args[1], data: call.args[2] }]
      return call.args[0].map((to, i) => ({ to, value: call.args[1][i], data: call.args[2][i] }))
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signUserOperation({ chainId = client.chain.id, ...userOperation }) {
      const hash = getUserOperationHash({ chainId, entryPointAddress: entryPoint.address, entryPointVersion: '0.7', userOperation: { ...userOperation, sender: await this.getAddress() } })
      return owner.signMessage({ message: { raw: hash } })
    },
    // SimpleAccount v0.7 has no isValidSignature (ERC-1271): it signs user operations only.
    async signMessage() {
      throw new Error('SimpleAccount v0.7 does not sign messages (no ERC-1271)')
    },
    async signTypedData() {
      throw new Error('SimpleAccount v0.7 does not sign typed data (no ERC-1271)')
    },
  })
}
