// `npm test`: makes sure Debian's Chromium (for the e2e project) and PostgreSQL (for the
// servers' storage tests, which also run on a real Postgres) are there, then runs
// the unit project, the browser project and the package project (pack, publint, attw,
// an app compiling the declarations) one after the other (on a 2-core CI machine,
// Chromium and Hardhat nodes next to the unit run would only fight for the CPU) and
// exits non-zero if any failed.
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import { createInterface } from 'node:readline'
import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs'
import { postgresBinDir } from '../test/peers/postgres.mjs'
import { ROOT, buildDemo } from '../build.mjs'

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.error) throw result.error
  return result.status ?? 1
}

/** Installs a Debian package with apt-get when `present()` is false; exits when that fails. */
function ensurePackage(name, present, missing, purpose) {
  if (present()) return
  if (process.getuid?.() !== 0) {
    console.error(`test: ${missing} is missing and we are not root; ${purpose} will fail. Install it with: sudo apt-get install -y ${name}`)
    return
  }
  console.log(`test: ${missing} is missing; installing Debian's ${name} with apt-get`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update'], ['install', '-y', name]]) {
    const status = run('apt-get', args, env)
    if (status !== 0) {
      console.error(`test: "apt-get ${args.join(' ')}" failed with exit code ${status}; ${purpose} cannot run`)
      process.exit(status)
    }
  }
  if (!present()) {
    console.error(`test: apt-get installed ${name} but ${missing} is still missing`)
    process.exit(1)
  }
}

ensurePackage('chromium', () => existsSync(CHROMIUM), CHROMIUM, 'the e2e tests')
ensurePackage('postgresql', () => postgresBinDir() !== undefined, '/usr/lib/postgresql/*/bin/initdb', "the servers' Postgres tests")
// Each project's wall time, printed as it ends: the suite's budget is 15 minutes in all.
const started = Date.now()
const timed = (name, project) => {
  const at = Date.now()
  const status = run('npx', ['vitest', 'run', '--project', project])
  console.log(`test: ${name} project took ${Math.round((Date.now() - at) / 1000)} s (${Math.round((Date.now() - started) / 1000)} s so far)`)
  return status
}

// The browser files in two lanes side by side, each lane a vitest run over half of them (split
// by recorded time, test/timing/) in a network namespace of its own: every file listens on
// the demo's fixed ports (8545, 8700, …, demo/config.ts bakes them into the build), and in its
// own namespace each lane has a 127.0.0.1 of its own with all of them free, so the files need
// no second port set. Most of a file's time is spent waiting (on Chromium, on a node, on a
// timer), which the other lane fills: one lane took 588 s on CI, two 448 s. Three lanes took
// 465 s and failed two layout checks (a focus 9 px under the fold at 320 × 480, an input 5 px
// wide under text spacing) that pass in two: on 2 cores the third lane's Chromium delays
// layout past what the checks wait for. PORTICO_E2E_LANES=3 still runs three.
// Needs root, util-linux's unshare and iproute2; without them, or with PORTICO_E2E_LANES=1,
// the files run one after the other.
const LANES = Number(process.env.PORTICO_E2E_LANES ?? 2)
// A namespace starts with its loopback down and nothing else. Loopback alone is not enough:
// with no other interface up Chromium reports navigator.onLine false, and WalletConnect then
// waits to be online before it opens its relay socket. So a veth pair is up as well, on a
// documentation address (TEST-NET-1) with no route out: nothing leaves the namespace.
const NAMESPACE_SETUP = [
  'ip link set lo up',
  'ip link add portico0 type veth peer name portico1',
  'ip addr add 192.0.2.1/24 dev portico0',
  'ip link set portico0 up',
  'ip link set portico1 up',
].join(' && ')
const canIsolate = () => spawnSync('unshare', ['--net', 'sh', '-c', NAMESPACE_SETUP], { stdio: 'ignore' }).status === 0

/** One lane: sets its namespace up, runs its shard on the demo built for all lanes, prefixes its output lines. */
function lane(index, demo) {
  const vitest = `npx vitest run --project e2e --shard=${index}/${LANES}`
  const env = demo ? { ...process.env, PORTICO_E2E_DEMO: demo } : process.env
  const child = spawn('unshare', ['--net', 'sh', '-c', `${NAMESPACE_SETUP} && exec ${vitest}`], { stdio: ['ignore', 'pipe', 'pipe'], env })
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[e2e ${index}/${LANES}] ${line}`))
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1))
    child.on('close', (code) => resolve(code ?? 1))
  })
}

async function browserLanes() {
  const at = Date.now()
  // The demo once for all lanes (test/e2e/sharedStack.ts builds it when run alone): the same
  // files in every lane, and one esbuild run fewer on the same 2 cores.
  // A failed build is left to each lane's own, whose files then report it precisely.
  const outdir = `dist/e2e/lanes-${process.pid}`
  const demo = await buildDemo({ outdir }).then(
    () => outdir,
    () => undefined,
  )
  const statuses = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i + 1, demo)))
  rmSync(join(ROOT, outdir), { recursive: true, force: true })
  console.log(`test: browser project took ${Math.round((Date.now() - at) / 1000)} s in ${LANES} lanes (${Math.round((Date.now() - started) / 1000)} s so far)`)
  return statuses.find((status) => status !== 0) ?? 0
}

// `npm test -- e2e` runs that project alone (the same way as in the whole run); `lint` is `npm run lint`; none named: all four.
const named = process.argv.slice(2)
const runs = (project) => named.length === 0 || named.includes(project)
// `npm run lint` first (Biome's format and lint of the tree, the commit messages; a few seconds): a failure fails the run like a failed project.
const lintAt = Date.now()
const lint = runs('lint') ? run('npm', ['run', '--silent', 'lint']) : undefined
if (lint !== undefined) console.log(`test: lint took ${Math.round((Date.now() - lintAt) / 1000)} s`)
const unit = runs('unit') ? timed('unit', 'unit') : undefined
const e2e = runs('e2e') ? (LANES > 1 && canIsolate() ? await browserLanes() : timed('browser', 'e2e')) : undefined
const pkg = runs('package') ? timed('package', 'package') : undefined
const verdict = (status) => (status === undefined ? 'not run' : status === 0 ? 'passed' : 'FAILED')
console.log(`test: lint ${verdict(lint)}, unit ${verdict(unit)}, browser ${verdict(e2e)}, package ${verdict(pkg)}`)
process.exit(lint || unit || e2e || pkg || 0)
