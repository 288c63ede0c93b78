// The servers under load for `npm run bench` (or alone: `npm run bench -- servers`, or
// `node bench/servers.mjs`; SERVER_REQUESTS=2000 for a short run). Each server runs in a
// process of its own (bench/serverProcess.ts), on PGlite (a data folder: one process) and on
// PostgreSQL with one instance and with two sharing it (the connections split between them).
// Every run starts fresh processes and a fresh database, sends SERVER_REQUESTS valid requests
// from CONNECTIONS connections on 127.0.0.1 (bench/load.mjs), and reads each server's memory
// after them. Figures to compare over time, not pass/fail checks.
import { fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeFunctionData, erc20Abi, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ROOT } from '../build.mjs'
import { HARDHAT_ACCOUNTS } from '../demo/peers/accounts.mjs'
import { deployDemoTokens } from '../demo/peers/deployTokens.mjs'
import { rpc, startHardhat } from '../demo/peers/hardhat.mjs'
import { DEMO_TOKENS } from '../demo/peers/tokens.mjs'
import { bundleServer } from '../servers/bundle.mjs'
import { startPostgres } from '../test/peers/postgres.mjs'
import { httpClient, runLoad } from './load.mjs'

const REQUESTS = Number(process.env.SERVER_REQUESTS ?? 100_000)
const CONNECTIONS = 16
const HARDHAT_PORT = 8591
/** The host page's origin: the frame project's allowed origin, the API's allowed origin, the SIWX domain. */
const HOST_ORIGIN = 'https://app.example.com'
const PROJECT = 'bench'
const CHAIN = 'eip155:31337'
/** The account the chain gets TRANSFERS native and TRANSFERS DEMO transfers to: balance and history ask about it. */
const ACCOUNT = HARDHAT_ACCOUNTS[7].address
const TRANSFERS = 30
/** Raised so that every request is served: this measures the server, not its limits. */
const RAISED_LIMITS = {
  cooldownSeconds: 1,
  perEmail: { max: 1_000_000_000, windowSeconds: 3600 },
  perAddress: { max: 1_000_000_000, windowSeconds: 3600 },
  startsPerAddress: { max: 1_000_000_000, windowSeconds: 3600 },
  startsPerProject: { max: 1_000_000_000, windowSeconds: 60 },
  waitsPerAddress: 1_000,
  waitsPerProject: 1_000,
}
/**
 * The frame servers run as behind a reverse proxy that names each visitor's address: the count
 * per address is one row, and every request from one address waits on it while the request
 * before it sends its mail (the mail is sent inside the transaction that counts it).
 */
const PROXY_HEADER = 'x-forwarded-for'
export const LIMITS_NOTE =
  'frame limits raised for the bench (code requests and login starts 1e9 per window, 1,000 long-polls at once, cooldown 1 s): this measures the server, not the limits; each email start comes from its own address (x-forwarded-for, as behind a proxy)'

const CONFIGS = [
  { database: 'PGlite', instances: 1 },
  { database: 'PostgreSQL', instances: 1 },
  { database: 'PostgreSQL', instances: 2 },
]

// ---- processes ------------------------------------------------------------------------

const CHILD = join(ROOT, '.cache/bench/serverProcess.mjs')

/** A server of bench/serverProcess.ts in its own process, once it listens. */
function startProcess(spec) {
  const child = fork(CHILD, [JSON.stringify(spec)], { execArgv: ['--expose-gc'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const next = (key) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (!(key in message)) return
        child.off('message', onMessage)
        resolve(message[key])
      }
      child.on('message', onMessage)
      exited.then((code) => reject(new Error(`bench: the ${spec.kind} server process exited (${code}) before it answered`)))
    })
  return next('ready').then((ready) => ({
    ...ready,
    memory() {
      child.send('memory')
      return next('memory')
    },
    async stop() {
      child.send('stop')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }))
}

/** A fresh database for one run: a PGlite folder (one process only) or a PostgreSQL server. */
async function freshDatabase(kind) {
  if (kind === 'PGlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-pglite-'))
    return { location: { dataDir }, stop: async () => rmSync(dataDir, { recursive: true, force: true }) }
  }
  const postgres = await startPostgres()
  return { location: { url: postgres.url }, stop: () => postgres.stop() }
}

// ---- requests -------------------------------------------------------------------------

const client = httpClient(CONNECTIONS)
const json = (origin, body) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) })
const caller = { projectId: PROJECT, hostOrigin: HOST_ORIGIN }

function expectOk(what, answer) {
  if (answer.status !== 200) throw new Error(`bench: ${what} answered ${answer.status}: ${answer.body.slice(0, 200)}`)
  return answer.body ? JSON.parse(answer.body) : undefined
}

