// `npm test`: makes sure Debian's Chromium is there for the e2e project, then runs
// the unit project, the browser project and the package project (pack, publint, attw,
// an app compiling the declarations) one after the other (on a 2-core CI machine,
// Chromium and Hardhat nodes next to the unit run would only fight for the CPU) and
// exits non-zero if any failed.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs'

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.error) throw result.error
  return result.status ?? 1
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0) {
    console.error(`test: ${CHROMIUM} is missing and we are not root; e2e tests will fail. Install it with: sudo apt-get install -y chromium`)
    return
  }
  console.log(`test: ${CHROMIUM} is missing; installing Debian's chromium with apt-get`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const status = run('apt-get', args, env)
    if (status !== 0) {
      console.error(`test: "apt-get ${args.join(' ')}" failed with exit code ${status}; cannot run the e2e tests`)
      process.exit(status)
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`test: apt-get installed chromium but ${CHROMIUM} is still missing`)
    process.exit(1)
  }
}

ensureChromium()
const unit = run('npx', ['vitest', 'run', '--project', 'unit'])
const e2e = run('npx', ['vitest', 'run', '--project', 'e2e'])
const pkg = run('npx', ['vitest', 'run', '--project', 'package'])
const verdict = (status) => (status === 0 ? 'passed' : 'FAILED')
console.log(`test: unit ${verdict(unit)}, browser ${verdict(e2e)}, package ${verdict(pkg)}`)
process.exit(unit || e2e || pkg)
