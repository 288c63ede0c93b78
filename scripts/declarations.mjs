// The package's type declarations: one bundled `.d.ts` per entry beside its `.js`.
// TypeScript emits a declaration per source file (with the repo's tsconfig, so they say
// what the sources say), then rollup-plugin-dts joins each entry's into one file. Types
// that several entries use go to shared chunks that the entries import, so a type keeps
// its identity across entries: the PorticoKit that `portico` returns is the one that
// `portico/react` takes.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { rollup } from 'rollup'
import { dts } from 'rollup-plugin-dts'
import ts from 'typescript'

/** Where TypeScript writes a source's declaration under `dir`: `entries/react.ts` -> `entries/react.d.ts`. */
const declarationOf = (dir, source) => join(dir, source.replace(/\.tsx?$/, '.d.ts'))

function emitDeclarations(root, sources, declarationDir, types) {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })
  if (!config) throw new Error('declarations: cannot read tsconfig.json')
  const options = {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationDir,
    rootDir: root,
    // No ambient Node types (unless asked, for the Node entries): what the declarations need
    // must come from their own imports, as it will in an app that has no @types/node.
    types,
  }
  const program = ts.createProgram({ rootNames: sources.map((source) => join(root, source)), options })
  const result = program.emit()
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics]
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }
    throw new Error(`declarations: TypeScript reports ${diagnostics.length} error(s)\n${ts.formatDiagnostics(diagnostics, host)}`)
  }
}

/**
 * Writes `<outdir>/<name>.d.ts` for each `entries` name -> source, and shared chunks in
 * `<outdir>/chunks/`. Returns the written file names, relative to outdir.
 */
export async function buildDeclarations({ root, entries, outdir, types = [] }) {
  // A directory of its own per run: builds running at once (a test and `npm run pack`) do not meet.
  await mkdir(join(root, '.cache'), { recursive: true })
  const declarationDir = await mkdtemp(join(root, '.cache', 'declarations-'))
  try {
    emitDeclarations(root, Object.values(entries), declarationDir, types)
    const input = Object.fromEntries(Object.entries(entries).map(([name, source]) => [name, declarationOf(declarationDir, source)]))
    const warnings = []
    const bundle = await rollup({ input, plugins: [dts()], onwarn: (warning) => warnings.push(warning.message) })
    const { output } = await bundle.write({
      dir: join(root, outdir),
      format: 'es',
      entryFileNames: '[name].d.ts',
      // A chunk is named after its first module, `schema.d.ts` -> `schema`.
      chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/\.d$/, '')}-[hash].d.ts`,
    })
    await bundle.close()
    for (const message of warnings) console.warn(`declarations: ${message}`)
    return output.map((file) => file.fileName)
  } finally {
    await rm(declarationDir, { recursive: true, force: true })
  }
}
