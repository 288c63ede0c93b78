// `npm run frame-server` / `api-server` / `paymaster-server`: bundles servers/<name>/main.ts into
// .cache (Node 20 does not run TypeScript) and runs it as a child with this process's
// environment, passing Ctrl-C and SIGTERM on.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { bundleServer } from './bundle.mjs'

const SERVERS = ['frame', 'api', 'paymaster']
const name = process.argv[2]
if (!SERVERS.includes(name)) {
  console.error(`usage: node servers/run.mjs <${SERVERS.join('|')}>`)
  process.exit(2)
}
const root = fileURLToPath(new URL('../', import.meta.url))
const outfile = `${root}.cache/${name}-server/main.mjs`
await bundleServer({ entry: `${root}servers/${name}/main.ts`, outfile })

// Further arguments go to the server's main (`frame reseal`: the re-seal job).
const child = spawn(process.execPath, [outfile, ...process.argv.slice(3)], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
