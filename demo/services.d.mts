export interface ServiceHandle {
  readonly url: string
  stop?(): Promise<void>
  close?(): Promise<void>
}
export interface Service {
  readonly name: string
  start(): Promise<ServiceHandle>
}
export interface Stack {
  /** What runs now, in start order. */
  readonly running: readonly { name: string; url: string }[]
  /** Groups start in order, a group's services in parallel; false when one failed or stop() was called. */
  start(groups: readonly (readonly Service[])[]): Promise<boolean>
  /** Stops everything in reverse start order; safe at any time and more than once. */
  stop(): Promise<void>
}
export declare function describeStartFailure(name: string, error: unknown): string
export declare function createStack(out: { log(line: string): void; error(line: string): void }): Stack
