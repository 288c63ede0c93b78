import type pg from 'pg'
import type { Database } from '../../db/index.ts'

/**
 * Who indexes a network: of the instances sharing one database, the one holding its lock.
 * On Postgres it is a session advisory lock (pg_try_advisory_lock) on a connection of its
 * own, held for as long as that connection lives: when the instance stops or dies,
 * Postgres ends the session and another instance's next try gets the lock. A PGlite
 * database belongs to one process, so there the lock only keeps two servers of that process
 * from indexing the same network twice.
 */
export interface IndexerLock {
  /** True when this instance holds the lock, trying to take it if not. */
  acquire(): Promise<boolean>
  /** True when the lock is still held (its connection still answers); false after losing it. */
  stillHeld(): Promise<boolean>
  release(): Promise<void>
}

/** pg_try_advisory_lock(class, key): the class keeps the API's locks apart from other users' of the database. */
const LOCK_CLASS = 0x61706921 // 'api!'

/** FNV-1a of the network id, as a signed 32-bit key. */
function lockKey(chainId: string): number {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(chainId)) hash = Math.imul(hash ^ byte, 0x01000193)
  return hash | 0
}

/** Networks indexed in this process, per in-process database. */
const heldInProcess = new WeakMap<object, Set<string>>()

export function createIndexerLock(db: Database, chainId: string): IndexerLock {
  const client = (db as unknown as { $client: object }).$client
  // Told apart by shape, not instanceof: a PGlite deployment need not install pg.
  return isPool(client) ? postgresLock(client, chainId) : inProcessLock(client, chainId)
}

function isPool(client: object): client is pg.Pool {
  return 'totalCount' in client && typeof (client as { connect?: unknown }).connect === 'function'
}

function postgresLock(pool: pg.Pool, chainId: string): IndexerLock {
  let session: pg.PoolClient | undefined
  /** The session broke since stillHeld last asked: the next stillHeld says so even if acquire took the lock again meanwhile. */
  let lost = false
  const drop = (broken: boolean) => {
    session?.release(broken)
    session = undefined
  }
  return {
    async acquire() {
      if (session) return true
      const connection = await pool.connect()
      try {
        const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [LOCK_CLASS, lockKey(chainId)])
        if (!rows[0]?.locked) {
          connection.release()
          return false
        }
      } catch (error) {
        connection.release(true)
        throw error
      }
      // A broken session has lost the lock on the server's side: never hand it back to the pool.
      connection.on('error', () => {
        if (session !== connection) return
        drop(true)
        lost = true
      })
      session = connection
      return true
    },
    async stillHeld() {
      if (lost) {
        lost = false
        return false
      }
      if (!session) return false
      try {
        await session.query('select 1')
        return true
      } catch {
        drop(true)
        return false
      }
    },
    async release() {
      lost = false
      if (!session) return
      // Ending the session releases its advisory locks.
      drop(true)
    },
  }
}

function inProcessLock(client: object, chainId: string): IndexerLock {
  let held = false
  const set = () => {
    let names = heldInProcess.get(client)
    if (!names) heldInProcess.set(client, (names = new Set()))
    return names
  }
  return {
    async acquire() {
      if (held) return true
      if (set().has(chainId)) return false
      set().add(chainId)
      return (held = true)
    },
    async stillHeld() {
      return held
    },
    async release() {
      if (held) set().delete(chainId)
      held = false
    },
  }
}
