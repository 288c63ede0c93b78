import type * as v from 'valibot'
import type { FrameNetworkSchema } from '../../../protocol/frameProtocol.ts'

/** One field of what the visitor is asked to approve; a struct or a call's arguments nest their fields in `rows`. */
export interface ApprovalRow {
  label: string
  value: string
  rows?: ApprovalRow[]
}

/** What the approval panel shows: the fields, and the warnings it puts first. */
export interface Described {
  rows: ApprovalRow[]
  warnings: string[]
}

/** An unsafe request, checked: what the approval panel shows, and how to carry it out with the key. */
export interface SigningRequest extends Described {
  method: string
  perform(secret: Uint8Array): Promise<unknown>
}

export const UNKNOWN_ADDRESS = 'The request names an address that is not this account'

/** A network the host allowed, with its RPC endpoint. */
export type FrameNetwork = v.InferOutput<typeof FrameNetworkSchema>
