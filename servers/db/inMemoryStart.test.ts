import { afterAll, describe, expect, it } from 'vitest'
import { frameTables, openDatabase, type OpenedDatabase } from './index.ts'

const { users } = frameTables

// The unit project's set-up file seeds this process from the run's fresh cluster
// (test/peers/freshClusterSetup.ts): what each copy must still be is a new database.
describe("in-memory databases started from the run's fresh cluster", () => {
  const opened: OpenedDatabase[] = []
  afterAll(() => Promise.all(opened.map((database) => database.close())))

  it('each is migrated and empty, and what one writes the next does not see', async () => {
    const first = await openDatabase({ memory: true })
    opened.push(first)
    expect(await first.db.select().from(users)).toEqual([])
    await first.db.insert(users).values({ email: 'first@example.com', createdAt: new Date() })
    const second = await openDatabase({ memory: true })
    opened.push(second)
    expect(await second.db.select().from(users)).toEqual([])
    expect(await first.db.select({ email: users.email }).from(users)).toEqual([{ email: 'first@example.com' }])
  })
})
