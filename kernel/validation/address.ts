/**
 * Address rules as pure predicates. They check the written form only:
 * an EVM address in mixed case is accepted without an EIP-55 checksum test, the
 * way the rule is stated ("all lower, all upper or mixed case").
 */

/** Optional `0x` prefix plus exactly 40 hex digits, in any case. */
const EVM_ADDRESS_PATTERN = /^(?:0x)?[0-9a-fA-F]{40}$/

/**
 * The base58 alphabet (Bitcoin's: no 0, O, I or l), 32 to 44 characters. Anchored at
 * both ends and case-sensitive: a case-insensitive match would let I, O and l back in.
 */
const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * EVM address: optional 0x prefix plus 40 hex characters, all lower, all
 * upper or mixed case.
 *
 * @example
 * isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 * isEvmAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266') // true
 * isEvmAddress('0xf39F') // false
 */
export function isEvmAddress(address: unknown): address is string {
  return typeof address === 'string' && EVM_ADDRESS_PATTERN.test(address)
}

/**
 * An EVM address with its `0x`, as JSON-RPC and viem need it (`isEvmAddress`
 * takes the prefix as optional).
 *
 * @example
 * withEvmPrefix('f39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
 */
export function withEvmPrefix(address: string): `0x${string}` {
  return /^0x/i.test(address) ? `0x${address.slice(2)}` : `0x${address}`
}

/**
 * Solana address: base58, 32 to 44 characters.
 *
 * @example
 * isSolanaAddress('11111111111111111111111111111111') // true (the system program)
 * isSolanaAddress('0OIl11111111111111111111111111111') // false: not base58
 */
export function isSolanaAddress(address: unknown): address is string {
  return typeof address === 'string' && SOLANA_ADDRESS_PATTERN.test(address)
}
