import * as v from 'valibot'
import type { CaipNetwork } from '../chains/network.ts'
import { ConfigError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'
import { ConfigSchema, type PorticoConfig, type PorticoOptions } from './schema.ts'

/**
 * Validates what the integrator passed and fills every default (SPEC §9).
 * Throws a ConfigError naming the first bad field.
 *
 * @example
 * parseConfig({ projectId: 'p', networks: [mainnet] }).features.email // true
 */
export function parseConfig(options: PorticoOptions): PorticoConfig {
  const result = v.safeParse(ConfigSchema, options)
  if (!result.success) {
    const issue = result.issues[0]
    throw new ConfigError(v.getDotPath(issue) ?? '(root)', issue.message)
  }
  const parsed = result.output
  if (parsed.siweConfig && parsed.siwx) {
    throw new ConfigError('siwx', ErrorText.SIWE_AND_SIWX_BOTH_SET)
  }
  const networks = parsed.networks as CaipNetwork[]
  const defaultNetwork = (parsed.defaultNetwork as CaipNetwork | undefined) ?? networks[0]!
  if (!networks.some((network) => network.caipNetworkId === defaultNetwork.caipNetworkId)) {
    throw new ConfigError('defaultNetwork', `${defaultNetwork.caipNetworkId} is not one of networks`)
  }
  const adapters = parsed.adapters ?? [...new Set(networks.map((network) => network.chainNamespace))]
  return { ...parsed, networks, defaultNetwork, adapters }
}
