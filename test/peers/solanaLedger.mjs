// The shim's ledger (solanaRpc.mjs): it lands transactions on litesvm and keeps what a
// node's history answers need: each landed transaction with its slot, block time,
// balances and token balances before and after, logs and inner instructions, indexed
// by every account it touches (getSignaturesForAddress, getTransaction). litesvm keeps
// none of that. Each landed transaction is a block of its own in a new slot, so the slot
// a client read (getSlot) never receives another transaction, and each block brings a
// new blockhash, as on a cluster: the same transfer built twice gets two signatures.
// The ledger makes the blockhashes (random, so every shim is a cluster of its own, as a
// fresh solana-test-validator is: litesvm's own sequence is the same in every instance)
// and checks their lifetimes: good for 150 blocks after the block that made it
// (BlockhashNotFound after).
import { randomBytes } from 'node:crypto'
import { getBase58Decoder, getBase64Decoder, getCompiledTransactionMessageDecoder, getSignatureFromTransaction, getTransactionEncoder } from '@solana/kit'
import { FailedTransactionMetadata } from 'litesvm'
import { decodeMint, decodeTokenAccount, parseInstruction, uiTokenAmount } from './solanaParsed.mjs'

/** Solana's base fee per signature, which litesvm charges too (no priority fee is counted). */
const LAMPORTS_PER_SIGNATURE = 5000
/** An address lookup table's header before its 32-byte addresses. */
const LOOKUP_TABLE_HEADER = 56

/** How many blocks a blockhash stays valid for (Solana's figure). */
export const BLOCKHASH_VALIDITY = 150

const base58 = getBase58Decoder()
const base64 = getBase64Decoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
const wire = getTransactionEncoder()

/**
 * The node's JSON for a litesvm error ({"InstructionError":[0,{"Custom":1}]}, "BlockhashNotFound").
 * litesvm exposes fieldless variants as bare numbers, so their names come from its Rust Debug text.
 */
