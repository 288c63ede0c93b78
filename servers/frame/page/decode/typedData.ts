import { RowLabel, Warning } from '../approvalText.ts'
import type { ApprovalRow, Described } from '../signing.ts'

type Fields = Record<string, readonly { name: string; type: string }[]>

/** EIP-712 typed data, as eth_signTypedData_v4 carries it (checked by evm.ts). */
export interface TypedDataRequest {
  domain?: Record<string, unknown>
  types: Fields
  primaryType: string
  message: Record<string, unknown>
}

const DOMAIN_FIELDS = ['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const
/** How deep structs nest before the rest is shown as JSON (a cyclic type would never end). */
const MAX_DEPTH = 8

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))

/** A chain id however the dapp wrote it (number, decimal or hex string) as a decimal. */
function chainIdText(value: unknown): string {
  try {
    return BigInt(value as string | number).toString()
  } catch {
    return text(value)
  }
}

/** One field by its declared type: structs and arrays nest, anything else is its text. */
function fieldRow(label: string, type: string, value: unknown, types: Fields, depth: number): ApprovalRow {
  const list = /^(.*)\[\d*\]$/.exec(type)
  if (list && Array.isArray(value) && depth < MAX_DEPTH) {
    return { label, value: `${list[1]}[${value.length}]`, rows: value.map((item, index) => fieldRow(`${index}`, list[1]!, item, types, depth + 1)) }
  }
  const struct = types[type]
  if (struct && value && typeof value === 'object' && depth < MAX_DEPTH) {
    const record = value as Record<string, unknown>
    return { label, value: type, rows: struct.map((field) => fieldRow(field.name, field.type, record[field.name], types, depth + 1)) }
  }
  return { label, value: text(value) }
}

/**
 * Typed data as a tree of its fields by the declared types: the domain (name, version,
 * chain id, verifying contract, salt), then the message under its primary type. A domain
 * chain id other than the active chain, and a permit, are warnings.
 */
export function describeTypedData(typed: TypedDataRequest, activeChainId: number): Described {
  const warnings: string[] = []
  const domain = typed.domain ?? {}
  const domainRows = DOMAIN_FIELDS.filter((field) => domain[field] !== undefined).map((field) => ({ label: field, value: text(domain[field]) }))
  if (domain['chainId'] !== undefined && chainIdText(domain['chainId']) !== String(activeChainId)) {
    warnings.push(Warning.otherChain(chainIdText(domain['chainId']), String(activeChainId)))
  }
  if (/permit/i.test(typed.primaryType)) warnings.push(Warning.permit)
  return {
    rows: [
      { label: RowLabel.DOMAIN, value: typeof domain['name'] === 'string' ? domain['name'] : '', rows: domainRows },
      { ...fieldRow(RowLabel.MESSAGE, typed.primaryType, typed.message, typed.types, 0), label: RowLabel.MESSAGE },
    ],
    warnings,
  }
}
