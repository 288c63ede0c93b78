/** The port of `npm start`; demo/config.ts points `onrampPlugin` at it. */
export declare const ONRAMP_STAND_IN_PORT: 8710

/** The addresses each stand-in delivers purchases from, for the API's `onrampSenders`. */
export declare const DEMO_ONRAMP_SENDERS: {
  readonly coinbase: readonly [`0x${string}`]
  readonly meld: readonly [`0x${string}`]
}

export interface OnRampStandIn {
  /** `http://127.0.0.1:PORT`; the pages are `/coinbase` and `/meld`. */
  readonly url: string
  close(): Promise<void>
}

/** Both stand-ins on 127.0.0.1, delivering purchases on the Hardhat node at `rpcUrl` (default 8545). */
export declare function startOnRampStandIn(options?: { port?: number; rpcUrl?: string }): Promise<OnRampStandIn>