export function transactionError(failed) {
  const err = failed.err()
  const text = failed.toString()
  if (err && typeof err === 'object') {
    if (typeof err.err === 'function') {
      const inner = err.err()
      const detail =
        inner && typeof inner === 'object'
          ? 'code' in inner
            ? { Custom: inner.code }
            : { BorshIoError: inner.msg }
          : (/InstructionError\(\d+, (\w+)/.exec(text)?.[1] ?? String(inner))
      return { InstructionError: [err.index, detail] }
    }
    const name = /err: (\w+)/.exec(text)?.[1] ?? 'UnknownError'
    if ('accountIndex' in err) return { [name]: { account_index: err.accountIndex } }
    if ('index' in err) return { [name]: err.index }
  }
  return /err: (\w+)/.exec(text)?.[1] ?? String(err)
}

/** `svm` must be built `withBlockhashCheck(false)`: the ledger keeps the recent blockhashes. */
export function createLedger(svm) {
  /** Landed transactions in order, and by signature and slot. */
  const landed = []
  const bySignature = new Map()
  const bySlot = new Map()
  const newBlockhash = () => base58.decode(randomBytes(32))
  /** What the first block's previousBlockhash names (getGenesisHash). */
  const genesisHash = newBlockhash()
  let latest = genesisHash
  /** Recent blockhashes and the slot each became the latest in, oldest first. */
  const issued = new Map([[genesisHash, Number(svm.getClock().slot)]])
  /** address -> positions in `landed`, oldest first. */
  const byAddress = new Map()

  const slot = () => Number(svm.getClock().slot)
  const lastValid = (blockhash) => issued.get(blockhash) + BLOCKHASH_VALIDITY
  /** getLatestBlockhash's value: the newest blockhash and the last block height it is good for. */
  const latestBlockhash = () => ({ blockhash: latest, lastValidBlockHeight: lastValid(latest) })
  /** 'BlockhashNotFound' for a transaction whose blockhash is unknown or too old, else null. */
  const lifetimeError = (transaction) => {
    const { lifetimeToken } = messageDecoder.decode(transaction.messageBytes)
    return issued.has(lifetimeToken) && slot() <= lastValid(lifetimeToken) ? null : 'BlockhashNotFound'
  }
  /** The block just made brings the next blockhash; those past their validity are forgotten. */
  const nextBlockhash = (at) => {
    latest = newBlockhash()
    issued.set(latest, at)
    for (const [blockhash, since] of issued) {
      if (since + BLOCKHASH_VALIDITY >= at) break
      issued.delete(blockhash)
    }
    return latest
  }
  const decimalsOf = (mint) => decodeMint(svm.getAccount(mint))?.decimals

  /** Addresses a v0 transaction loads from its lookup tables, as the node lists them. */
  const loadAddresses = (message) => {
    const loaded = { writable: [], readonly: [] }
    for (const lookup of message.addressTableLookups ?? []) {
      const table = svm.getAccount(lookup.lookupTableAddress)
      if (!table.exists) continue
      const at = (index) => base58.decode(table.data.subarray(LOOKUP_TABLE_HEADER + index * 32, LOOKUP_TABLE_HEADER + (index + 1) * 32))
      loaded.writable.push(...lookup.writableIndexes.map(at))
      loaded.readonly.push(...lookup.readonlyIndexes.map(at))
    }
    return loaded
  }

  const tokenBalances = (keys) =>
    keys.flatMap((key, accountIndex) => {
      const token = decodeTokenAccount(svm.getAccount(key))
      if (!token) return []
      const uiTokenAmountValue = uiTokenAmount(token.amount, decimalsOf(token.mint) ?? 0)
      return [{ accountIndex, mint: token.mint, owner: token.owner, programId: token.programId, uiTokenAmount: uiTokenAmountValue }]
    })
  const snapshot = (keys) => ({
    balances: keys.map((key) => Number(svm.getBalance(key) ?? 0n)),
    tokens: tokenBalances(keys),
  })

  /**
   * Sends to litesvm. A transaction that paid its fee has landed (also when it failed
   * while executing, as on a real cluster); one refused before that (BlockhashNotFound,
   * AlreadyProcessed, no funds for the fee) has not. Returns { signature, err, landed, slot }.
   */
  function land(transaction) {
    const signature = getSignatureFromTransaction(transaction)
    const stale = lifetimeError(transaction)
    if (stale) return { signature, err: stale, landed: false, slot: slot() }
    const message = messageDecoder.decode(transaction.messageBytes)
    const loaded = loadAddresses(message)
    const keys = [...message.staticAccounts, ...loaded.writable, ...loaded.readonly]
    const before = snapshot(keys)
    // A new slot for this block: the one clients last saw (getSlot) stays as it was.
    svm.warpToSlot(BigInt(slot() + 1))
    const result = svm.sendTransaction(transaction)
    const failed = result instanceof FailedTransactionMetadata
    const err = failed ? transactionError(result) : null
    const after = snapshot(keys)
    if (failed && !(after.balances[0] < before.balances[0])) return { signature, err, landed: false, slot: slot() }
    const meta = failed ? result.meta() : result
    const parent = landed.at(-1)
    const entry = {
      signature,
      slot: slot(),
      parentSlot: parent?.slot ?? slot() - 1,
      previousBlockhash: parent?.blockhash ?? genesisHash,
      blockhash: nextBlockhash(slot()),
      blockTime: Math.floor(Date.now() / 1000),
      err,
      transaction,
      message,
      keys,
      loaded,
      fee: LAMPORTS_PER_SIGNATURE * message.header.numSignerAccounts,
      before,
      after,
      logs: meta.logs(),
      inner: meta.innerInstructions(),
      units: Number(meta.computeUnitsConsumed()),
    }
    const position = landed.push(entry) - 1
    bySignature.set(signature, entry)
    bySlot.set(entry.slot, entry)
    for (const key of new Set(keys)) {
      const positions = byAddress.get(key) ?? []
      positions.push(position)
      byAddress.set(key, positions)
    }
    return { signature, err, landed: true, slot: entry.slot }
  }

  /** getSignaturesForAddress: newest first, after `before` and down to (not including) `until`. */
  function signaturesFor(address, { before, until, limit }) {
    const positions = byAddress.get(address) ?? []
    const out = []
    let i = positions.length - 1
    if (before) {
      const start = bySignature.get(before)
      if (!start) return []
      while (i >= 0 && landed[positions[i]] !== start) i--
      i--
    }
    for (; i >= 0 && out.length < limit; i--) {
      const entry = landed[positions[i]]
      if (entry.signature === until) break
      out.push({
        blockTime: entry.blockTime,
        confirmationStatus: 'finalized',
        err: entry.err,
        memo: null,
        signature: entry.signature,
        slot: entry.slot,
      })
    }
    return out
  }

  const isWritable = (entry, index) => {
    const { header, staticAccounts } = entry.message
    if (index >= staticAccounts.length) return index < staticAccounts.length + entry.loaded.writable.length
    if (index < header.numSignerAccounts) return index < header.numSignerAccounts - header.numReadonlySignerAccounts
    return index < staticAccounts.length - header.numReadonlyNonSignerAccounts
  }

  /** An instruction in the `json` (indices) or `jsonParsed` form. */
  const instructionOf = (entry, programIndex, accountIndices, data, stackHeight, parsed) => {
    if (!parsed) return { accounts: accountIndices, data: base58.decode(data), programIdIndex: programIndex, stackHeight }
    return parseInstruction(
      entry.keys[programIndex],
      accountIndices.map((i) => entry.keys[i]),
      data,
      stackHeight,
    )
  }

  const transactionJson = (entry, parsed) => {
    const { message } = entry
    const accountKeys = parsed
      ? entry.keys.map((pubkey, index) => ({
          pubkey,
          signer: index < message.header.numSignerAccounts,
          source: index < message.staticAccounts.length ? 'transaction' : 'lookupTable',
          writable: isWritable(entry, index),
        }))
      : message.staticAccounts
    return {
      message: {
        accountKeys,
        ...(parsed
          ? {}
          : {
              header: {
                numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
                numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
                numRequiredSignatures: message.header.numSignerAccounts,
              },
            }),
        instructions: message.instructions.map((ix) => instructionOf(entry, ix.programAddressIndex, ix.accountIndices ?? [], ix.data ?? new Uint8Array(), null, parsed)),
        recentBlockhash: message.lifetimeToken,
        ...(message.version === 0
          ? {
              addressTableLookups: (message.addressTableLookups ?? []).map((l) => ({
                accountKey: l.lookupTableAddress,
                readonlyIndexes: l.readonlyIndexes,
                writableIndexes: l.writableIndexes,
              })),
            }
          : {}),
      },
      signatures: Object.values(entry.transaction.signatures).map((s) => (s ? base58.decode(s) : '1'.repeat(64))),
    }
  }

  const metaJson = (entry, parsed) => ({
    computeUnitsConsumed: entry.units,
    err: entry.err,
    fee: entry.fee,
    innerInstructions: entry.inner.flatMap((list, index) =>
      list.length === 0
        ? []
        : [
            {
              index,
              instructions: list.map((inner) => {
                const ix = inner.instruction()
                return instructionOf(entry, ix.programIdIndex(), [...ix.accounts()], ix.data(), inner.stackHeight(), parsed)
              }),
            },
          ],
    ),
    loadedAddresses: entry.loaded,
    logMessages: entry.logs,
    postBalances: entry.after.balances,
    postTokenBalances: entry.after.tokens,
    preBalances: entry.before.balances,
    preTokenBalances: entry.before.tokens,
    rewards: [],
    status: entry.err ? { Err: entry.err } : { Ok: null },
  })

  /** The node's -32015 for a v0 transaction asked for without maxSupportedTransactionVersion. */
  const checkVersion = (entry, maxSupportedTransactionVersion) => {
    const version = entry.message.version
    if (version === 'legacy' || Number(maxSupportedTransactionVersion) >= version) return
    const error = new Error(
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
    error.code = -32015
    throw error
  }

  /** A transaction with its meta, in `encoding` (json, jsonParsed, base64, base58), as getTransaction and getBlock list it. */
  const withMeta = (entry, encoding, maxSupportedTransactionVersion) => {
    checkVersion(entry, maxSupportedTransactionVersion)
    const bytes = wire.encode(entry.transaction)
    const parsed = encoding === 'jsonParsed'
    const transaction = encoding === 'base64' ? [base64.decode(bytes), 'base64'] : encoding === 'base58' ? [base58.decode(bytes), 'base58'] : transactionJson(entry, parsed)
    return {
      meta: metaJson(entry, parsed),
      transaction,
      ...(maxSupportedTransactionVersion === undefined ? {} : { version: entry.message.version }),
    }
  }

  /**
   * getTransaction: null for an unknown signature. Without `maxSupportedTransactionVersion`
   * a v0 transaction is refused and `version` is left out, as the node does.
   */
  function transactionFor(signature, { encoding = 'json', maxSupportedTransactionVersion } = {}) {
    const entry = bySignature.get(signature)
    if (!entry) return null
    return { blockTime: entry.blockTime, slot: entry.slot, ...withMeta(entry, encoding, maxSupportedTransactionVersion) }
  }

  /**
   * getBlock: the block at `slot` with its one transaction ('full', 'signatures' or 'none'),
   * or a thrown -32009 (skipped slot) / -32004 (not produced yet), the node's codes.
   */
  function blockAt(slotNumber, { encoding = 'json', transactionDetails = 'full', maxSupportedTransactionVersion } = {}) {
    const entry = bySlot.get(slotNumber)
    if (!entry) {
      const error = slotNumber > slot() ? new Error(`Block not available for slot ${slotNumber}`) : new Error(`Slot ${slotNumber} was skipped, or missing in long-term storage`)
      error.code = slotNumber > slot() ? -32004 : -32009
      throw error
    }
    const transactions =
      transactionDetails === 'full'
        ? { transactions: [withMeta(entry, encoding, maxSupportedTransactionVersion)] }
        : transactionDetails === 'signatures'
          ? { signatures: [entry.signature] }
          : {}
    return {
      blockHeight: entry.slot,
      blockTime: entry.blockTime,
      blockhash: entry.blockhash,
      parentSlot: entry.parentSlot,
      previousBlockhash: entry.previousBlockhash,
      rewards: [],
      ...transactions,
    }
  }

  /** getBlocks: the slots from `start` to `end` (inclusive) that hold a block, ascending. */
  const blocksBetween = (start, end) => landed.filter((entry) => entry.slot >= start && entry.slot <= end).map((entry) => entry.slot)

  /** getFirstAvailableBlock: the first block's slot (the current slot while there is none). */
  const firstBlock = () => landed[0]?.slot ?? slot()

  return { land, lifetimeError, latestBlockhash, signaturesFor, transactionFor, blockAt, blocksBetween, firstBlock, genesisHash, decimalsOf }
}
