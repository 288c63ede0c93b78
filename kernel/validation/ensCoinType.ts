import { ENS_MAX_CHAIN_ID } from '../constants.ts'
import { PorticoError } from '../errors/base.ts'
import { ErrorText } from '../errors/catalogue.ts'

/**
 * The ENSIP-11 coin type of an EVM chain: `(0x80000000 | chainId) >>> 0`.
 * A chain id of 2147483648 or more is rejected with 'Invalid chainId'. A negative
 * or fractional id is rejected the same way (Portico's choice: the bit trick would
 * turn -1 into 4294967295 and 1.5 into 2147483649, both nonsense).
 *
 * @example
 * evmChainIdToCoinType(1) // 2147483649
 * evmChainIdToCoinType(8453) // 2147492101
 * evmChainIdToCoinType(2 ** 31) // throws PorticoError 'Invalid chainId'
 */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= ENS_MAX_CHAIN_ID) {
    throw new PorticoError(ErrorText.INVALID_CHAIN_ID, { details: String(chainId) })
  }
  return (0x80000000 | chainId) >>> 0
}
