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
export declare function startDemoServer(options?: { port?: number; root?: string; csp?: boolean }): Promise<DemoServer>
