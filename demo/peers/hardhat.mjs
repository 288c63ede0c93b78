// A local EVM node: Hardhat 2 (PEERS.md "EVM node"), one process per call. The one
// implementation `npm start` (demo/start.mjs) and every test use; test/peers/hardhat.ts
// re-exports it for the tests.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// From the string, not `new URL(...)`: under jsdom the global URL is not Node's.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const HARDHAT_BIN = 'node_modules/.bin/hardhat'

/** Config files per chain id: the default Hardhat chain and a second one for network switching. */
export const HARDHAT_CONFIGS = Object.freeze({
  31337: 'demo/peers/hardhat.config.cjs',
  31338: 'demo/peers/hardhat2.config.cjs',
})

export { HARDHAT_ACCOUNTS, HARDHAT_ACCOUNT_0, HARDHAT_ACCOUNT_1 } from './accounts.mjs'

/** One JSON-RPC call with fetch; throws on a transport error or an RPC error. */
export async function rpc(url, method, params = [], { timeoutMs = 10_000 } = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Thrown when the port is taken; `code` lets callers tell it from a failed start. */
export class PortBusyError extends Error {
  constructor(port, detail) {
    super(`port ${port} on 127.0.0.1 is busy (${detail}). Stop whatever holds it (another \`npm start\` or test run?) and try again.`)
    this.name = 'PortBusyError'
    this.code = 'EADDRINUSE'
    this.port = port
  }
}

/** Resolves when nothing listens on 127.0.0.1:port; throws PortBusyError otherwise. */
export async function assertPortFree(port) {
  const busy = await new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error)))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)))
  })
  if (!busy) return
  // Say what holds it when we can: a node left over from an earlier run is the usual case.
  const chainId = await answers(`http://127.0.0.1:${port}`)
  throw new PortBusyError(port, chainId === undefined ? 'another program listens there' : `a JSON-RPC node for chain ${chainId} already answers there`)
}

/**
 * Starts `hardhat node` on 127.0.0.1 (always: in a container it would otherwise
 * listen on every interface) and resolves once `eth_chainId` answers with the expected id.
 * A busy port is refused up front with a PortBusyError that says so.
 *
 * @example
 * const node = await startHardhat({ port: 8545 })
 * afterAll(() => node.stop())
 */
export async function startHardhat({ port = 8545, chainId = 31337, timeoutMs = 60_000 } = {}) {
  const url = `http://127.0.0.1:${port}`
  const config = HARDHAT_CONFIGS[chainId]
  if (!config) throw new Error(`startHardhat: no config for chain id ${chainId} (known: ${Object.keys(HARDHAT_CONFIGS).join(', ')})`)
  // A node left over on the port would silently answer for this one; refuse instead.
  await assertPortFree(port)

  const child = spawn(
    HARDHAT_BIN,
    ['--config', config, 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    // Its own process group, so stop() also ends the node's children.
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' } },
  )
  let output = ''
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  const exited = new Promise((done) => child.once('exit', () => done()))
  // If the parent process dies first, do not leave a node holding the port.
  const killOnExit = () => killGroup(child)
  process.once('exit', killOnExit)

  const stop = async () => {
    process.off('exit', killOnExit)
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child)
      await Promise.race([exited, delay(5_000).then(() => killGroup(child, 'SIGKILL'))])
      await exited
    }
  }

  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (/EADDRINUSE/.test(output)) throw new PortBusyError(port, 'hardhat could not listen there')
      throw new Error(`startHardhat: hardhat exited with ${child.exitCode}\n${output}`)
    }
    const id = await answers(url)
    if (id !== undefined) {
      if (id !== chainId) {
        await stop()
        throw new Error(`startHardhat: ${url} answers chain id ${id}, expected ${chainId}`)
      }
      return { url, chainId, stop }
    }
    await delay(200)
  }
  await stop()
  throw new Error(`startHardhat: no answer on ${url} within ${timeoutMs} ms\n${output}`)
}

/** The chain id a node at `url` answers, or undefined when nothing answers. */
async function answers(url) {
  try {
    return Number.parseInt(await rpc(url, 'eth_chainId', [], { timeoutMs: 1_000 }), 16)
  } catch {
    return undefined
  }
}

function killGroup(child, signal = 'SIGTERM') {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

const delay = (ms) => new Promise((done) => setTimeout(done, ms))
