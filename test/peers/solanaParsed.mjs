// What a Solana node answers with `encoding: 'jsonParsed'`, for the shim (solanaRpc.mjs):
// SPL token accounts and mints (Token and Token-2022; of Token-2022's extensions the
// metadata pointer, token metadata and immutable owner are read, others only named), the
// `uiTokenAmount` of token balances, and the instructions an SPL send and an indexer read
// (System transfer/createAccount, SPL transfer/transferChecked/mintTo/burn and their
// checked forms, Associated Token Account create/createIdempotent). Anything else
// comes back in the node's unparsed form { programId, accounts, data }.
import { getBase58Decoder } from '@solana/kit'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const TOKEN_PROGRAMS = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM])
const ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const base58 = getBase58Decoder()
const key = (data, at) => base58.decode(data.subarray(at, at + 32))
const u64 = (data, at) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).readBigUInt64LE(at)
/** A COption<Pubkey>: a u32 tag then 32 bytes. */
const optionalKey = (data, at) => (data[at] === 1 ? key(data, at + 4) : null)

/** A Token-2022 OptionalNonZeroPubkey: 32 bytes, all zero for none. */
const nonZeroKey = (data, at) => (data.subarray(at, at + 32).some((byte) => byte !== 0) ? key(data, at) : null)

/** Token-2022 extensions after the 165-byte base and the account type byte: type u16, length u16, value. */
function extensionsOf(data) {
  const extensions = []
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  for (let at = ACCOUNT_SIZE + 1; at + 4 <= data.length; ) {
    const type = view.readUInt16LE(at)
    const length = view.readUInt16LE(at + 2)
    if (type === 0) break
    const value = data.subarray(at + 4, at + 4 + length)
    extensions.push(extension(type, value))
    at += 4 + length
  }
  return extensions
}

/** One extension as jsonParsed names it; the shim parses the ones the demo token uses. */
function extension(type, value) {
  if (type === 7) return { extension: 'immutableOwner' }
  if (type === 18) return { extension: 'metadataPointer', state: { authority: nonZeroKey(value, 0), metadataAddress: nonZeroKey(value, 32) } }
  if (type === 19) {
    const view = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    let at = 64
    const text = () => {
      const length = view.readUInt32LE(at)
      const out = view.toString('utf8', at + 4, at + 4 + length)
      at += 4 + length
      return out
    }
    const [name, symbol, uri] = [text(), text(), text()]
    const additionalMetadata = Array.from({ length: view.readUInt32LE((at += 4) - 4) }, () => [text(), text()])
    return { extension: 'tokenMetadata', state: { additionalMetadata, mint: key(value, 32), name, symbol, updateAuthority: nonZeroKey(value, 0), uri } }
  }
  return { extension: 'unparseableExtension' }
}

/** `extensions` of a Token-2022 account's parsed info (the node lists them only there). */
const withExtensions = (account, info) =>
  account.programAddress === TOKEN_2022_PROGRAM ? { ...info, extensions: account.data.length > ACCOUNT_SIZE ? extensionsOf(account.data) : [] } : info

/** The program's name in jsonParsed answers. */
const programName = (programId) => (programId === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token')

/** Token-2022 puts the account type after the 165-byte base (1 mint, 2 account). */
function kindOf(data) {
  if (data.length === ACCOUNT_SIZE) return 'account'
  if (data.length === MINT_SIZE) return 'mint'
  if (data.length > ACCOUNT_SIZE) return data[ACCOUNT_SIZE] === 1 ? 'mint' : data[ACCOUNT_SIZE] === 2 ? 'account' : undefined
  return undefined
}

/**
 * A token account's base fields, or undefined when `account` (litesvm's, from getAccount or
 * getProgramAccounts) is not an initialized token account.
 */
export function decodeTokenAccount(account) {
  if (!account || account.exists === false || !TOKEN_PROGRAMS.has(account.programAddress)) return undefined
  const data = account.data
  if (kindOf(data) !== 'account' || data[108] === 0) return undefined
  return {
    programId: account.programAddress,
    mint: key(data, 0),
    owner: key(data, 32),
    amount: u64(data, 64),
    delegate: optionalKey(data, 72),
    state: data[108] === 2 ? 'frozen' : 'initialized',
    isNative: data[109] === 1,
    delegatedAmount: u64(data, 121),
    closeAuthority: optionalKey(data, 129),
  }
}

/** A mint's base fields, or undefined when `account` is not an initialized mint. */
export function decodeMint(account) {
  if (!account || account.exists === false || !TOKEN_PROGRAMS.has(account.programAddress)) return undefined
  const data = account.data
  if (kindOf(data) !== 'mint' || data[45] !== 1) return undefined
  return {
    programId: account.programAddress,
    mintAuthority: optionalKey(data, 0),
    supply: u64(data, 36),
    decimals: data[44],
    freezeAuthority: optionalKey(data, 46),
  }
}

/** A raw amount as the node shows it: `uiAmountString` has no trailing zeros ("1.5", "0"). */
export function uiTokenAmount(amount, decimals) {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** `data` of getAccountInfo/getTokenAccountsByOwner with jsonParsed, or undefined for an account it cannot parse. */
export function parsedAccountData(account, decimalsOf) {
  const token = decodeTokenAccount(account)
  if (token) {
    const info = {
      isNative: token.isNative,
      mint: token.mint,
      owner: token.owner,
      state: token.state,
      tokenAmount: uiTokenAmount(token.amount, decimalsOf(token.mint) ?? 0),
      ...(token.delegate ? { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimalsOf(token.mint) ?? 0) } : {}),
      ...(token.closeAuthority ? { closeAuthority: token.closeAuthority } : {}),
    }
    return { program: programName(token.programId), parsed: { info: withExtensions(account, info), type: 'account' }, space: account.data.length }
  }
  const mint = decodeMint(account)
  if (mint) {
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: true,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
    }
    return { program: programName(mint.programId), parsed: { info: withExtensions(account, info), type: 'mint' }, space: account.data.length }
  }
  return undefined
}

