// A local EVM node for tests: Hardhat 2 (PEERS.md "EVM node"), one process per call.
import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const HARDHAT_BIN = 'node_modules/.bin/hardhat'

/** Config files per chain id: the default Hardhat chain and a second one for switching tests. */
export const HARDHAT_CONFIGS = {
  31337: 'test/peers/hardhat.config.cjs',
  31338: 'test/peers/hardhat2.config.cjs',
} as const
export type HardhatChainId = keyof typeof HARDHAT_CONFIGS

/** Hardhat's default accounts #0 and #1 (publicly known keys; 10000 ETH each on a fresh node). */
export const HARDHAT_ACCOUNTS = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
] as const
export const HARDHAT_ACCOUNT_0 = HARDHAT_ACCOUNTS[0]
export const HARDHAT_ACCOUNT_1 = HARDHAT_ACCOUNTS[1]

export interface HardhatNode {
  readonly url: string
  readonly chainId: HardhatChainId
  /** Kills the node's process group and resolves once it has exited. */
  stop(): Promise<void>
}

export interface StartHardhatOptions {
  readonly port?: number
  readonly chainId?: HardhatChainId
  /** How long to wait for `eth_chainId` to answer. */
  readonly timeoutMs?: number
}

/** One JSON-RPC call with fetch; throws on a transport error or an RPC error. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/**
 * Starts `hardhat node` on 127.0.0.1 (always: in a container it would otherwise
 * listen on 0.0.0.0) and resolves once `eth_chainId` answers with the expected id.
 *
 * @example
 * const node = await startHardhat({ port: 8545 })
 * afterAll(() => node.stop())
 */
export async function startHardhat({ port = 8545, chainId = 31337, timeoutMs = 20_000 }: StartHardhatOptions = {}): Promise<HardhatNode> {
  const url = `http://127.0.0.1:${port}`
  // A node left over on the port would silently answer for this one; refuse instead.
  if (await answers(url)) throw new Error(`startHardhat: something already answers JSON-RPC on ${url}`)

  const child = spawn(
    HARDHAT_BIN,
    ['--config', HARDHAT_CONFIGS[chainId], 'node', '--hostname', '127.0.0.1', '--port', String(port)],
    // Its own process group, so stop() also ends the node's children.
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' } },
  )
  let output = ''
  child.stdout?.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-4000)))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  // If the test process dies first, do not leave a node holding the port.
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
    if (child.exitCode !== null) throw new Error(`startHardhat: hardhat exited with ${child.exitCode}\n${output}`)
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
async function answers(url: string): Promise<number | undefined> {
  try {
    return Number.parseInt(await rpc<string>(url, 'eth_chainId'), 16)
  } catch {
    return undefined
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))
