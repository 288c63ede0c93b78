// The CAIP ids on the wire, shared by the client and the servers. Parsing them into a namespace
// the kit knows stays in kernel/chains/caip.ts: it throws the kernel's catalogue errors.

/** A CAIP-2 id as the standard spells it: a namespace of 3 to 8 characters, a reference of 1 to 32 (eip155:1, solana:localnet). */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** `namespace:reference`, e.g. `eip155:1` (CAIP-2). */
export type CaipNetworkId = `${string}:${string}`
/** `namespace:reference:address`, e.g. `eip155:1:0xab…` (CAIP-10). */
export type CaipAddress = `${string}:${string}:${string}`
