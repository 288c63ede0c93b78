export declare const CSP: string
export interface DemoServer {
  url: string
  close(): Promise<void>
}
export declare function startDemoServer(options?: { port?: number; root?: string; csp?: boolean }): Promise<DemoServer>
