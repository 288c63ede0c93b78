// The examples/ apps as an integrator gets them: each copied out of the repo (so nothing
// resolves from the repo's own node_modules), installed from its own lock (which `npm ci`
// checks), then Portico from the packed tarball with `npm install --no-save`, and built
// with the app's own scripts. Used by examples.test.ts.
import { cpSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { ROOT } from '../../build.mjs'
import { run } from './installedApp.ts'

export const EXAMPLES = ['vite-react', 'react-18', 'vanilla'] as const
export type Example = (typeof EXAMPLES)[number]
/** The wagmi apps, installed the same way by wagmi2App.test.ts and wagmi3App.test.ts. */
export const WAGMI_EXAMPLES = ['wagmi-vite', 'wagmi-next'] as const
export type WagmiExample = (typeof WAGMI_EXAMPLES)[number]
export const BUNDLERS = ['vite', 'esbuild'] as const
export type Bundler = (typeof BUNDLERS)[number]

/** Where each bundler's build of an example lands, as its package.json scripts write it. */
export const OUTDIR: Record<Bundler, string> = { vite: 'dist', esbuild: 'dist-esbuild' }
const BUILD_SCRIPT: Record<Bundler, string> = { vite: 'build', esbuild: 'build:esbuild' }
const SIZE_BUILD = join(ROOT, 'test/package/sizeBuild.mjs')

// Quiet, and from npm's cache when it has the exact version (the lock pins them all).
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']

/**
 * The environment an integrator's shell has: without the NODE_ENV=test that Vitest sets,
 * which Vite would honour and so bundle React's development build.
 */
const { NODE_ENV: _vitest, ...INTEGRATOR_ENV } = process.env
export { INTEGRATOR_ENV }

/** The built output an example must not carry over from a developer's copy. */
const LOCAL_ONLY = /(^|\/)(node_modules|dist|dist-esbuild|\.next|next-env\.d\.ts)(\/|$)/

export interface InstalledExample<Name extends string = Example> {
  readonly name: Name
  readonly dir: string
  /** Wall time of `npm ci` and of installing the tarball. */
  readonly installMs: number
}

/** Copies examples/<name> to `dir` and installs it from its lock plus the tarball. */
export async function installExample<Name extends string>(name: Name, dir: string, tarball: string): Promise<InstalledExample<Name>> {
  const source = join(ROOT, 'examples', name)
  cpSync(source, dir, { recursive: true, filter: (path) => !LOCAL_ONLY.test(path.slice(source.length)) })
  const started = Date.now()
  // What `npm ci` refuses (a lock out of step with package.json) fails here, without its unpacking.
  await npm(dir, ['ci', '--dry-run', ...NPM_FLAGS])
  // The run's install of the tarball alone, hard-linked (its own hidden lock says what it
  // holds): npm keeps each package of it the app's tree has at that version and integrity,
  // replaces the others, and unpacks only the app's own from its lock.
  await run('cp', ['-al', join(inject('packageInstalled'), 'node_modules'), join(dir, 'node_modules')])
  await npm(dir, ['install', '--no-save', ...NPM_FLAGS, tarball])
  return { name, dir, installMs: Date.now() - started }
}

/** Installs the tarball in the empty app `dir` (packOnce.ts, once per run). */
export async function installPackageAlone(dir: string, tarball: string) {
  await npm(dir, ['install', '--no-save', ...NPM_FLAGS, tarball])
}

/** The package versions npm installed in the app (from its lock, and Portico's from the tarball). */
export function installedVersion(app: InstalledExample<string>, pkg: string): string {
  return (JSON.parse(readFileSync(join(app.dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version
}

/** `tsc --noEmit` with the app's own TypeScript and tsconfig; returns the errors. */
export async function typecheck(app: InstalledExample<Example | WagmiExample>): Promise<string[]> {
  const tsc = join(app.dir, 'node_modules/typescript/bin/tsc')
  const result = await run(process.execPath, [tsc, '--noEmit', '--pretty', 'false'], { cwd: app.dir, env: INTEGRATOR_ENV }).catch((error: { stdout: string }) => ({
    stdout: error.stdout,
  }))
  return result.stdout.split('\n').filter((line) => line.trim() !== '')
}

/** The app's own build script for `bundler`; returns the output directory. */
export async function build(app: InstalledExample<Example | WagmiExample>, bundler: Bundler): Promise<string> {
  await npm(app.dir, ['run', BUILD_SCRIPT[bundler], '--silent'])
  return join(app.dir, OUTDIR[bundler])
}

/** The app built once more with React external (sizeBuild.mjs app); returns the output directory. */
export async function buildWithoutReact(app: InstalledExample<Example | WagmiExample>, bundler: Bundler): Promise<string> {
  const outdir = join(app.dir, `${OUTDIR[bundler]}-without-react`)
  await run(process.execPath, [SIZE_BUILD, 'app', app.dir, bundler, outdir], { cwd: app.dir, env: INTEGRATOR_ENV })
  return outdir
}

/** Modules of the app built as entries (sizeBuild.mjs entries); returns the output directory. */
export async function buildEntries(app: InstalledExample<string>, bundler: Bundler, modules: Readonly<Record<string, string>>): Promise<string> {
  const outdir = join(app.dir, `entries-${bundler}`)
  const args = Object.entries(modules).map(([name, file]) => `${name}=${file}`)
  await run(process.execPath, [SIZE_BUILD, 'entries', app.dir, bundler, outdir, ...args], { cwd: app.dir, env: INTEGRATOR_ENV })
  return outdir
}

async function npm(cwd: string, args: readonly string[]) {
  try {
    await run('npm', [...args], { cwd, env: INTEGRATOR_ENV, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${stdout}${stderr}`)
  }
}
