import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from '../../build.mjs'
import type { PackReport } from '../../scripts/pack.mjs'

// An app as an integrator has it: the packed tarball unpacked in its node_modules, the
// other packages it needs linked from this repo's install (no registry needed), and
// TypeScript with an app's strictest options. Nothing here reads Portico's sources.

export const run = promisify(execFile)
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')
export const RESOLUTIONS = { bundler: 'esnext', node16: 'node16' } as const
export type Resolution = keyof typeof RESOLUTIONS

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}
export const optionalPeers = Object.keys(manifest.peerDependenciesMeta).filter((name) => manifest.peerDependenciesMeta[name]?.optional)
const requiredPeers = Object.keys(manifest.peerDependencies).filter((name) => !optionalPeers.includes(name))
/** What `npm install portico` brings (its dependencies and required peers), and the app's React types. */
export const installedWithPortico = () => [...Object.keys(manifest.dependencies), ...requiredPeers, '@types/react', '@types/react-dom']

/** Unpacks the tarball; returns each shipped file (relative to the package root) and its text. */
export async function unpack(report: PackReport, into: string): Promise<Map<string, string>> {
  mkdirSync(into, { recursive: true })
  await run('tar', ['xzf', report.tarball, '-C', into, '--strip-components=1'])
  return new Map(report.files.map(({ path }) => [path, readFileSync(join(into, path), 'utf8')]))
}

/**
 * Writes an app in `dir`: the unpacked package in node_modules/portico, links to `packages`,
 * and `files`. `types` are its ambient type packages: none for a browser app, ['node'] for a backend.
 */
export function makeApp(
  dir: string,
  shipped: ReadonlyMap<string, string>,
  files: Readonly<Record<string, string>>,
  packages: readonly string[],
  types: readonly string[] = [],
): string {
  for (const [file, text] of shipped) write(join(dir, 'node_modules/portico', file), text)
  for (const pkg of packages) {
    mkdirSync(dirname(join(dir, 'node_modules', pkg)), { recursive: true })
    symlinkSync(join(ROOT, 'node_modules', pkg), join(dir, 'node_modules', pkg), 'dir')
  }
  write(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
  for (const [file, text] of Object.entries(files)) write(join(dir, file), text)
  for (const [moduleResolution, module] of Object.entries(RESOLUTIONS)) {
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module,
      moduleResolution,
      jsx: 'react-jsx',
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      // Declaration files are checked too, and no ambient @types/node is there to lean on (but in a backend).
      skipLibCheck: false,
      types,
      noEmit: true,
    }
    write(join(dir, `tsconfig.${moduleResolution}.json`), JSON.stringify({ compilerOptions, include: ['src'] }))
  }
  return dir
}

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

/** The errors TypeScript reports for the app; empty when it compiles. */
export async function compile(dir: string, moduleResolution: Resolution): Promise<string[]> {
  const args = [TSC, '-p', `tsconfig.${moduleResolution}.json`, '--pretty', 'false']
  const result = await run(process.execPath, args, { cwd: dir }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
  return result.stdout.split('\n').filter((line) => /: error TS\d+:/.test(line))
}