/** The newest mail to `email` whose subject starts with `subject` (polled: the server mails it first). */
async function mailTo(mailbox, email, subject) {
  const deadline = Date.now() + 30_000
  for (;;) {
    const mails = JSON.parse((await client.request(`${mailbox.url}/api/messages?to=${encodeURIComponent(email)}`)).body)
    const mail = mails.find((item) => item.subject.startsWith(subject))
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`bench: no "${subject}" mail to ${email} within 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A first login on a new device, as the frame page does it: the approval link, the wait, the code. */
async function login(frame, mailbox, email) {
  const deviceId = randomUUID()
  const post = (path, body) => client.request(frame.url + path, json(frame.url, { ...caller, ...body }))
  expectOk('email/start', await post('/v1/email/start', { email, deviceId }))
  const link = new URL(/(http:\/\/\S+\/v1\/device\/approve\?token=\S+)/.exec((await mailTo(mailbox, email, 'Approve a sign-in')).text)[1])
  // The link's page approves only by its own button: a form POST from the frame server's origin.
  const pressed = await client.request(`${link.origin}${link.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: link.origin },
    body: `token=${link.searchParams.get('token')}`,
  })
  if (pressed.status !== 200) throw new Error(`bench: the approval button was refused (${pressed.status})`)
  expectOk('device/wait', await post('/v1/device/wait', { email, deviceId }))
  // No subject carries the code: it is on a line of its own in the text.
  const otp = /^(\d{6})$/m.exec((await mailTo(mailbox, email, 'Your sign-in code')).text)[1]
  return expectOk('email/verify', await post('/v1/email/verify', { email, deviceId, otp })).refreshToken
}

/**
 * What each run loads: the server it starts, what it prepares, and one step of a connection
 * (`servers[connection % servers.length]` serves it, so two instances share the load).
 */
const SCENARIOS = [
  {
    name: 'email',
    server: 'frame',
    prepare: async () => ({ run: randomUUID().slice(0, 8), sent: 0 }),
    // A new visitor each time (email, device, address): an approval link goes to the SMTP sink.
    step:
      ({ servers, state }) =>
      async (connection, measure) => {
        const frame = servers[connection % servers.length]
        const n = state.sent++
        const request = json(frame.url, { ...caller, email: `load-${state.run}-${n}@example.com`, deviceId: randomUUID() })
        request.headers[PROXY_HEADER] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
        await measure('/v1/email/start', () => client.request(`${frame.url}/v1/email/start`, request))
      },
  },
  {
    name: 'refresh',
    server: 'frame',
    // One session per connection, each logged in through the mail; every answer's refresh token is its next request's.
    prepare: async ({ servers, mailbox }) => {
      const run = randomUUID().slice(0, 8)
      return { tokens: await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => login(servers[i % servers.length], mailbox, `refresh-${run}-${i}@example.com`))) }
    },
    step:
      ({ servers, state }) =>
      async (connection, measure) => {
        const frame = servers[connection % servers.length]
        const answer = await measure('/v1/session/refresh', () =>
          client.request(`${frame.url}/v1/session/refresh`, json(frame.url, { ...caller, refreshToken: state.tokens[connection] })),
        )
        // Without a new token this connection's chain is over (a token sent twice revokes the session).
        if (answer?.status !== 200) return false
        state.tokens[connection] = JSON.parse(answer.body).refreshToken
      },
  },
  {
    name: 'balance',
    server: 'api',
    prepare: ({ servers, chain }) => untilIndexed(servers, chain.lastHash),
    step:
      ({ servers }) =>
      async (connection, measure) => {
        const api = servers[connection % servers.length]
        await measure('/v1/balance/:address', () => client.request(`${api.url}/v1/balance/${ACCOUNT}?chainId=${CHAIN}`, { headers: { origin: HOST_ORIGIN } }))
      },
  },
  {
    name: 'history',
    server: 'api',
    prepare: ({ servers, chain }) => untilIndexed(servers, chain.lastHash),
    step:
      ({ servers }) =>
      async (connection, measure) => {
        const api = servers[connection % servers.length]
        await measure('/v1/account/:address/history', () => client.request(`${api.url}/v1/account/${ACCOUNT}/history?chainId=${CHAIN}`, { headers: { origin: HOST_ORIGIN } }))
      },
  },
  {
    name: 'siwx',
    server: 'siwx',
    prepare: async () => ({ signer: privateKeyToAccount(HARDHAT_ACCOUNTS[8].privateKey) }),
    // A nonce, then the sign-in with it, signed by the account as a wallet would.
    step:
      ({ servers, state, formatSiwxMessage }) =>
      async (connection, measure) => {
        const siwx = servers[connection % servers.length]
        const answer = await measure('/siwx/nonce', () => client.request(`${siwx.url}/siwx/nonce`, { headers: { origin: HOST_ORIGIN } }))
        if (answer?.status !== 200) return
        const message = formatSiwxMessage({
          domain: new URL(HOST_ORIGIN).host,
          accountAddress: state.signer.address,
          uri: `${HOST_ORIGIN}/login`,
          version: '1',
          chainId: CHAIN,
          nonce: JSON.parse(answer.body).nonce,
          issuedAt: new Date().toISOString(),
        })
        const signature = await state.signer.signMessage({ message })
        // The nonce is bound to the cookie it came with: the browser sends it back with the sign-in.
        const request = json(HOST_ORIGIN, { message, signature })
        request.headers.cookie = (answer.headers['set-cookie'] ?? [])[0]?.split(';')[0] ?? ''
        await measure('/siwx/verify', () => client.request(`${siwx.url}/siwx/verify`, request))
      },
  },
]

