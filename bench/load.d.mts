export interface Answer {
  readonly status: number
  readonly headers: import('node:http').IncomingHttpHeaders
  readonly body: string
}

export interface HttpClient {
  request(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer>
  /** Closes the kept-alive sockets. */
  close(): void
}

/** Requests over keep-alive sockets, at most `connections` open to one origin. */
export declare function httpClient(connections: number): HttpClient

export interface RouteFigures {
  readonly requests: number
  readonly rps: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** Answers outside 200-299. */
  readonly non2xx: number
  /** Requests that got no answer (refused, reset). */
  readonly unanswered: number
  /** Answers by status code. */
  readonly statuses: Readonly<Record<string, number>>
}

export interface LoadResult {
  readonly seconds: number
  /** Requests started. */
  readonly requests: number
  readonly routes: Readonly<Record<string, RouteFigures>>
}

export type Measure = <A extends { status: number }>(route: string, send: () => Promise<A>) => Promise<A | undefined>

/**
 * `connections` loops each repeating `step` until `requests` requests were started or
 * `durationMs` passed (at least one of them must be given); a step returning false ends its loop.
 */
export declare function runLoad(options: {
  connections: number
  requests?: number
  durationMs?: number
  step: (connection: number, measure: Measure) => Promise<unknown>
}): Promise<LoadResult>
