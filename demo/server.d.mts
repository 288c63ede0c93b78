import type { IncomingMessage, ServerResponse } from 'node:http'
export declare const CSP: string
export interface AnalyticsRecord {
  query: Record<string, string>
  body: { eventId: string; url: string; domain: string; timestamp: number; props: Record<string, unknown> }
}
export interface DemoServer {
  url: string
  /** What the page posted to the demo's own analytics endpoint, oldest first. */
  analytics: AnalyticsRecord[]
  close(): Promise<void>
}
/** Answers the requests under its prefixes (the demo's sign-in backend). */
export interface DemoBackend {
  readonly prefixes: readonly string[]
  listener(req: IncomingMessage, res: ServerResponse): unknown
}
export declare function startDemoServer(options?: { port?: number; root?: string; csp?: boolean; backend?: DemoBackend }): Promise<DemoServer>