/** Resolves once every API instance's history of ACCOUNT starts with the chain's last transfer: the index is complete. */
async function untilIndexed(servers, lastHash) {
  const deadline = Date.now() + 120_000
  for (const api of servers) {
    for (;;) {
      const answer = await client.request(`${api.url}/v1/account/${ACCOUNT}/history?chainId=${CHAIN}`)
      if (answer.status === 200 && JSON.parse(answer.body).data[0]?.metadata.hash === lastHash) break
      if (Date.now() > deadline) throw new Error('bench: the API did not index the chain within 120 s')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

function serverSpec(kind, location, { chain, mailbox, pageDir }) {
  if (kind === 'frame') {
    return {
      kind,
      database: location,
      pageDir,
      smtpUrl: mailbox.smtpUrl,
      keyEncryptionKey: randomBytes(32).toString('base64'),
      sessionSecret: randomBytes(32).toString('hex'),
      projects: { [PROJECT]: [HOST_ORIGIN] },
      limits: RAISED_LIMITS,
      clientAddressHeader: PROXY_HEADER,
    }
  }
  if (kind === 'api') return { kind, database: location, rpcUrl: chain.url, origins: [HOST_ORIGIN] }
  return { kind, database: location, rpcUrl: chain.url, domain: new URL(HOST_ORIGIN).host }
}

// ---- the chain ------------------------------------------------------------------------

/** A Hardhat node with the demo tokens, and TRANSFERS native and TRANSFERS DEMO transfers to ACCOUNT. */
async function startChain() {
  const node = await startHardhat({ port: HARDHAT_PORT })
  try {
    await deployDemoTokens(node.url)
    let lastHash
    for (let i = 0; i < TRANSFERS; i++) {
      await rpc(node.url, 'eth_sendTransaction', [{ from: HARDHAT_ACCOUNTS[2].address, to: ACCOUNT, value: numberToHex(BigInt(i + 1)), gas: numberToHex(21_000) }])
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT, BigInt(i + 1)] })
      lastHash = await rpc(node.url, 'eth_sendTransaction', [{ from: HARDHAT_ACCOUNTS[3].address, to: DEMO_TOKENS[0].address, data, gas: numberToHex(80_000) }])
    }
    return { url: node.url, lastHash, stop: node.stop }
  } catch (error) {
    await node.stop()
    throw error
  }
}

// ---- runs -----------------------------------------------------------------------------

async function runOne(scenario, config, peers) {
  const database = await freshDatabase(config.database)
  const servers = []
  try {
    // One at a time: instances on one Postgres take turns to migrate anyway.
    for (let i = 0; i < config.instances; i++) servers.push(await startProcess(serverSpec(scenario.server, database.location, peers)))
    const state = await scenario.prepare({ servers, ...peers })
    const result = await runLoad({ connections: CONNECTIONS, requests: REQUESTS, step: scenario.step({ servers, state, ...peers }) })
    const memory = []
    for (const server of servers) memory.push(await server.memory())
    return { scenario: scenario.name, server: scenario.server, database: config.database, instances: config.instances, ...result, memory }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
    await database.stop()
  }
}

/** The load average every 5 s while the bench runs: the machine is shared, and the figures depend on it. */
function watchLoad() {
  const samples = [loadavg()[0]]
  const timer = setInterval(() => samples.push(loadavg()[0]), 5_000)
  return () => {
    clearInterval(timer)
    samples.push(loadavg()[0])
    const round = (value) => Math.round(value * 100) / 100
    return { min: round(Math.min(...samples)), max: round(Math.max(...samples)), mean: round(samples.reduce((a, b) => a + b, 0) / samples.length), cores: availableParallelism() }
  }
}

/**
 * Every scenario on every configuration: rps, p50/p99 latency, answers outside 2xx and each
 * server process's memory after the run's requests.
 */
