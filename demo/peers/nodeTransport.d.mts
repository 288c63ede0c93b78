import type { HttpTransport } from 'viem'
export declare const nodeTransport: (url: string) => HttpTransport
