// The frame server as a process (`npm run frame-server` bundles and runs this file): builds the
// frame page, then serves it and the API. Configuration comes from the environment (README,
// "Self-hosting the secure frame").
import { mkdirSync } from 'node:fs'
import { buildFramePage } from './page/build.ts'
import { optionsFromEnv } from './env.ts'
import { resealDatabase } from './reseal.ts'
import { startFrameServer } from './server.ts'

const options = optionsFromEnv(process.env, process.cwd())
if (process.argv[2] === 'reseal') {
  // `npm run frame-reseal`: after a new key-encryption key was put in front (README, "Rotating the key-encryption key").
  const report = await resealDatabase(options)
  console.log(`frame server: re-sealed ${report.resealed} of ${report.checked} sealed values under the newest key-encryption key`)
  process.exit(0)
}
const database = options.database
const where = 'dataDir' in database ? `PGlite in ${database.dataDir}` : 'Postgres'
if ('dataDir' in database) mkdirSync(database.dataDir, { recursive: true })
await buildFramePage()
const server = await startFrameServer(options)
console.log(`frame server: ${server.url} (${where})`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}
