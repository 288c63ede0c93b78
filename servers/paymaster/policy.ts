import type { Address } from 'viem'
import type { PaymasterConfig } from './options.ts'

export type SponsorshipRefusal = 'chain' | 'sender' | 'cap'

/** Why the service does not sponsor, as the JSON-RPC error's message says it. */
export const REFUSAL_TEXT: Readonly<Record<SponsorshipRefusal, string>> = {
  chain: 'Not sponsored: this chain is not sponsored',
  sender: 'Not sponsored: this sender is not sponsored',
  cap: 'Not sponsored: this sender reached its limit of sponsored operations',
}

export interface SponsorshipPolicy {
  /** Undefined when the operation may be sponsored; else why not. Does not count it. */
  check(chainId: bigint, sender: Address, nonce: bigint): SponsorshipRefusal | undefined
  /** Counts a signed operation against its sender's cap (the same nonce signed again counts once: only one can land). */
  record(chainId: bigint, sender: Address, nonce: bigint): void
}

/** The integrator's policy: which chains, which senders, how many operations per sender. */
export function createSponsorshipPolicy(config: Pick<PaymasterConfig, 'chains' | 'senders' | 'maxOperationsPerSender'>): SponsorshipPolicy {
  const senders = config.senders && new Set(config.senders)
  const signed = new Map<string, Set<bigint>>()
  const key = (chainId: bigint, sender: Address) => `${chainId}:${sender}`
  return {
    check(chainId, sender, nonce) {
      if (!Object.hasOwn(config.chains, chainId.toString())) return 'chain'
      if (senders && !senders.has(sender)) return 'sender'
      const nonces = signed.get(key(chainId, sender))
      if (config.maxOperationsPerSender !== undefined && !nonces?.has(nonce) && (nonces?.size ?? 0) >= config.maxOperationsPerSender) return 'cap'
      return undefined
    },
    record(chainId, sender, nonce) {
      const nonces = signed.get(key(chainId, sender)) ?? new Set<bigint>()
      signed.set(key(chainId, sender), nonces.add(nonce))
    },
  }
}
