import type { CaipAddress, CaipNetworkId } from '../../protocol/caip.ts'
import { ErrorText } from '../errors/catalogue.ts'
import { PorticoError } from '../errors/base.ts'
import { type ChainNamespace, isChainNamespace } from './namespaces.ts'

export type { CaipAddress, CaipNetworkId }

export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
}

export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
}

/** Parses a CAIP-2 id; anything but two non-empty parts with a known namespace throws 'Invalid CAIP-2 network id'. */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const parts = id.split(':')
  const [namespace, reference] = parts
  if (parts.length !== 2 || !reference || !isChainNamespace(namespace)) {
    throw new PorticoError(ErrorText.INVALID_CAIP2_NETWORK_ID, { details: id })
  }
  return { namespace, reference }
}

/** Parses a CAIP-10 address; anything but three non-empty parts with a known namespace throws 'Invalid CAIP-10 address'. */
export function parseCaipAddress(caipAddress: string): ParsedCaipAddress {
  const parts = caipAddress.split(':')
  const [namespace, reference, address] = parts
  if (parts.length !== 3 || !reference || !address || !isChainNamespace(namespace)) {
    throw new PorticoError(ErrorText.INVALID_CAIP10_ADDRESS, { details: caipAddress })
  }
  return { namespace, reference, address }
}

export function formatCaipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId {
  return `${namespace}:${reference}`
}

/** Recomposes an address as namespace:id:address, as switching network does. */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  return `${namespace}:${reference}:${address}`
}
