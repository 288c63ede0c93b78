import type { NameRegistrationMessage } from '../../protocol/api/schemas.ts'
import { evmChainIdToCoinType, isValidRegistrationName } from '../../kernel/index.ts'

/** Portico's own UI texts for the form; the spec's error texts come from the kernel's catalogue. */
export const NamesText = {
  RULE: 'Use letters, digits and hyphens, at least 4 characters',
} as const

/** Whether the typed name may be asked about at all (SPEC §5): nothing is sent for one that fails. */
export const passesNameRule = (name: string) => isValidRegistrationName(name)

/**
 * What the visitor signs (SPEC §7): JSON of the name, its attributes and the time in whole
 * seconds. The server checks the signature over exactly this text, and refuses it when old.
 */
export function registrationMessage(name: string, nowMs: number, attributes: Record<string, string> = {}): string {
  const message: NameRegistrationMessage = { name, attributes, timestamp: Math.floor(nowMs / 1000) }
  return JSON.stringify(message)
}

/** The ENSIP-11 coin type of an EVM network id ('Invalid chainId' at 2^31 and above). */
export const coinTypeOf = (chainId: string | number) => evmChainIdToCoinType(Number(chainId))
