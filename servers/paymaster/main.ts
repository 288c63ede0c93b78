// The paymaster service as a process (`npm run paymaster-server` bundles and runs this file).
// Configuration comes from the environment (README, "Smart accounts").
import { paymasterOptionsFromEnv } from './env.ts'
import { startPaymasterServer } from './server.ts'

const server = await startPaymasterServer(paymasterOptionsFromEnv(process.env))
console.log(`paymaster service: ${server.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}