/** System program instructions: a u32 discriminant. */
function parseSystem(data, accounts) {
  if (data.length < 4) return undefined
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  const kind = view.readUInt32LE(0)
  if (kind === 2 && data.length === 12) {
    return { type: 'transfer', info: { destination: accounts[1], lamports: Number(view.readBigUInt64LE(4)), source: accounts[0] } }
  }
  if (kind === 0 && data.length === 52) {
    return {
      type: 'createAccount',
      info: {
        lamports: Number(view.readBigUInt64LE(4)),
        newAccount: accounts[1],
        owner: base58.decode(data.subarray(20, 52)),
        source: accounts[0],
        space: Number(view.readBigUInt64LE(12)),
      },
    }
  }
  return undefined
}

/** SPL Token (and Token-2022 base) instructions: a u8 discriminant. */
function parseToken(data, accounts) {
  if (data.length < 9) return undefined
  const amount = u64(data, 1)
  const checked = (decimals) => uiTokenAmount(amount, decimals)
  switch (data[0]) {
    case 3:
      return { type: 'transfer', info: { amount: amount.toString(), authority: accounts[2], destination: accounts[1], source: accounts[0] } }
    case 12:
      return { type: 'transferChecked', info: { authority: accounts[3], destination: accounts[2], mint: accounts[1], source: accounts[0], tokenAmount: checked(data[9]) } }
    case 7:
      return { type: 'mintTo', info: { account: accounts[1], amount: amount.toString(), mint: accounts[0], mintAuthority: accounts[2] } }
    case 14:
      return { type: 'mintToChecked', info: { account: accounts[1], mint: accounts[0], mintAuthority: accounts[2], tokenAmount: checked(data[9]) } }
    case 8:
      return { type: 'burn', info: { account: accounts[0], amount: amount.toString(), authority: accounts[2], mint: accounts[1] } }
    case 15:
      return { type: 'burnChecked', info: { account: accounts[0], authority: accounts[2], mint: accounts[1], tokenAmount: checked(data[9]) } }
    default:
      return undefined
  }
}

/** Associated Token Account program: no data (create) or one byte (0 create, 1 createIdempotent). */
function parseAta(data, accounts) {
  const type = data.length === 0 || data[0] === 0 ? 'create' : data[0] === 1 ? 'createIdempotent' : undefined
  if (!type || accounts.length < 6) return undefined
  return {
    type,
    info: { account: accounts[1], mint: accounts[3], source: accounts[0], systemProgram: accounts[4], tokenProgram: accounts[5], wallet: accounts[2] },
  }
}

const PARSERS = {
  [SYSTEM_PROGRAM]: ['system', parseSystem],
  [TOKEN_PROGRAM]: ['spl-token', parseToken],
  [TOKEN_2022_PROGRAM]: ['spl-token-2022', parseToken],
  [ATA_PROGRAM]: ['spl-associated-token-account', parseAta],
}

/**
 * One instruction as jsonParsed shows it: `{ program, programId, parsed, stackHeight }` when
 * the shim knows it, else `{ programId, accounts, data, stackHeight }` (data base58).
 */
export function parseInstruction(programId, accounts, data, stackHeight) {
  const known = PARSERS[programId]
  const parsed = known?.[1](data, accounts)
  if (parsed) return { parsed, program: known[0], programId, stackHeight }
  return { accounts, data: base58.decode(data), programId, stackHeight }
}
