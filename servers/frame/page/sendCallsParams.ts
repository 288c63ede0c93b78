import * as v from 'valibot'
import { type Hex, isHex } from 'viem'

const HexData = v.custom<Hex>((value) => typeof value === 'string' && isHex(value), 'must be hex')
const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address'))
const Quantity = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'))

/**
 * SPEC's wallet send-calls params (EIP-5792): every call's `to` starts with 0x. The smart
 * account and the embedded EOA both answer wallet_sendCalls, so the schema is theirs to share.
 */
export const SendCallsParams = v.tuple([
  v.object({
    chainId: Quantity,
    from: v.optional(Address),
    version: v.pipe(v.string(), v.maxLength(16)),
    atomicRequired: v.optional(v.boolean()),
    capabilities: v.optional(v.record(v.string(), v.unknown())),
    calls: v.pipe(
      v.array(
        v.object({
          to: v.pipe(v.string(), v.startsWith('0x'), v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address')),
          data: v.optional(HexData),
          value: v.optional(Quantity),
        }),
      ),
      v.minLength(1),
      v.maxLength(64),
    ),
  }),
])

/** wallet_getCallsStatus and wallet_showCallsStatus: the batch's id. */
export const CallsId = v.tuple([v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'must be a calls id'))])
