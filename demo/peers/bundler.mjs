// A real ERC-4337 bundler against a local node: Pimlico's Alto (@pimlico/alto), in a child
// process on 127.0.0.1 (loopbackListen.mjs), for the EntryPoint v0.7 that
// accountAbstraction.mjs deploys. `npm start` and the tests start it the same way.
// Plain ESM: `npm start` runs it on Node 20; types in bundler.d.mts.
import { fork } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assertPortFree, rpc } from './hardhat.mjs'
import { DEMO_BUNDLER_EXECUTOR_KEY, DEMO_BUNDLER_UTILITY_KEY, ENTRY_POINT_V07 } from './accountAbstraction.mjs'

const HERE = dirname(fileURLToPath(import.meta.url))
const ALTO = resolve(HERE, '../../node_modules/@pimlico/alto/esm/cli/alto.js')

/**
 * Starts Alto for the node at `rpcUrl` (which must have the contracts: deployAccountAbstraction)
 * on 127.0.0.1:`port` (0: a free port), and resolves once it answers eth_supportedEntryPoints.
 * `--safe-mode false`: Hardhat has no debug_traceCall with Geth's tracers, which the full
 * ERC-7562 validation rules need; every other check (simulation, signature, prefund) runs.
 * `--enable-cors true`: the embedded wallet's smart account sends its user operations from the
 * secure frame's page, in the browser, as it does to any hosted bundler (which all answer CORS).
 */
export async function startBundler({ rpcUrl, port = 0, timeoutMs = 60_000 }) {
  // A fixed port (npm start's) that is taken fails here with a message naming it.
  if (port !== 0) await assertPortFree(port)
  const child = fork(
    ALTO,
    [
      '--entrypoints',
      ENTRY_POINT_V07,
      '--rpc-url',
      rpcUrl,
      '--executor-private-keys',
      DEMO_BUNDLER_EXECUTOR_KEY,
      '--utility-private-key',
      DEMO_BUNDLER_UTILITY_KEY,
      '--safe-mode',
      'false',
      '--port',
      String(port),
      '--log-level',
      'warn',
      '--min-bundle-interval',
      '50',
      '--enable-cors',
      'true',
    ],
    {
      execArgv: ['--import', resolve(HERE, 'loopbackListen.mjs')],
      // No .env from the working folder, and no error reports to a host nobody configured.
      env: { ...process.env, DOTENV_CONFIG_PATH: '/dev/null', SENTRY_DSN: '' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  const exited = new Promise((done) => child.once('exit', () => done()))
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await Promise.race([exited, delay(5_000).then(() => child.kill('SIGKILL'))])
      await exited
    }
  }
  try {
    const listening = await new Promise((resolveListening, reject) => {
      const timer = setTimeout(() => reject(new Error(`startBundler: Alto did not listen within ${timeoutMs} ms\n${output}`)), timeoutMs)
      child.on('message', (message) => {
        if (typeof message?.listening === 'number') clearTimeout(timer), resolveListening(message.listening)
      })
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`startBundler: Alto exited with ${code}\n${output}`))))
    })
    const url = `http://127.0.0.1:${listening}/rpc`
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const entryPoints = await supportedEntryPoints(url)
      if (entryPoints?.some((address) => address.toLowerCase() === ENTRY_POINT_V07.toLowerCase())) return { url, stop }
      if (Date.now() > deadline) throw new Error(`startBundler: ${url} did not answer within ${timeoutMs} ms\n${output}`)
      await delay(100)
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function supportedEntryPoints(url) {
  try {
    return await rpc(url, 'eth_supportedEntryPoints', [], { timeoutMs: 1_000 })
  } catch {
    return undefined
  }
}

const delay = (ms) => new Promise((done) => setTimeout(done, ms))
