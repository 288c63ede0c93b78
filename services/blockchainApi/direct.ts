import { type Address, type Client, createClient, erc20Abi, fallback, http, isAddress } from 'viem'
import { getCode, multicall, readContract } from 'viem/actions'
import type { CaipNetworkId } from '../../kernel/chains/caip.ts'
import type { CaipNetwork } from '../../kernel/chains/network.ts'
import type { Balance } from '../../kernel/connection/chainAdapter.ts'
import { HttpRpcDefaults } from '../../kernel/constants.ts'
import { PorticoError } from '../../kernel/errors/base.ts'
import { ErrorText } from '../../kernel/errors/catalogue.ts'
import { formatUnits } from '../../kernel/wallets/units.ts'
import type { BlockchainApi } from '../../protocol/api/contract.ts'
import { BlockchainApiErrorText } from './errors.ts'
import type { TokenBalance } from '../../protocol/api/schemas.ts'

/** Multicall3, deployed at this address on most EVM chains (not on a bare Hardhat node). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

export interface DirectBlockchainApiOptions {
  /** The kit's networks (their RPC URLs are read from here). */
  networks(): readonly CaipNetwork[]
  /** The native balance through the namespace's chain adapter (the kernel's own path). */
  nativeBalance(address: string, network: CaipNetwork): Promise<Balance>
  /** The ERC20 contracts to read on a network (the portfolio plugin's `tokens` option). */
  tokens(chainId: CaipNetworkId): readonly string[]
}

interface Erc20Read {
  readonly address: Address
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly balance: bigint
}

const READS = ['name', 'symbol', 'decimals', 'balanceOf'] as const

/**
 * The Blockchain API without a server, over the chain's own RPC: the native balance
 * (through the chain adapter) and the configured ERC20 balances, read in one
 * multicall where the chain has Multicall3, else as plain reads sent in one JSON-RPC
 * batch. No prices (0, so dollar values show 0.00), and no history, NFTs, names or
 * identity: `capabilities` says so and the views hide those tabs.
 *
 * @example
 * createDirectBlockchainApi({ networks, nativeBalance, tokens: () => ['0x…'] })
 */
export function createDirectBlockchainApi(options: DirectBlockchainApiOptions): BlockchainApi {
  const clients = new Map<CaipNetworkId, Client>()
  const hasMulticall = new Map<CaipNetworkId, Promise<boolean>>()

  const clientOf = (network: CaipNetwork): Client => {
    let client = clients.get(network.caipNetworkId)
    if (!client) {
      const transports = network.rpcUrls.default.http.map((url) =>
        http(url, { batch: { batchSize: HttpRpcDefaults.batchSize, wait: HttpRpcDefaults.batchWaitMs }, timeout: HttpRpcDefaults.timeoutMs }),
      )
      client = createClient({ transport: fallback(transports) })
      clients.set(network.caipNetworkId, client)
    }
    return client
  }

  /** Whether Multicall3 has code on the network; asked once per network (a failed check is asked again). */
  const multicallOn = (network: CaipNetwork, client: Client) => {
    let known = hasMulticall.get(network.caipNetworkId)
    if (!known) {
      known = getCode(client, { address: MULTICALL3_ADDRESS }).then((code) => code !== undefined && code !== '0x')
      known.catch(() => hasMulticall.delete(network.caipNetworkId))
      hasMulticall.set(network.caipNetworkId, known)
    }
    return known
  }

  /** name, symbol, decimals and balanceOf of each token; a token whose reads fail (not an ERC20) is left out. */
  const readErc20s = async (network: CaipNetwork, owner: Address, tokens: readonly Address[]): Promise<Erc20Read[]> => {
    const client = clientOf(network)
    const contracts = tokens.flatMap((address) =>
      READS.map((functionName) => ({
        address,
        abi: erc20Abi,
        functionName,
        ...(functionName === 'balanceOf' ? { args: [owner] as const } : {}),
      })),
    )
    const results: { status: 'success' | 'failure'; result?: unknown }[] = (await multicallOn(network, client))
      ? await multicall(client, { contracts, allowFailure: true, multicallAddress: MULTICALL3_ADDRESS })
      : await Promise.all(
          contracts.map((contract) =>
            readContract(client, contract as Parameters<typeof readContract>[1]).then(
              (result) => ({ status: 'success' as const, result }),
              () => ({ status: 'failure' as const }),
            ),
          ),
        )
    return tokens.flatMap((address, index) => {
      const [name, symbol, decimals, balance] = results.slice(index * READS.length, (index + 1) * READS.length)
      const ok = [name, symbol, decimals, balance].every((read) => read?.status === 'success')
      if (!ok) return []
      return [
        {
          address,
          name: String(name!.result),
          symbol: String(symbol!.result),
          decimals: Number(decimals!.result),
          balance: balance!.result as bigint,
        },
      ]
    })
  }

  const notSupported = (what: string) => Promise.reject(new PorticoError(BlockchainApiErrorText.NOT_SUPPORTED, { details: what }))

  return {
    capabilities: { history: false, nfts: false, names: false, identity: false },

    async balances({ address, chainId }) {
      const network = options.networks().find((candidate) => candidate.caipNetworkId === chainId)
      if (!network) throw new PorticoError(ErrorText.NETWORK_NOT_FOUND, { details: chainId })
      const tokens = network.chainNamespace === 'eip155' ? options.tokens(chainId).filter((token) => isAddress(token)) : []
      const [native, erc20s] = await Promise.all([
        options.nativeBalance(address, network),
        tokens.length > 0 && isAddress(address) ? readErc20s(network, address, tokens as Address[]) : [],
      ])
      const iconUrl = network.assets?.imageUrl ?? ''
      const nativeBalance: TokenBalance = {
        name: network.nativeCurrency.name,
        symbol: native.symbol,
        chainId,
        value: 0,
        price: 0,
        quantity: { decimals: String(network.nativeCurrency.decimals), numeric: native.balance },
        iconUrl,
      }
      // Like an API's portfolio: the tokens the account holds, not every configured one.
      const held = erc20s
        .filter((token) => token.balance > 0n)
        .map(
          (token): TokenBalance => ({
            name: token.name,
            symbol: token.symbol,
            chainId,
            address: token.address,
            value: 0,
            price: 0,
            quantity: { decimals: String(token.decimals), numeric: formatUnits(token.balance, token.decimals) },
            iconUrl: '',
          }),
        )
      return [nativeBalance, ...held]
    },
    transactions: () => notSupported('transactions'),
    nfts: () => notSupported('NFTs'),
    identity: () => notSupported('identity'),
    lookupName: () => notSupported('lookupName'),
    reverseLookup: () => notSupported('reverseLookup'),
    suggestNames: () => notSupported('suggestNames'),
    registerName: () => notSupported('registerName'),
  }
}
