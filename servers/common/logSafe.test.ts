import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { createPublicClient, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startPostgres } from '../../test/peers/postgres.mjs'
import { type OpenedDatabase, frameTables, openDatabase } from '../db/index.ts'
import { startFrameServer } from '../frame/server.ts'
import { safeErrorText } from './logSafe.ts'
import { redactText } from './redactText.ts'
import { freePort } from '../../test/peers/freePort.ts'

// What the servers log of an error: a database error without the query's parameters (an email,
// a sealed key share) on PGlite and on a real PostgreSQL, a viem error without its RPC URL's
// path and query (where a provider's key rides).

const EMAIL = 'alice.secret@example.com'
const SEALED = `sealed-${randomBytes(24).toString('base64url')}`

const backends = [
  { name: 'PGlite', open: async () => openDatabase({ memory: true }) },
  {
    name: 'PostgreSQL',
    open: async (): Promise<OpenedDatabase> => {
      const postgres = await startPostgres()
      const opened = await openDatabase({ url: postgres.url })
      return { ...opened, close: async () => (await opened.close(), await postgres.stop()) }
    },
  },
]

const failure = (run: () => Promise<unknown>) =>
  run().then(
    () => expect.fail('the query succeeded'),
    (error: unknown) => error,
  )

describe.each(backends)('database errors logged on $name', (backend) => {
  let opened: OpenedDatabase
  beforeAll(async () => {
    opened = await backend.open()
  }, 90_000)
  afterAll(async () => {
    await opened?.close()
  })
  afterEach(() => vi.restoreAllMocks())

  it('a failed insert of sealed shares is logged with its SQLSTATE, table and constraint, without the shares', async () => {
    const { keyShares } = frameTables
    const error = await failure(() =>
      opened.db.insert(keyShares).values({ userId: randomUUID(), deviceId: EMAIL, namespace: 'eip155', authShare: SEALED, recoveryShare: `${SEALED}-2`, createdAt: new Date() }),
    )
    // What drizzle and the driver carry: the parameters, twice.
    expect(String(error)).toContain(SEALED)
    const text = safeErrorText(error)
    expect(text).toMatch(
      /^database error 23503 on frame\.key_shares \(constraint key_shares_user_id_users_id_fk\): insert or update on table "key_shares" violates foreign key constraint/,
    )
    expect(text).not.toContain(SEALED)
    expect(text).not.toContain(EMAIL)
  })

  it("a unique email's duplicate is logged without the email (the driver's detail quotes it)", async () => {
    const { users } = frameTables
    await opened.db.insert(users).values({ email: EMAIL, createdAt: new Date() })
    const error = await failure(() => opened.db.insert(users).values({ email: EMAIL, createdAt: new Date() }))
    expect(safeErrorText(error)).toBe('database error 23505 on frame.users (constraint users_email_unique): duplicate key value violates unique constraint "users_email_unique"')
  })

  it('a message that quotes a parameter (a bad uuid, a bad number) keeps it out', async () => {
    const badUuid = await failure(() => opened.db.select().from(frameTables.users).where(sql`${frameTables.users.id} = ${EMAIL}`))
    expect(safeErrorText(badUuid)).toBe('database error 22P02: invalid input syntax for type uuid: "…"')
    const badNumber = await failure(() => opened.db.execute(sql`select (${SEALED}::text)::int`))
    expect(safeErrorText(badNumber)).toBe('database error 22P02: invalid input syntax for type integer: "…"')
  })

  it("the frame server's error handler logs a failed login query without the visitor's email", async () => {
    // The cooldown a code request claims cannot be written: its key holds the email.
    await opened.db.execute(sql.raw(`create function frame.refuse() returns trigger language plpgsql as $$ begin raise exception 'refused: %', new.key; end $$`))
    await opened.db.execute(sql.raw('create trigger refuse before insert on frame.cooldowns for each row execute function frame.refuse()'))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const frame = await startFrameServer({
      database: { db: opened.db },
      smtpUrl: 'smtp://127.0.0.1:1',
      mailFrom: 'test <t@example.com>',
      keyEncryptionKey: randomBytes(32).toString('base64'),
      sessionSecret: randomBytes(32).toString('hex'),
      projects: { demo: ['http://127.0.0.1:5173'] },
    })
    try {
      const response = await fetch(`${frame.url}/v1/email/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: frame.url },
        body: JSON.stringify({ projectId: 'demo', hostOrigin: 'http://127.0.0.1:5173', email: EMAIL, deviceId: 'device-0001' }),
      })
      expect(response.status).toBe(500)
    } finally {
      await frame.close()
      await opened.db.execute(sql.raw('drop trigger refuse on frame.cooldowns'))
      await opened.db.execute(sql.raw('drop function frame.refuse()'))
    }
    const logged = errors.mock.calls.map((call) => call.join(' ')).join('\n')
    expect(logged).toContain('frame server: database error P0001')
    expect(logged).toContain('refused: …')
    expect(logged).not.toContain(EMAIL)
    expect(logged).not.toContain('alice.secret')
  })
})

it('a query the database never answered is logged without its parameters', async () => {
  const closed = await openDatabase({ memory: true })
  await closed.close()
  const error = await failure(() => closed.db.insert(frameTables.users).values({ email: EMAIL, createdAt: new Date() }))
  expect(String(error)).toContain(EMAIL)
  expect(safeErrorText(error)).toBe('database query failed: PGlite is closed')
  expect(safeErrorText(error)).not.toContain(EMAIL)
})

describe('RPC URLs in logs', () => {
  it("a viem error from an RPC URL with a key in its path and query is logged with the URL's origin only", async () => {
    const port = await freePort()
    const client = createPublicClient({ transport: http(`http://127.0.0.1:${port}/v3/PATHKEY?apikey=QUERYKEY`, { retryCount: 0 }) })
    const error = await failure(() => client.getBlockNumber())
    // viem's own message names the whole URL.
    expect(String(error)).toContain('PATHKEY')
    const text = safeErrorText(error, { frames: true })
    expect(text).toMatch(/^HttpRequestError: HTTP request failed\. fetch failed/)
    expect(text).not.toMatch(/PATHKEY|QUERYKEY|apikey/)
    const wrapped = safeErrorText(new Error(`reading http://user:pass@127.0.0.1:${port}/v3/PATHKEY?apikey=QUERYKEY failed`, { cause: error }))
    expect(wrapped).toBe(`Error: reading http://127.0.0.1:${port} failed <- HttpRequestError: HTTP request failed. fetch failed`)
  })

  it("redactText cuts every URL to its origin (credentials too) and replaces emails; a stack frame's file: URL stays", () => {
    expect(redactText('URL: https://eth.example/v3/KEY?x=1#f, db postgres://u:p@db.example:5432/app, to bob@example.com')).toBe(
      'URL: https://eth.example, db postgres://db.example:5432, to <email>',
    )
    expect(redactText('    at run (file:///srv/app/servers/frame/app.ts:31:5)')).toBe('    at run (file:///srv/app/servers/frame/app.ts:31:5)')
  })
})
