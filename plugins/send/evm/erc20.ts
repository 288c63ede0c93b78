/**
 * ERC20 `transfer` in its two shapes. The call data is the same for both (the selector
 * does not include the return type); they differ in what the simulated call must return:
 * a standard token answers `true`, and a USDT-shaped one answers nothing, which the
 * standard ABI cannot decode.
 */
export const ERC20_TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const

/** USDT's `transfer`: no bool return (SPEC §9). */
export const USDT_TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

/** USDT's own contracts, whose `transfer` returns nothing; apps add theirs with `usdtContracts`. */
export const USDT_CONTRACTS: readonly string[] = [
  '0xdAC17F958D2ee523a2206206994597C13D831ec7', // Ethereum
  '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', // Polygon
  '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', // Avalanche C-Chain
  '0x919C1c267BC06a7039e03fcc2eF738525769109c', // Celo
  '0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e', // Celo
  '0x55d398326f99059fF775485246999027B3197955', // BNB Smart Chain
  '0xFd086bC7CD5C481DCC9C85ebE478a1C0b69FCbb9', // Arbitrum One
]

/**
 * The `transfer` ABI for a token: USDT's for a contract on the list, the standard one
 * otherwise. Addresses compare in any case.
 *
 * @example
 * transferAbiFor('0xdac17f958d2ee523a2206206994597c13d831ec7', USDT_CONTRACTS) === USDT_TRANSFER_ABI
 */
export function transferAbiFor(token: string, usdtContracts: readonly string[]) {
  const address = token.toLowerCase()
  return usdtContracts.some((contract) => contract.toLowerCase() === address) ? USDT_TRANSFER_ABI : ERC20_TRANSFER_ABI
}
