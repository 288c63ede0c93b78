import type { SocialOption } from '../constants.ts'
import type { CaipAddress, CaipNetworkId } from './caip.ts'
import type { CaipNetwork } from './network.ts'
import { type AccountType, type ChainNamespace, DEFAULT_ACCOUNT_TYPES } from './namespaces.ts'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

export interface TokenBalance {
  readonly name: string
  readonly symbol: string
  readonly chainId: string
  readonly address?: string
  readonly value?: number
  readonly price: number
  readonly quantity: { readonly decimals: string; readonly numeric: string }
  readonly iconUrl: string
}

export interface AccountEntry {
  readonly address: string
  readonly type: AccountType
  readonly namespace: ChainNamespace
}

export interface ConnectedWalletInfo {
  readonly name: string
  readonly icon?: string
  readonly identifier?: string
  readonly social?: SocialOption
}

/** Account state per namespace (AccountState). */
export interface AccountState {
  readonly currentTab: number
  readonly tokenBalance: readonly TokenBalance[]
  readonly smartAccountDeployed: boolean
  readonly addressLabels: Readonly<Record<string, string>>
  readonly allAccounts: readonly AccountEntry[]
  readonly user?: { readonly username?: string; readonly email?: string | null }
  readonly caipAddress?: CaipAddress
  readonly address?: string
  readonly balance?: string
  readonly balanceSymbol?: string
  readonly profileName?: string
  readonly profileImage?: string
  readonly addressExplorerUrl?: string
  readonly connectedWalletInfo?: ConnectedWalletInfo
  readonly preferredAccountType: AccountType
  readonly socialProvider?: SocialOption
  readonly status: ConnectionStatus
}

/** Network state per namespace. */
export interface NetworkState {
  readonly caipNetwork?: CaipNetwork
  readonly supportsAllNetworks: boolean
  readonly approvedCaipNetworkIds: readonly CaipNetworkId[]
  readonly requestedCaipNetworks: readonly CaipNetwork[]
  readonly smartAccountEnabledNetworks: readonly number[]
}

/** One namespace's record: its account and network state. */
export interface ChainRecord {
  readonly namespace: ChainNamespace
  readonly caipNetworks: readonly CaipNetwork[]
  readonly networkState: NetworkState
  readonly accountState: AccountState
}

export function initialAccountState(namespace: ChainNamespace): AccountState {
  return {
    currentTab: 0,
    tokenBalance: [],
    smartAccountDeployed: false,
    addressLabels: {},
    allAccounts: [],
    preferredAccountType: DEFAULT_ACCOUNT_TYPES[namespace],
    status: 'disconnected',
  }
}

export function initialNetworkState(caipNetworks: readonly CaipNetwork[]): NetworkState {
  return {
    caipNetwork: caipNetworks[0],
    supportsAllNetworks: true,
    approvedCaipNetworkIds: [],
    requestedCaipNetworks: caipNetworks,
    smartAccountEnabledNetworks: [],
  }
}
