// `npm test`: makes sure Debian's Chromium (for the e2e project) and PostgreSQL (for the
// servers' storage tests, which also run on a real Postgres) are there, then runs
// the unit project, the browser project and the package project (pack, publint, attw,
// an app compiling the declarations) one after the other (on a 2-core CI machine,
// Chromium and Hardhat nodes next to the unit run would only fight for the CPU) and
// exits non-zero if any failed.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
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
// Each project's wall time, printed as it ends: the suite's budget is 15 minutes in all.
const started = Date.now()
const timed = (name, project) => {
  const at = Date.now()
  const status = run('npx', ['vitest', 'run', '--project', project])
  console.log(`test: ${name} project took ${Math.round((Date.now() - at) / 1000)} s (${Math.round((Date.now() - started) / 1000)} s so far)`)
  return status
}
const unit = timed('unit', 'unit')
const e2e = timed('browser', 'e2e')
const pkg = timed('package', 'package')
const verdict = (status) => (status === 0 ? 'passed' : 'FAILED')
console.log(`test: unit ${verdict(unit)}, browser ${verdict(e2e)}, package ${verdict(pkg)}`)
process.exit(unit || e2e || pkg)
