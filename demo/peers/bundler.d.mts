export interface Bundler {
  /** The bundler's JSON-RPC URL (`http://127.0.0.1:PORT/rpc`): `endpoints.bundler`. */
  readonly url: string
  stop(): Promise<void>
}

export interface StartBundlerOptions {
  /** The node the bundler reads and sends handleOps to (with the contracts of deployAccountAbstraction). */
  readonly rpcUrl: string
  /** 0 (the default): a free port. */
  readonly port?: number
  readonly timeoutMs?: number
}

/** Starts Alto (Pimlico's ERC-4337 bundler) on 127.0.0.1 for the EntryPoint v0.7. */
export declare function startBundler(options: StartBundlerOptions): Promise<Bundler>
