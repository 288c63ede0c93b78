// The Blockchain API as a process (`npm run api-server` bundles and runs this file): indexes
// the networks in CHAINS and serves protocol/api's contract. Configuration comes from the
// environment (README, "Self-hosting the Blockchain API").
import { mkdirSync } from 'node:fs'
import { optionsFromEnv } from './env.ts'
import { startApiServer } from './server.ts'

const options = optionsFromEnv(process.env, process.cwd())
const database = options.database
const where = 'dataDir' in database ? `PGlite in ${database.dataDir}` : 'Postgres'
if ('dataDir' in database) mkdirSync(database.dataDir, { recursive: true })
const server = await startApiServer(options)
console.log(`api server: ${server.url} (${where}; ${options.chains.map((chain) => ('chainId' in chain ? chain.chainId : chain.source.chainId)).join(', ')})`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}
