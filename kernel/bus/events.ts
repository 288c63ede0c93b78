import type { CaipNetworkId } from '../chains/caip.ts'
import type { CaipNetwork } from '../chains/network.ts'
import type { ChainNamespace } from '../chains/namespaces.ts'

/**
 * Every fact the kit announces on its bus. Analytics, `subscribeEvents` and
 * plugins listen; nothing here is a command.
 */
export type PorticoEvent =
  | { type: 'MODAL_CREATED' }
  | { type: 'MODAL_OPEN'; properties: { connected: boolean; view: string } }
  | { type: 'MODAL_CLOSE'; properties: { connected: boolean } }
  /** The renderer has put the modal on screen (after MODAL_OPEN, or at once when embedded). */
  | { type: 'MODAL_SHOWN' }
  | { type: 'PLUGIN_LOADED'; properties: { plugin: string; ms: number } }
  | { type: 'PLUGIN_LOAD_FAILED'; properties: { plugin: string; message: string } }
  | { type: 'SELECT_WALLET'; properties: { name: string; platform: string } }
  | { type: 'CONNECT_SUCCESS'; properties: { method: string; name: string; namespace: ChainNamespace } }
  | { type: 'CONNECT_ERROR'; properties: { message: string } }
  | { type: 'DISCONNECT_SUCCESS'; properties: { namespace?: ChainNamespace } }
  | { type: 'DISCONNECT_ERROR'; properties: { message: string } }
  /** A network event carries caipNetwork, chainId and caipNetworkId. */
  | { type: 'SWITCH_NETWORK'; properties: { caipNetworkId: CaipNetworkId; chainId: string | number; caipNetwork: CaipNetwork } }
  | { type: 'STORAGE_VALUE_REJECTED'; properties: { key: string } }
  | { type: 'ALERT_REPORTED'; properties: { code: string; message: string } }
  | { type: 'RPC_REQUEST_REJECTED'; properties: { method: string; reason: string } }
  /** An unsafe request (one the wallet approves: a signature, a transaction) succeeded; balances and activity may have changed. */
  | { type: 'RPC_REQUEST_SUCCEEDED'; properties: { method: string } }
  /** Plugins announce their own facts through this one variant, so the union stays closed. */
  | { type: 'PLUGIN_EVENT'; plugin: string; name: string; properties?: Record<string, unknown> }

export type PorticoEventType = PorticoEvent['type']
export type EventOf<T extends PorticoEventType> = Extract<PorticoEvent, { type: T }>

/** Events that analytics never sends. */
export const UNTRACKED_EVENTS: ReadonlySet<PorticoEventType> = new Set(['MODAL_CREATED', 'MODAL_SHOWN'])
