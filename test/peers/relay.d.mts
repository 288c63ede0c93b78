/** How often the relay pings each socket; a 2.x client drops a socket after 35 s of silence. */
export declare const RELAY_PING_INTERVAL_MS = 15000
export interface RelayStats {
  /** Sockets open now. */
  readonly connections: number
  /** Requests received, by method (bad frames under "invalid"). */
  readonly methods: Readonly<Record<string, number>>
  /** Messages delivered with irn_subscription. */
  readonly delivered: number
  /** irn_subscription acks received. */
  readonly acks: number
  /** Messages held for replay. */
  readonly stored: number
}
export interface Relay {
  /** `ws://127.0.0.1:PORT`, for `relayUrl`. */
  readonly url: string
  readonly port: number
  stats(): RelayStats
  /** Closes every socket and the server. */
  stop(): Promise<void>
}
export interface StartRelayOptions {
  /** 0 picks a free port. */
  readonly port?: number
  readonly pingIntervalMs?: number
  /**
   * Closes every new socket with this code and reason, the way the public relay
   * refuses a bad project id or origin (code 3000, e.g. 'Unauthorized: invalid key').
   */
  readonly refuse?: {
    readonly code: number
    readonly reason: string
  }
}
/**
 * Starts the relay.
 *
 * @example
 * const relay = await startRelay({ port: 8620 })
 * await SignClient.init({ relayUrl: relay.url, projectId: 'test', storageOptions: { database: ':memory:' } })
 * afterAll(() => relay.stop())
 */
export declare function startRelay({ port, pingIntervalMs, refuse }?: StartRelayOptions): Promise<Relay>
