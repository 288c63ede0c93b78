// `npm run pack`: builds the package and packs it to .cache/portico.tgz, the tarball the
// examples/ apps install. `node scripts/pack.mjs <file.tgz>` packs to another path.
// It builds first and then packs without lifecycle scripts (a plain `npm pack` builds in
// its prepack script): npm would print the build's output into the JSON it answers with.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT, buildPackage } from '../build.mjs'

export const DEFAULT_TARBALL = join(ROOT, '.cache', 'portico.tgz')

/** Builds and packs the repo to `tarball`; returns npm's account of it (files, size, unpackedSize). */
export async function pack(tarball = DEFAULT_TARBALL) {
  await buildPackage()
  // npm names the file after the package and version; packed into a directory of its own,
  // then moved, so two packs at once never take each other's file.
  const target = resolve(tarball)
  mkdirSync(dirname(target), { recursive: true })
  const scratch = mkdtempSync(join(dirname(target), '.pack-'))
  try {
    const json = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const [report] = JSON.parse(json)
    renameSync(join(scratch, report.filename), target)
    return { ...report, tarball: target }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

const runDirectly = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (runDirectly) {
  const report = await pack(process.argv[2])
  console.log(`pack: ${report.tarball}: ${report.entryCount} files, ${report.size} B packed, ${report.unpackedSize} B unpacked`)
}
