import { encodeFunctionData, maxUint256, parseAbi, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { Warning } from '../approvalText.ts'
import { describeCall } from './evmCall.ts'

const abi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)',
  'function unknownFunction(uint256 x)',
])
const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'

describe('EVM call decoding', () => {
  it('an ERC-20 transfer shows the function, the receiver and the amount, then the raw data', () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [A, parseEther('1.5')] })
    expect(describeCall(data)).toEqual({
      rows: [
        { label: 'Function', value: 'transfer(address,uint256)' },
        {
          label: 'Arguments',
          value: '',
          rows: [
            { label: 'to', value: A },
            { label: 'amount', value: '1500000000000000000' },
          ],
        },
        { label: 'Data', value: data },
      ],
      warnings: [],
    })
  })

  it('an unlimited approve, a bounded one and setApprovalForAll(true) are warnings; setApprovalForAll(false) is not', () => {
    expect(describeCall(encodeFunctionData({ abi, functionName: 'approve', args: [A, maxUint256] })).warnings).toEqual([Warning.unlimitedAllowance(A)])
    expect(describeCall(encodeFunctionData({ abi, functionName: 'approve', args: [A, 2n ** 128n] })).warnings).toEqual([Warning.unlimitedAllowance(A)])
    expect(describeCall(encodeFunctionData({ abi, functionName: 'approve', args: [A, 2n ** 128n - 1n] })).warnings).toEqual([Warning.allowance(A)])
    expect(describeCall(encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [B, true] })).warnings).toEqual([Warning.operator(B)])
    expect(describeCall(encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [B, false] })).warnings).toEqual([])
  })

  it('arrays nest: a swap’s path lists each token', () => {
    const data = encodeFunctionData({ abi, functionName: 'swapExactTokensForTokens', args: [10n, 9n, [A, B], A, 99n] })
    const args = describeCall(data).rows[1]!.rows!
    expect(args.find((row) => row.label === 'path')).toEqual({
      label: 'path',
      value: '2',
      rows: [
        { label: '0', value: A },
        { label: '1', value: B },
      ],
    })
  })

  it('a call inside Multicall3 aggregate3 is decoded too, and its unlimited approve is a warning', () => {
    const inner = encodeFunctionData({ abi, functionName: 'approve', args: [B, maxUint256] })
    const data = encodeFunctionData({ abi, functionName: 'aggregate3', args: [[{ target: A, allowFailure: false, callData: inner }]] })
    const described = describeCall(data)
    expect(described.warnings).toEqual([Warning.unlimitedAllowance(B)])
    const call = described.rows[1]!.rows![0]!.rows![0]!.rows!
    expect(call.map((row) => [row.label, row.value])).toEqual([
      ['target', A],
      ['allowFailure', 'false'],
      ['callData', inner],
    ])
    expect(call[2]!.rows![0]).toEqual({ label: 'Function', value: 'approve(address,uint256)' })
  })

  it('an unknown selector, or data that does not decode for a known one, shows only the raw data', () => {
    const unknown = encodeFunctionData({ abi, functionName: 'unknownFunction', args: [1n] })
    expect(describeCall(unknown)).toEqual({ rows: [{ label: 'Data', value: unknown }], warnings: [] })
    expect(describeCall('0xa9059cbb00')).toEqual({ rows: [{ label: 'Data', value: '0xa9059cbb00' }], warnings: [] })
    expect(describeCall(undefined)).toEqual({ rows: [], warnings: [] })
  })
})
