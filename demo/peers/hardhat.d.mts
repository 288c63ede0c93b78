export declare const HARDHAT_CONFIGS: {
  readonly 31337: 'demo/peers/hardhat.config.cjs'
  readonly 31338: 'demo/peers/hardhat2.config.cjs'
}
export type HardhatChainId = keyof typeof HARDHAT_CONFIGS

export { HARDHAT_ACCOUNTS, HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1, type HardhatAccount } from './accounts.mjs'

export interface HardhatNode {
  readonly url: string
  readonly chainId: HardhatChainId
  /** Kills the node's process group and resolves once it has exited. */
  stop(): Promise<void>
}

export interface StartHardhatOptions {
  readonly port?: number
  readonly chainId?: HardhatChainId
  /** How long to wait for `eth_chainId` to answer. */
  readonly timeoutMs?: number
}

/** One JSON-RPC call with fetch; throws on a transport error or an RPC error. */
export declare function rpc<T = unknown>(url: string, method: string, params?: unknown[], options?: { timeoutMs?: number }): Promise<T>

export declare class PortBusyError extends Error {
  readonly code: 'EADDRINUSE'
  readonly port: number
  constructor(port: number, detail: string)
}

/** Resolves when nothing listens on 127.0.0.1:port; throws PortBusyError otherwise. */
export declare function assertPortFree(port: number): Promise<void>

/** Starts `hardhat node` on 127.0.0.1; a busy port fails with a PortBusyError. */
export declare function startHardhat(options?: StartHardhatOptions): Promise<HardhatNode>
