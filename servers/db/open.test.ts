import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type Postgres } from '../../test/peers/postgres.mjs'
import { frameTables, openDatabase } from './index.ts'

const { users } = frameTables

describe('openDatabase', () => {
  let postgres: Postgres
  const folder = mkdtempSync(join(tmpdir(), 'portico-pglite-'))
  beforeAll(async () => {
    postgres = await startPostgres()
  })
  afterAll(async () => {
    await postgres?.stop()
    rmSync(folder, { recursive: true, force: true })
  })

  // A new PGlite folder takes seconds to create; more on a busy machine.
  it('keeps a PGlite data folder across opens, migrated once', { timeout: 90_000 }, async () => {
    const first = await openDatabase({ dataDir: folder })
    expect(first.kind).toBe('pglite')
    await first.db.insert(users).values({ email: 'kept@example.com', createdAt: new Date() })
    await first.close()
    const second = await openDatabase({ dataDir: folder })
    expect(await second.db.select({ email: users.email }).from(users).where(eq(users.email, 'kept@example.com'))).toEqual([{ email: 'kept@example.com' }])
    await second.close()
  })

  it('lets instances that start together on one Postgres migrate in turn', async () => {
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ url: postgres.url })))
    expect(opened.map((database) => database.kind)).toEqual(['postgres', 'postgres', 'postgres'])
    await opened[0]!.db.insert(users).values({ email: 'shared@example.com', createdAt: new Date() })
    expect(await opened[2]!.db.select({ email: users.email }).from(users)).toEqual([{ email: 'shared@example.com' }])
    await Promise.all(opened.map((database) => database.close()))
  })
})
