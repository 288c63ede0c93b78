import type { AbiParameter, Hex } from 'viem'

/** What makes a call dangerous: it lets someone else move the visitor's tokens later. */
export type CallDanger =
  /** An ERC-20 allowance: the arguments at these places are the spender and the amount. */
  | { kind: 'allowance'; spender: number; amount: number }
  /** An operator for a whole collection (ERC-721, ERC-1155), granted when the argument `approved` is true. */
  | { kind: 'operator'; operator: number; approved: number }

/** A function whose arguments the approval panel can show, by its 4-byte selector. */
export interface KnownCall {
  name: string
  inputs: readonly AbiParameter[]
  danger?: CallDanger
}

/**
 * The calls a wallet sees most, by selector. The selectors are written out (the frame
 * does not hash on every request); selectors.test.ts recomputes each from its name and
 * inputs, so none can name another function.
 */
export const KNOWN_CALLS: Readonly<Record<Hex, KnownCall>> = {
  // ERC-20 (transferFrom: ERC-20 and ERC-721; permit: ERC-2612)
  '0xa9059cbb': {
    name: 'transfer',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  '0x095ea7b3': {
    name: 'approve',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    danger: { kind: 'allowance', spender: 0, amount: 1 },
  },
  '0x23b872dd': {
    name: 'transferFrom',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'amountOrTokenId', type: 'uint256' },
    ],
  },
  '0x39509351': {
    name: 'increaseAllowance',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'addedValue', type: 'uint256' },
    ],
    danger: { kind: 'allowance', spender: 0, amount: 1 },
  },
  '0xd505accf': {
    name: 'permit',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
      { name: 'v', type: 'uint8' },
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
    ],
    danger: { kind: 'allowance', spender: 1, amount: 2 },
  },
  // ERC-721 and ERC-1155
  '0x42842e0e': {
    name: 'safeTransferFrom',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
  },
  '0xb88d4fde': {
    name: 'safeTransferFrom',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
  },
  '0xa22cb465': {
    name: 'setApprovalForAll',
    inputs: [
      { name: 'operator', type: 'address' },
      { name: 'approved', type: 'bool' },
    ],
    danger: { kind: 'operator', operator: 0, approved: 1 },
  },
  '0xf242432a': {
    name: 'safeTransferFrom',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'id', type: 'uint256' },
      { name: 'amount', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
  },
  '0x2eb2c2d6': {
    name: 'safeBatchTransferFrom',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'ids', type: 'uint256[]' },
      { name: 'amounts', type: 'uint256[]' },
      { name: 'data', type: 'bytes' },
    ],
  },
  // WETH
  '0xd0e30db0': { name: 'deposit', inputs: [] },
  '0x2e1a7d4d': { name: 'withdraw', inputs: [{ name: 'amount', type: 'uint256' }] },
  // Uniswap V2 router: swaps and liquidity
  '0x38ed1739': {
    name: 'swapExactTokensForTokens',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0x8803dbee': {
    name: 'swapTokensForExactTokens',
    inputs: [
      { name: 'amountOut', type: 'uint256' },
      { name: 'amountInMax', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0x7ff36ab5': {
    name: 'swapExactETHForTokens',
    inputs: [
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0x4a25d94a': {
    name: 'swapTokensForExactETH',
    inputs: [
      { name: 'amountOut', type: 'uint256' },
      { name: 'amountInMax', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0x18cbafe5': {
    name: 'swapExactTokensForETH',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0xfb3bdb41': {
    name: 'swapETHForExactTokens',
    inputs: [
      { name: 'amountOut', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0xe8e33700': {
    name: 'addLiquidity',
    inputs: [
      { name: 'tokenA', type: 'address' },
      { name: 'tokenB', type: 'address' },
      { name: 'amountADesired', type: 'uint256' },
      { name: 'amountBDesired', type: 'uint256' },
      { name: 'amountAMin', type: 'uint256' },
      { name: 'amountBMin', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0xf305d719': {
    name: 'addLiquidityETH',
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'amountTokenDesired', type: 'uint256' },
      { name: 'amountTokenMin', type: 'uint256' },
      { name: 'amountETHMin', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0xbaa2abde': {
    name: 'removeLiquidity',
    inputs: [
      { name: 'tokenA', type: 'address' },
      { name: 'tokenB', type: 'address' },
      { name: 'liquidity', type: 'uint256' },
      { name: 'amountAMin', type: 'uint256' },
      { name: 'amountBMin', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  '0x02751cec': {
    name: 'removeLiquidityETH',
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'liquidity', type: 'uint256' },
      { name: 'amountTokenMin', type: 'uint256' },
      { name: 'amountETHMin', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  // Multicall: Uniswap V3 periphery and router 02, Multicall3
  '0xac9650d8': { name: 'multicall', inputs: [{ name: 'data', type: 'bytes[]' }] },
  '0x5ae401dc': {
    name: 'multicall',
    inputs: [
      { name: 'deadline', type: 'uint256' },
      { name: 'data', type: 'bytes[]' },
    ],
  },
  '0x252dba42': {
    name: 'aggregate',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { type: 'address', name: 'target' },
          { type: 'bytes', name: 'callData' },
        ],
      },
    ],
  },
  '0x82ad56cb': {
    name: 'aggregate3',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { type: 'address', name: 'target' },
          { type: 'bool', name: 'allowFailure' },
          { type: 'bytes', name: 'callData' },
        ],
      },
    ],
  },
}
