// `npm run build:esbuild`: the same app built with esbuild instead of Vite, into
// dist-esbuild/. One ES module entry with code splitting, so the modal's code stays in
// chunks that load on first use. `buildApp(overrides)` takes extra esbuild options and
// returns esbuild's result (Portico's size test builds once more with React left out).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'

const here = fileURLToPath(new URL('.', import.meta.url))

export async function buildApp({ outdir = join(here, 'dist-esbuild'), ...overrides } = {}) {
  rmSync(outdir, { recursive: true, force: true })
  const result = await esbuild.build({
    entryPoints: { main: join(here, 'src/main.tsx') },
    outdir: join(outdir, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    metafile: true,
    ...overrides,
  })
  mkdirSync(outdir, { recursive: true })
  // What went into the build, module by module: Portico's test reads it to see one copy of viem.
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile))
  const html = readFileSync(join(here, 'index.html'), 'utf8').replace('/src/main.tsx', '/assets/main.js')
  writeFileSync(join(outdir, 'index.html'), html)
  return result
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await buildApp()
