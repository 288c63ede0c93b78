import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { createPaymasterApp } from './app.ts'
import { readPaymasterOptions, type PaymasterOptions } from './options.ts'

export interface PaymasterServer {
  /** `http://127.0.0.1:PORT`: the URL an integrator sets as `endpoints.paymaster`. */
  readonly url: string
  close(): Promise<void>
}

/** Starts the paymaster service on 127.0.0.1:`port` (0: a free port). The options are checked first. */
export async function startPaymasterServer(options: PaymasterOptions & { readonly port?: number }): Promise<PaymasterServer> {
  const app = createPaymasterApp({ config: readPaymasterOptions(options) })
  let server: ServerType | undefined
  await new Promise<void>((resolve, reject) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve())
    server.once('error', reject)
  })
  return {
    url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server!.close(() => resolve())
        if ('closeAllConnections' in server!) server!.closeAllConnections()
      }),
  }
}
