// The CAIP ids on the wire, shared by the client and the servers. Parsing them into a namespace
// the kit knows stays in kernel/chains/caip.ts: it throws the kernel's catalogue errors.

/** `namespace:reference`, e.g. `eip155:1` (CAIP-2). */
export type CaipNetworkId = `${string}:${string}`
/** `namespace:reference:address`, e.g. `eip155:1:0xab…` (CAIP-10). */
export type CaipAddress = `${string}:${string}:${string}`
