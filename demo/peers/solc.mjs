// Solidity compiled with the pinned solcjs (0.8.26, which Hardhat brings): no network, no
// committed bytecode. Loading solcjs takes about 2 s and a compile 2 to 5 s, and a test run
// compiles the same few contracts in many files, so each output is kept in .cache/solc/ keyed
// by the compiler's version and the whole standard-JSON input: a changed source, setting or
// compiler is a new key. Plain ESM: `npm start` runs it on Node 20; the tests import it too.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const CACHE = resolve(ROOT, '.cache/solc')
const require = createRequire(import.meta.url)

/**
 * Compiles one source file (optimizer on, 200 runs) and returns its contracts by name, each
 * with the outputs `outputs` selects (e.g. `['abi', 'evm.bytecode.object']`). Throws with
 * solc's messages on a compile error; only a clean output is cached.
 */
export function compileSolidity(fileName, content, outputs) {
  const input = JSON.stringify({
    language: 'Solidity',
    sources: { [fileName]: { content } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': outputs } } },
  })
  // The package's version, not solc.version(): reading it does not load the compiler.
  const { version } = JSON.parse(readFileSync(require.resolve('solc/package.json'), 'utf8'))
  const file = resolve(CACHE, `${createHash('sha256').update(`solcjs ${version}\n${input}`).digest('hex').slice(0, 24)}.json`)
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  const output = JSON.parse(require('solc').compile(input))
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const contracts = output.contracts[fileName]
  // Written aside and renamed, so a file running beside this one never reads half a file.
  mkdirSync(CACHE, { recursive: true })
  const partial = `${file}.${process.pid}.tmp`
  writeFileSync(partial, JSON.stringify(contracts))
  renameSync(partial, file)
  return contracts
}
