// `npm run fuzz [-- <test/fuzz file filters>]`: runs the fuzz targets of test/fuzz/ at the
// full count (PORTICO_FUZZ_RUNS, default 100,000 cases per target; CI's `npm test` runs
// them at 100), then prints the cases, crashes and slowest case (CPU ms) of each target.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const runs = process.env.PORTICO_FUZZ_RUNS ?? '100000'
const dir = mkdtempSync(join(tmpdir(), 'portico-fuzz-'))
const report = join(dir, 'report.jsonl')
const filters = process.argv.slice(2)
const started = Date.now()
const result = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...(filters.length ? filters : ['test/fuzz/'])], {
  stdio: 'inherit',
  env: { ...process.env, PORTICO_FUZZ_RUNS: runs, PORTICO_FUZZ_REPORT: report },
})
let lines = []
try {
  lines = readFileSync(report, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
} catch {
  // no target finished
}
rmSync(dir, { recursive: true, force: true })

const width = Math.max(6, ...lines.map((line) => line.target.length))
console.log(`\nfuzz: ${runs} cases per target\n${'target'.padEnd(width)}  ${'cases'.padStart(7)}  crashes  slowest CPU ms  seconds`)
for (const line of lines) {
  console.log(
    `${line.target.padEnd(width)}  ${String(line.cases).padStart(7)}  ${String(line.crashes).padStart(7)}  ${String(line.slowestMs).padStart(14)}  ${String(line.seconds).padStart(7)}`,
  )
}
const cases = lines.reduce((sum, line) => sum + line.cases, 0)
const crashes = lines.reduce((sum, line) => sum + line.crashes, 0)
console.log(`fuzz: ${lines.length} targets, ${cases} cases, ${crashes} crashes, ${Math.round((Date.now() - started) / 1000)} s`)
process.exit(result.status ?? 1)
