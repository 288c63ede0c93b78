import { encodeBase58 } from '../../../../protocol/base58.ts'
import { RowLabel, Warning } from '../approvalText.ts'
import type { ApprovalRow, Described } from '../signing.ts'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const LAMPORTS_DECIMALS = 9

/** A compiled instruction: its program and accounts as base58 (or a lookup-table placeholder), and its data. */
interface Instruction {
  program: string
  accounts: string[]
  data: Uint8Array
}

/** Reads the wire format (legacy or v0) without @solana/web3.js, which stays a chunk loaded only to sign. */
class Reader {
  private at = 0
  constructor(private readonly bytes: Uint8Array) {}
  peek(): number {
    return this.bytes[this.at] ?? 0
  }
  byte(): number {
    if (this.at >= this.bytes.length) throw new Error('The transaction ends too early')
    return this.bytes[this.at++]!
  }
  take(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new Error('The transaction ends too early')
    this.at += length
    return this.bytes.subarray(this.at - length, this.at)
  }
  /** Solana's compact-u16: 7 bits a byte, low first. */
  shortVec(): number {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.byte()
      value |= (byte & 0x7f) << shift
      if (!(byte & 0x80)) return value
    }
    throw new Error('A length in the transaction is too long')
  }
}

function parse(bytes: Uint8Array): { instructions: Instruction[]; feePayer: string; lookups: boolean } {
  const reader = new Reader(bytes)
  reader.take(64 * reader.shortVec())
  const versioned = (reader.peek() & 0x80) !== 0
  if (versioned) reader.byte()
  reader.take(3)
  const keys = Array.from({ length: reader.shortVec() }, () => encodeBase58(reader.take(32)))
  reader.take(32)
  const account = (index: number) => keys[index] ?? `#${index}`
  const instructions = Array.from({ length: reader.shortVec() }, () => {
    const program = account(reader.byte())
    const accounts = Array.from({ length: reader.shortVec() }, () => account(reader.byte()))
    return { program, accounts, data: reader.take(reader.shortVec()) }
  })
  const lookups = versioned && reader.shortVec() > 0
  return { instructions, feePayer: keys[0] ?? '', lookups }
}

const u64 = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset).getBigUint64(at, true)

/** An amount in base units as a decimal number of whole units. */
export function formatUnits(amount: bigint, decimals: number): string {
  const whole = amount / 10n ** BigInt(decimals)
  const fraction = (amount % 10n ** BigInt(decimals)).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

function systemRows({ accounts, data }: Instruction): ApprovalRow[] | undefined {
  const kind = data.length >= 4 ? new DataView(data.buffer, data.byteOffset).getUint32(0, true) : -1
  if (kind === 2 && data.length >= 12) {
    return [
      { label: RowLabel.AMOUNT, value: `${formatUnits(u64(data, 4), LAMPORTS_DECIMALS)} SOL` },
      { label: RowLabel.FROM, value: accounts[0] ?? '' },
      { label: RowLabel.RECEIVER, value: accounts[1] ?? '' },
    ]
  }
  if (kind === 0 && data.length >= 52) {
    return [
      { label: RowLabel.AMOUNT, value: `${formatUnits(u64(data, 4), LAMPORTS_DECIMALS)} SOL` },
      { label: RowLabel.FROM, value: accounts[0] ?? '' },
      { label: RowLabel.NEW_ACCOUNT, value: accounts[1] ?? '' },
      { label: RowLabel.OWNER, value: encodeBase58(data.subarray(20, 52)) },
    ]
  }
  return undefined
}

function tokenRows({ accounts, data }: Instruction, warnings: string[]): ApprovalRow[] | undefined {
  const kind = data[0]
  if ((kind === 3 || kind === 4) && data.length >= 9) {
    const amount = { label: RowLabel.AMOUNT, value: `${u64(data, 1)}` }
    if (kind === 4) {
      warnings.push(Warning.tokenDelegate(accounts[1] ?? ''))
      return [amount, { label: RowLabel.FROM, value: accounts[0] ?? '' }, { label: RowLabel.DELEGATE, value: accounts[1] ?? '' }]
    }
    return [amount, { label: RowLabel.FROM, value: accounts[0] ?? '' }, { label: RowLabel.RECEIVER, value: accounts[1] ?? '' }]
  }
  if ((kind === 12 || kind === 13) && data.length >= 10) {
    const amount = { label: RowLabel.AMOUNT, value: formatUnits(u64(data, 1), data[9]!) }
    const mint = { label: RowLabel.MINT, value: accounts[1] ?? '' }
    if (kind === 13) {
      warnings.push(Warning.tokenDelegate(accounts[2] ?? ''))
      return [amount, mint, { label: RowLabel.FROM, value: accounts[0] ?? '' }, { label: RowLabel.DELEGATE, value: accounts[2] ?? '' }]
    }
    return [amount, mint, { label: RowLabel.FROM, value: accounts[0] ?? '' }, { label: RowLabel.RECEIVER, value: accounts[2] ?? '' }]
  }
  return undefined
}

const PROGRAM_NAMES: Record<string, string> = { [SYSTEM_PROGRAM]: 'System', [TOKEN_PROGRAM]: 'Token', [TOKEN_2022_PROGRAM]: 'Token-2022' }
const ACTIONS: Record<string, Record<number, string>> = {
  System: { 0: 'Create account', 2: 'Transfer' },
  Token: { 3: 'Transfer', 4: 'Approve', 12: 'Transfer', 13: 'Approve' },
}

/**
 * A serialized transaction as the panel shows it: the fee payer, then each instruction.
 * System and Token (and Token-2022) transfers, approvals and account creation show
 * amounts and receivers; any other instruction is listed by its program id and accounts.
 */
export function describeSolanaTransaction(bytes: Uint8Array): Described {
  const { instructions, feePayer, lookups } = parse(bytes)
  const warnings: string[] = lookups ? [Warning.lookupTables] : []
  const rows: ApprovalRow[] = [{ label: RowLabel.FEE_PAYER, value: feePayer }]
  instructions.forEach((instruction, index) => {
    const name = PROGRAM_NAMES[instruction.program]
    const family = name === 'Token-2022' ? 'Token' : name
    const decoded = name === 'System' ? systemRows(instruction) : family === 'Token' ? tokenRows(instruction, warnings) : undefined
    // Both programs' kinds fit the first byte (System's is a little-endian u32).
    const action = family && decoded ? ACTIONS[family]?.[instruction.data[0]!] : undefined
    rows.push({
      label: `${RowLabel.INSTRUCTION} ${index + 1}`,
      value: action ? `${name}: ${action}` : (name ?? instruction.program),
      rows: decoded ?? [
        { label: RowLabel.PROGRAM, value: instruction.program },
        { label: RowLabel.ACCOUNTS, value: instruction.accounts.join('\n') },
        { label: RowLabel.DATA, value: encodeBase58(instruction.data) },
      ],
    })
  })
  return { rows, warnings }
}
