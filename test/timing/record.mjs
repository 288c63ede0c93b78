// Writes test/timing/durations.json from the output of a whole run (`npm test > run.log`):
// vitest prints each file's time as "✓  unit  path (N tests) 1234ms", lanes prefix "[e2e 1/2] ".
// Usage: node test/timing/record.mjs run.log
import { readFileSync, writeFileSync } from 'node:fs'

const [log] = process.argv.slice(2)
if (!log) {
  console.error('usage: node test/timing/record.mjs <log of npm test>')
  process.exit(1)
}
// Colours off, then one line per file: its project, its path and its time.
const FILE_LINE = /^(?:\[e2e \d+\/\d+\] )?\s*[✓❯×]\s+(\w+)\s+(\S+) \(\d+ tests?[^)]*\) (\d+)(ms|s)$/
// The package project's files mostly wait on npm and bundlers side by side; its order is vitest's.
const RECORDED = ['unit', 'e2e']
const durations = {}
for (const line of readFileSync(log, 'utf8')
  .replace(/\x1b\[[0-9;]*m/g, '')
  .split('\n')) {
  const match = FILE_LINE.exec(line.trimEnd())
  if (!match) continue
  const [, project, path, time, unit] = match
  if (!RECORDED.includes(project)) continue
  durations[project] ??= {}
  durations[project][path] = Math.max(1, Math.round(Number(time) / (unit === 'ms' ? 1000 : 1)))
}
const sorted = Object.fromEntries(Object.entries(durations).map(([project, files]) => [project, Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)))]))
writeFileSync(new URL('./durations.json', import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`)
console.log(
  Object.entries(sorted)
    .map(([project, files]) => `${project}: ${Object.keys(files).length} files`)
    .join(', '),
)
