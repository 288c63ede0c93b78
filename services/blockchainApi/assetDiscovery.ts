import * as v from 'valibot'
import type { CaipNetwork } from '../../kernel/chains/network.ts'
import type { RpcRegistry } from '../../kernel/rpc/rpcRegistry.ts'
import { formatUnits } from '../../kernel/wallets/units.ts'
import { safeParse } from '../../protocol/parse.ts'
import type { TokenBalance } from '../../protocol/api/schemas.ts'

/** An ERC-7811 asset as §5 requires it; a balance is a hex (or decimal) integer of base units. */
const AssetSchema = v.object({
  address: v.string(),
  balance: v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/, 'an integer amount')),
  type: v.picklist(['ERC20', 'NATIVE']),
  metadata: v.object({
    name: v.string(),
    symbol: v.string(),
    decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
    price: v.number(),
    iconUrl: v.string(),
  }),
})

/** wallet_getAssets: an object whose lists (one per hex chain id) hold valid assets only. */
export const WalletGetAssetsResponseSchema = v.record(v.string(), v.array(AssetSchema))

type Asset = v.InferOutput<typeof AssetSchema>

/**
 * wallet_getCapabilities for the account; a capabilities failure (the wallet has no
 * such method, refuses, answers something else) gives an empty object.
 */
export async function getCapabilities(rpc: Pick<RpcRegistry, 'request'>, address: string): Promise<Record<string, unknown>> {
  try {
    const answer: unknown = await rpc.request({ method: 'wallet_getCapabilities', params: [address] })
    return answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const supportsAssetDiscovery = (capabilities: Record<string, unknown>, chainIdHex: string) =>
  safeParse(v.object({ assetDiscovery: v.object({ supported: v.literal(true) }) }), capabilities[chainIdHex]) !== undefined

/** A wallet asset in the Blockchain API's shape: price from the wallet, value = quantity × price. */
function toTokenBalance(asset: Asset, network: CaipNetwork): TokenBalance {
  const { name, symbol, decimals, price, iconUrl } = asset.metadata
  const numeric = formatUnits(BigInt(asset.balance), decimals)
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    ...(asset.type === 'NATIVE' ? {} : { address: asset.address }),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(decimals), numeric },
    iconUrl,
  }
}

/**
 * The wallet's own view of the account's assets (ERC-7811): when wallet_getCapabilities
 * says the network has assetDiscovery, wallet_getAssets with the account and a
 * chainFilter of that network. Undefined when the wallet cannot tell, so the caller
 * asks the Blockchain API instead; a response failing §5's checks counts as that too.
 */
export async function discoverAssets(rpc: Pick<RpcRegistry, 'request'>, address: string, network: CaipNetwork): Promise<TokenBalance[] | undefined> {
  if (network.chainNamespace !== 'eip155') return undefined
  const chainIdHex = `0x${Number(network.id).toString(16)}`
  if (!supportsAssetDiscovery(await getCapabilities(rpc, address), chainIdHex)) return undefined
  let answer: unknown
  try {
    answer = await rpc.request({ method: 'wallet_getAssets', params: [{ account: address, chainFilter: [chainIdHex] }] })
  } catch {
    return undefined
  }
  const assets = safeParse(WalletGetAssetsResponseSchema, answer)
  return assets ? (assets[chainIdHex] ?? []).map((asset) => toTokenBalance(asset, network)) : undefined
}
