import type { Address } from 'viem'
import type { PaymasterConfig } from './options.ts'

export type SponsorshipRefusal = 'chain' | 'sender' | 'cap' | 'cost'

/** Why the service does not sponsor, as the JSON-RPC error's message says it. */
export const REFUSAL_TEXT: Readonly<Record<SponsorshipRefusal, string>> = {
  chain: 'Not sponsored: this chain is not sponsored',
  sender: 'Not sponsored: this sender is not sponsored',
  cap: 'Not sponsored: this sender reached its limit of sponsored operations',
  cost: 'Not sponsored: this operation may cost more than the sponsor pays for one',
}

/** What the EntryPoint v0.7 takes from the paymaster's deposit at most: every gas limit at maxFeePerGas. */
export function maxOperationCost(
  op: { verificationGasLimit: bigint; callGasLimit: bigint; preVerificationGas: bigint; maxFeePerGas: bigint },
  gas: { verification: bigint; postOp: bigint },
): bigint {
  return (op.verificationGasLimit + op.callGasLimit + op.preVerificationGas + gas.verification + gas.postOp) * op.maxFeePerGas
}

export interface SponsorshipPolicy {
  /** Undefined when the operation may be sponsored; else why not. Does not count it. */
  check(chainId: bigint, sender: Address, nonce: bigint, maxCost: bigint): SponsorshipRefusal | undefined
  /** Counts a signed operation against its sender's cap (the same nonce signed again counts once: only one can land). */
  record(chainId: bigint, sender: Address, nonce: bigint): void
}

/** The integrator's policy: which chains, which senders, how many operations per sender, how much one may cost. */
export function createSponsorshipPolicy(config: Pick<PaymasterConfig, 'chains' | 'senders' | 'maxOperationsPerSender' | 'maxWeiPerOperation'>): SponsorshipPolicy {
  const senders = config.senders && new Set(config.senders)
  const cap = config.maxOperationsPerSender
  // Only a cap needs the signed nonces; without one, keeping them would let anyone grow the
  // process's memory without end (any sender, any nonce).
  const signed = cap === undefined ? undefined : new Map<string, Set<bigint>>()
  const key = (chainId: bigint, sender: Address) => `${chainId}:${sender}`
  return {
    check(chainId, sender, nonce, maxCost) {
      if (!Object.hasOwn(config.chains, chainId.toString())) return 'chain'
      if (senders && !senders.has(sender)) return 'sender'
      if (config.maxWeiPerOperation !== undefined && maxCost > config.maxWeiPerOperation) return 'cost'
      const nonces = signed?.get(key(chainId, sender))
      if (cap !== undefined && !nonces?.has(nonce) && (nonces?.size ?? 0) >= cap) return 'cap'
      return undefined
    },
    record(chainId, sender, nonce) {
      if (!signed) return
      const nonces = signed.get(key(chainId, sender)) ?? new Set<bigint>()
      signed.set(key(chainId, sender), nonces.add(nonce))
    },
  }
}
