// Plain ESM so demo/start.mjs can run it too (Node 20 does not run TypeScript); types in postgres.d.mts.
// A throwaway Debian PostgreSQL on 127.0.0.1: initdb into a temporary folder, pg_ctl start on
// a free port, trust authentication (only this machine's loopback can reach it), and stop()
// removes everything. Debian's binaries refuse to run as root, so as root they run as the
// postgres user, which must own the data and socket folders.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const POSTGRES_ROOT = '/usr/lib/postgresql'

/** The newest installed Debian PostgreSQL's bin folder, or undefined when none is installed. */
export function postgresBinDir() {
  if (!existsSync(POSTGRES_ROOT)) return undefined
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(POSTGRES_ROOT, versions[0], 'bin')
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Names a data folder that makePostgresTemplate() made once for the run (the unit project's
 * global set-up, test/peers/postgresTemplate.ts): each start copies it, a tenth of a second,
 * instead of running initdb, two seconds of CPU on a busy 2-core machine, once per file.
 */
export const POSTGRES_TEMPLATE_ENV = 'PORTICO_POSTGRES_TEMPLATE'

/** Runs a PostgreSQL tool: as root, `su postgres -c` with the arguments quoted for sh. */
function runTool(bin, tool, args) {
  const file = join(bin, tool)
  if (process.getuid?.() !== 0) return execFileSync(file, args, { stdio: 'pipe' })
  const line = [file, ...args].map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ')
  return execFileSync('su', ['postgres', '-c', line], { stdio: 'pipe' })
}

/** A temporary folder the server's user owns (as root, the postgres user). */
function ownedTempDir(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix))
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds()
    chownSync(root, uid, gid)
  }
  return root
}

const initdb = (bin, data) => runTool(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])

/** An empty cluster made once, for startPostgres to copy; undefined when no PostgreSQL is installed. */
export function makePostgresTemplate() {
  const bin = postgresBinDir()
  if (!bin) return undefined
  const root = ownedTempDir('portico-postgres-template-')
  const remove = () => rmSync(root, { recursive: true, force: true })
  try {
    initdb(bin, join(root, 'data'))
  } catch (error) {
    remove()
    throw new Error(`makePostgresTemplate failed: ${error.stderr?.toString() || error.message}`)
  }
  return { data: join(root, 'data'), remove }
}

/**
 * Starts PostgreSQL with an empty `postgres` database.
 *
 * @example
 * const postgres = await startPostgres()
 * const { db } = await openDatabase({ url: postgres.url })
 * afterAll(() => postgres.stop())
 */
export async function startPostgres({ port } = {}) {
  const bin = postgresBinDir()
  if (!bin) throw new Error(`startPostgres: no PostgreSQL under ${POSTGRES_ROOT}; install it with: apt-get install -y postgresql`)
  const chosenPort = port ?? (await freePort())
  const root = ownedTempDir('portico-postgres-')
  const data = join(root, 'data')
  const template = process.env[POSTGRES_TEMPLATE_ENV]
  const options = `-p ${chosenPort} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`
  try {
    // cp -a keeps the owner and the 0700 mode the server insists on.
    if (template && existsSync(template)) execFileSync('cp', ['-a', template, data], { stdio: 'pipe' })
    else initdb(bin, data)
    runTool(bin, 'pg_ctl', ['-D', data, '-l', join(root, 'log'), '-o', options, '-w', 'start'])
  } catch (error) {
    rmSync(root, { recursive: true, force: true })
    throw new Error(`startPostgres failed: ${error.stderr?.toString() || error.message}`)
  }
  let stopped = false
  return {
    url: `postgresql://postgres@127.0.0.1:${chosenPort}/postgres`,
    port: chosenPort,
    bin,
    async stop() {
      if (stopped) return
      stopped = true
      try {
        runTool(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    },
  }
}

function postgresIds() {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  return { uid, gid }
}
