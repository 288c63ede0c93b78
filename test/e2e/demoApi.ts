// The demo page reads balances and activity from its Blockchain API (demo/config.ts:
// endpoints.blockchainApi on 8702, as `npm start` runs it). Every served demo gets one, so
// no test sees the page fail to reach it; a test that runs its own (with tokens or Solana)
// asks for none.
import { startDemoApi } from '../../demo/peers/api.ts'
import type { DemoServer } from '../../demo/server.mjs'

/** Starts the demo's API (PGlite in memory, the Hardhat nodes on 8545 and 8546) for `server`'s origin; closing the server stops it. */
export async function withDemoApi(server: DemoServer): Promise<DemoServer> {
  try {
    const api = await startDemoApi({ hostOrigins: [new URL(server.url).origin] })
    return { ...server, close: async () => (await api.close(), await server.close()) }
  } catch (error) {
    await server.close()
    throw error
  }
}