export async function measureServers({ only = [] } = {}) {
  const unknown = only.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name))
  if (unknown.length > 0) throw new Error(`bench: no server scenario ${unknown.join(', ')} (there are: ${SCENARIOS.map((s) => s.name).join(', ')})`)
  const scenarios = only.length === 0 ? SCENARIOS : SCENARIOS.filter((scenario) => only.includes(scenario.name))
  await bundleServer({ entry: join(ROOT, 'bench/serverProcess.ts'), outfile: CHILD })
  const siwxOut = join(ROOT, '.cache/bench/siwxMessage.mjs')
  await bundleServer({ entry: join(ROOT, 'protocol/siwx/index.ts'), outfile: siwxOut })
  const { formatSiwxMessage } = await import(siwxOut)
  const loadAverage = watchLoad()
  const started = Date.now()
  const chain = await startChain()
  // The frame page is not loaded here: its server gets an empty folder rather than a build to make.
  const pageDir = mkdtempSync(join(tmpdir(), 'portico-bench-page-'))
  let mailbox
  try {
    mailbox = await startProcess({ kind: 'mailbox' })
    const peers = { chain, mailbox, pageDir, formatSiwxMessage }
    const runs = []
    for (const config of CONFIGS) {
      for (const scenario of scenarios) {
        const run = await runOne(scenario, config, peers)
        console.error(`bench servers: ${scenario.name} on ${config.database} x${config.instances}: ${run.requests} requests in ${run.seconds} s`)
        runs.push(run)
      }
    }
    return {
      date: new Date().toISOString(),
      connections: CONNECTIONS,
      requestsPerRun: REQUESTS,
      note: LIMITS_NOTE,
      minutes: Math.round((Date.now() - started) / 600) / 100,
      loadAverage: loadAverage(),
      runs,
    }
  } finally {
    client.close()
    await mailbox?.stop()
    await chain.stop()
    rmSync(pageDir, { recursive: true, force: true })
  }
}

// ---- report ---------------------------------------------------------------------------

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1)

/** One row per route and configuration; a run failing most of its requests is marked, it is a bug. */
export function printServers(servers) {
  if (typeof servers === 'string') return console.log(`servers under load: ${servers}`)
  console.log(`\nservers under load: ${servers.requestsPerRun} requests per run from ${servers.connections} connections on 127.0.0.1; ${servers.note}`)
  console.log(
    `${servers.minutes} min; load average (1 min) ${servers.loadAverage.min} to ${servers.loadAverage.max}, mean ${servers.loadAverage.mean}, on ${servers.loadAverage.cores} cores\n`,
  )
  const rows = [['route', 'database', 'inst', 'rps', 'p50 ms', 'p99 ms', 'non-2xx', 'no answer', 'RSS MB after', 'heap MB (after GC)']]
  for (const run of servers.runs) {
    const memory = run.memory
    for (const [route, figures] of Object.entries(run.routes)) {
      const failing = figures.non2xx + figures.unanswered > figures.requests / 2 ? ' MOSTLY FAILED' : ''
      rows.push([
        route + failing,
        run.database,
        String(run.instances),
        String(figures.rps),
        String(figures.p50Ms),
        String(figures.p99Ms),
        String(figures.non2xx),
        String(figures.unanswered),
        memory.map((m) => mb(m.rss)).join(' / '),
        memory.map((m) => `${mb(m.heapUsed)} (${mb(m.heapUsedAfterGc)})`).join(' / '),
      ])
    }
  }
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)))
  for (const [i, row] of rows.entries()) {
    console.log(
      row
        .map((cell, col) => (col >= 3 ? cell.padStart(widths[col]) : cell.padEnd(widths[col])))
        .join('  ')
        .trimEnd(),
    )
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

/** True when a run failed most of its requests: the bench then exits non-zero. */
export const mostlyFailed = (servers) => typeof servers !== 'string' && servers.runs.some((run) => Object.values(run.routes).some((f) => f.non2xx + f.unanswered > f.requests / 2))

/** Alone: the figures go into bench/results/latest.json under `servers`, its other keys kept. */
export async function benchServersAlone(only = []) {
  const servers = await measureServers({ only })
  printServers(servers)
  const path = join(ROOT, 'bench/results/latest.json')
  const latest = JSON.parse(readFileSync(path, 'utf8'))
  await writeFile(`${path}.tmp`, `${JSON.stringify({ ...latest, servers }, null, 2)}\n`)
  await rename(`${path}.tmp`, path)
  console.log('\nbench: wrote the servers figures into bench/results/latest.json')
  if (mostlyFailed(servers)) process.exitCode = 1
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServersAlone(process.argv.slice(2))
