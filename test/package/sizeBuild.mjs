// Builds for the size budgets, in a child process with an installed example's own Vite or
// esbuild (resolved from its node_modules), so the figures are what that toolchain ships.
//
//   node sizeBuild.mjs app <app dir> <vite|esbuild> <outdir>
//     The app once more, with its own config, react, react-dom and scheduler left external:
//     its first screen without React is then measured, not estimated. Writes
//     <outdir>/inputs.json: per output file, its rendered bytes and those of the app's own
//     src/ modules, to tell Portico's share from the app's.
//   node sizeBuild.mjs entries <app dir> <vite|esbuild> <outdir> <name=module>...
//     Each module as an entry of one split build (library mode for Vite), with React and
//     Portico's optional peers external; <outdir>/<name>.js is each entry's output.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

const REACT = ['react', 'react-dom', 'scheduler']

const [mode, appArg, bundler, outArg, ...rest] = process.argv.slice(2)
if (!['app', 'entries'].includes(mode ?? '') || !appArg || !outArg || !['vite', 'esbuild'].includes(bundler ?? '')) {
  throw new Error('usage: node sizeBuild.mjs app|entries <app dir> <vite|esbuild> <outdir> [name=module...]')
}
const app = resolve(appArg)
const outdir = resolve(outArg)
const requireFromApp = createRequire(join(app, 'package.json'))
const importFromApp = (name) => import(pathToFileURL(requireFromApp.resolve(name)).href)
/** A package and its subpaths, as a pattern (Rolldown) or as names and globs (esbuild). */
const pattern = (names) => new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(/.*)?$`)
const globs = (names) => names.flatMap((name) => [name, `${name}/*`])

if (mode === 'app') await buildApp()
else await buildEntries(Object.fromEntries(rest.map((arg) => arg.split('=')).map(([name, file]) => [name, resolve(file)])))

async function buildApp() {
  const own = join(app, 'src') + sep
  /** output file (relative to outdir) -> { bytes, appBytes } */
  const inputs = {}
  if (bundler === 'vite') {
    const vite = await importFromApp('vite')
    const result = await vite.build({
      root: app,
      logLevel: 'warn',
      build: { outDir: outdir, emptyOutDir: true, rolldownOptions: { external: [pattern(REACT)] } },
    })
    for (const chunk of [result]
      .flat()
      .flatMap((output) => output.output)
      .filter((item) => item.type === 'chunk')) {
      const modules = Object.entries(chunk.modules)
      inputs[chunk.fileName] = {
        bytes: modules.reduce((sum, [, m]) => sum + m.renderedLength, 0),
        appBytes: modules.filter(([id]) => id.startsWith(own)).reduce((sum, [, m]) => sum + m.renderedLength, 0),
      }
    }
  } else {
    const { buildApp: build } = await import(pathToFileURL(join(app, 'esbuild.mjs')).href)
    const { metafile } = await build({ outdir, external: globs(REACT), metafile: true, absWorkingDir: app })
    for (const [file, output] of Object.entries(metafile.outputs)) {
      if (!file.endsWith('.js')) continue
      const entries = Object.entries(output.inputs)
      inputs[relative(outdir, resolve(app, file))] = {
        bytes: entries.reduce((sum, [, i]) => sum + i.bytesInOutput, 0),
        appBytes: entries.filter(([path]) => resolve(app, path).startsWith(own)).reduce((sum, [, i]) => sum + i.bytesInOutput, 0),
      }
    }
  }
  writeFileSync(join(outdir, 'inputs.json'), JSON.stringify(inputs))
}

async function buildEntries(entry) {
  // Its exports have no ./package.json: read the file where npm put it.
  const portico = JSON.parse(readFileSync(join(app, 'node_modules/portico/package.json'), 'utf8'))
  const optional = Object.keys(portico.peerDependenciesMeta ?? {}).filter((name) => portico.peerDependenciesMeta[name].optional)
  const external = [...REACT, ...optional]
  if (bundler === 'vite') {
    const vite = await importFromApp('vite')
    await vite.build({
      root: app,
      configFile: false,
      logLevel: 'warn',
      build: {
        outDir: outdir,
        emptyOutDir: true,
        minify: true,
        lib: { entry, formats: ['es'] },
        rolldownOptions: { external: [pattern(external)] },
      },
    })
  } else {
    const esbuild = requireFromApp('esbuild')
    await esbuild.build({
      entryPoints: entry,
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      target: 'es2022',
      external: globs(external),
      absWorkingDir: app,
      logLevel: 'warning',
    })
  }
}
