// The paymasterData eth-infinitism's VerifyingPaymaster (account-abstraction 0.7.0,
// samples/VerifyingPaymaster.sol) accepts: abi.encode(validUntil, validAfter) followed by the
// verifying signer's signature (EIP-191) over the hash its getHash computes.
import { concat, encodeAbiParameters, keccak256, pad, toHex, type Address, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { UserOperationInput } from './schemas.ts'

export interface ValidityWindow {
  /** Unix seconds; the EntryPoint refuses the operation after it. */
  readonly validUntil: number
  /** Unix seconds; the EntryPoint refuses the operation before it. */
  readonly validAfter: number
}

/** Two uint128 in one bytes32, high first: how the EntryPoint packs gas limits and fees. */
const packUint128 = (high: bigint, low: bigint): Hex => pad(toHex((high << 128n) | low), { size: 32 })

/** VerifyingPaymaster.getHash for a v0.7 user operation with this paymaster's gas limits. */
export function paymasterHash(op: UserOperationInput, gas: { verification: bigint; postOp: bigint }, paymaster: Address, chainId: bigint, window: ValidityWindow): Hex {
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        packUint128(op.verificationGasLimit, op.callGasLimit),
        BigInt(packUint128(gas.verification, gas.postOp)),
        op.preVerificationGas,
        packUint128(op.maxPriorityFeePerGas, op.maxFeePerGas),
        chainId,
        paymaster,
        window.validUntil,
        window.validAfter,
      ],
    ),
  )
}

/** paymasterData: the window, then the signer's signature over the hash. */
export async function paymasterData(signer: PrivateKeyAccount, hash: Hex, window: ValidityWindow): Promise<Hex> {
  const signature = await signer.signMessage({ message: { raw: hash } })
  return concat([encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [window.validUntil, window.validAfter]), signature])
}
