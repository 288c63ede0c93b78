// `npm test`: makes sure Debian's Chromium (for the e2e project) and PostgreSQL (for the
// servers' storage tests, which also run on a real Postgres) are there, then runs the unit
// project and the package project (pack, publint, attw, the example apps installed and built
// from the tarball) side by side, then the browser project alone, and exits non-zero if any
// failed. The package project mostly waits on npm installs and on child bundlers, so it fits
// beside the unit run; the browser project measures frames and timeouts, so nothing runs
// beside it (on a 2-core CI machine it would only fight Chromium and Hardhat for the CPU).
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs'
import { postgresBinDir } from '../test/peers/postgres.mjs'

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
ensurePackage('postgresql', () => postgresBinDir() !== undefined, '/usr/lib/postgresql/*/bin/initdb', 'the servers\' Postgres tests')
/**
 * Runs a project in the background with its output kept in a file (two live outputs would
 * interleave line by line), printed whole when it ends. Resolves to its exit status.
 */
function runQuietly(command, args, logFile) {
  mkdirSync('.cache', { recursive: true })
  const log = createWriteStream(logFile)
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  return new Promise((resolve) => {
    child.on('close', (status) => log.end(() => {
      process.stdout.write(readFileSync(logFile))
      resolve(status ?? 1)
    }))
  })
}

const started = Date.now()
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`
const packageRun = runQuietly('npx', ['vitest', 'run', '--project', 'package'], '.cache/package-test.log')
const unit = run('npx', ['vitest', 'run', '--project', 'unit'])
console.log(`test: unit project done at ${seconds()}; the package project's output follows when it ends`)
const pkg = await packageRun
console.log(`test: package project done at ${seconds()}`)
const e2e = run('npx', ['vitest', 'run', '--project', 'e2e'])
console.log(`test: browser project done at ${seconds()}`)
const verdict = (status) => (status === 0 ? 'passed' : 'FAILED')
console.log(`test: unit ${verdict(unit)}, browser ${verdict(e2e)}, package ${verdict(pkg)}`)
process.exit(unit || e2e || pkg)
