// The frame server as a process: `npm run frame-server` bundles this file into .cache and runs
// it from the repository root. Configuration comes from the environment (README, "Self-hosting
// the secure frame").
import { mkdirSync } from 'node:fs'
import { optionsFromEnv } from './env.ts'
import { startFrameServer } from './server.ts'

const options = optionsFromEnv(process.env, process.cwd())
const database = options.database
const where = 'dataDir' in database ? `PGlite in ${database.dataDir}` : 'Postgres'
if ('dataDir' in database) mkdirSync(database.dataDir, { recursive: true })
const server = await startFrameServer(options)
console.log(`frame server: ${server.url} (${where})`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}
