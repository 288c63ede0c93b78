// `npm start`: builds the demo and starts it with its local peers.
// Each service is { name, start() -> { url, close() } }; peers (EVM node, relay, ...)
// are added to SERVICES and are stopped in reverse order.
import { buildDemo } from '../build.mjs'
import { startDemoServer } from './server.mjs'

const SERVICES = [
  {
    name: 'Portico demo',
    async start() {
      await buildDemo()
      return startDemoServer()
    },
  },
]

const running = []

async function stopAll() {
  while (running.length > 0) {
    const { name, handle } = running.pop()
    await handle.close().catch((error) => console.error(`${name}: failed to stop: ${error.message}`))
  }
}

async function startAll() {
  for (const service of SERVICES) {
    const handle = await service.start()
    running.push({ name: service.name, handle })
    console.log(`${service.name}: ${handle.url}`)
  }
}

let stopping = false
async function shutdown(code) {
  if (stopping) return
  stopping = true
  await stopAll()
  process.exit(code)
}

process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

try {
  await startAll()
} catch (error) {
  const hint = error.code === 'EADDRINUSE' ? ' (port in use; set PORT=<free port>)' : ''
  console.error(`start failed: ${error.message}${hint}`)
  await shutdown(1)
}
