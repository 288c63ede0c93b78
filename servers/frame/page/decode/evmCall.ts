import { type AbiParameter, type Hex, decodeAbiParameters, isHex } from 'viem'
import { RowLabel, Warning } from '../approvalText.ts'
import type { ApprovalRow, Described } from '../signing.ts'
import { KNOWN_CALLS, type KnownCall } from './selectors.ts'

/** From this amount on an allowance counts as unlimited (2^128: max uint256 and Permit2's max uint160 are both above). */
export const UNLIMITED_ALLOWANCE = 2n ** 128n
/** How deep calls inside calls (multicall, aggregate3) are decoded. */
const MAX_DEPTH = 3

/** A decoded value as text, or as nested rows for arrays and tuples. */
function valueRows(parameter: AbiParameter, value: unknown, depth: number, warnings: string[]): Pick<ApprovalRow, 'value' | 'rows'> {
  const list = /^(.*)\[\d*\]$/.exec(parameter.type)
  if (list && Array.isArray(value)) {
    const item = { ...parameter, type: list[1]! } as AbiParameter
    return { value: `${value.length}`, rows: value.map((element, index) => ({ label: `${index}`, ...valueRows(item, element, depth, warnings) })) }
  }
  if (parameter.type === 'tuple' && 'components' in parameter && value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    return {
      value: '',
      rows: parameter.components.map((component, index) => ({ label: component.name || `${index}`, ...valueRows(component, record[component.name ?? index], depth, warnings) })),
    }
  }
  if (parameter.type === 'bytes' && typeof value === 'string' && isHex(value) && depth < MAX_DEPTH) {
    const inner = knownCall(value, depth + 1, warnings)
    if (inner) return { value, rows: inner }
  }
  return { value: String(value) }
}

function dangerWarning(call: KnownCall, args: readonly unknown[]): string | undefined {
  const danger = call.danger
  if (danger?.kind === 'allowance') {
    const spender = String(args[danger.spender])
    return (args[danger.amount] as bigint) >= UNLIMITED_ALLOWANCE ? Warning.unlimitedAllowance(spender) : Warning.allowance(spender)
  }
  if (danger?.kind === 'operator' && args[danger.approved] === true) return Warning.operator(String(args[danger.operator]))
  return undefined
}

/** The function and its arguments when the selector is known and the data decodes for it; else undefined. */
function knownCall(data: Hex, depth: number, warnings: string[]): ApprovalRow[] | undefined {
  const call = KNOWN_CALLS[data.slice(0, 10).toLowerCase() as Hex]
  if (!call) return undefined
  let args: readonly unknown[]
  try {
    args = decodeAbiParameters(call.inputs, `0x${data.slice(10)}`)
  } catch {
    return undefined
  }
  const warning = dangerWarning(call, args)
  if (warning) warnings.push(warning)
  const signature = `${call.name}(${call.inputs.map((input) => input.type).join(',')})`
  const rows: ApprovalRow[] = [{ label: RowLabel.FUNCTION, value: signature }]
  if (call.inputs.length > 0) {
    rows.push({
      label: RowLabel.ARGUMENTS,
      value: '',
      rows: call.inputs.map((input, index) => ({ label: input.name ?? `${index}`, ...valueRows(input, args[index], depth, warnings) })),
    })
  }
  return rows
}

/**
 * A transaction's data as the panel shows it: the function and its arguments when the
 * selector is in the shipped table (calls inside multicalls too), else the raw data.
 * Dangerous grants (allowances, collection operators) come back as warnings.
 */
export function describeCall(data: Hex | undefined): Described {
  const warnings: string[] = []
  if (!data || data === '0x') return { rows: [], warnings }
  const rows = knownCall(data, 0, warnings) ?? []
  return { rows: [...rows, { label: RowLabel.DATA, value: data }], warnings }
}
