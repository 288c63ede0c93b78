import type { ConnectMethod, Features } from '../config/features.ts'

const DEFAULT_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
const WALLET_FIRST_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social']

export interface ConnectMethodOrderArgs {
  readonly features: Pick<Features, 'email' | 'socials' | 'connectMethodsOrder'>
  /** An injected or announced wallet is shown in the Connect view. */
  readonly hasInjectedWallet: boolean
}

/**
 * SPEC §2: email, social, wallet; wallet first when an injected or announced
 * wallet is shown; a configured order overrides both. Disabled methods drop out.
 */
export function connectMethodOrder({ features, hasInjectedWallet }: ConnectMethodOrderArgs): ConnectMethod[] {
  const order = features.connectMethodsOrder ?? (hasInjectedWallet ? WALLET_FIRST_ORDER : DEFAULT_ORDER)
  const enabled: Record<ConnectMethod, boolean> = {
    email: features.email,
    social: features.socials !== false && features.socials.length > 0,
    wallet: true,
  }
  return order.filter((method) => enabled[method])
}
