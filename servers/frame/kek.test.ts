import { createCipheriv, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres } from '../../test/peers/postgres.mjs'
import { createSoftAuthenticator } from '../../test/peers/softAuthenticator.ts'
import { frameTables, openDatabase, type OpenedDatabase } from '../db/index.ts'
import { startMailbox, type Mailbox } from '../mailbox/mailbox.ts'
import { optionsFromEnv } from './env.ts'
import { resealDatabase } from './reseal.ts'
import { createSecrets, parseKeyRing } from './secrets.ts'
import { startFrameServer } from './server.ts'

// Key-encryption keys that rotate: an id on every sealed blob, several keys accepted (the newest
// seals), the re-seal job, the key from the environment, a file or a command, and the blobs of
// the releases before ids still opening under the legacy key.

const key = () => randomBytes(32).toString('base64')

/** A blob as the releases before rotation wrote it: `v1.<iv>.<body>`, no key id. */
function legacySeal(kek: string, plain: Uint8Array, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(kek, 'base64'), iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`
}

describe('sealing under a key ring', () => {
  const k0 = key()
  const k1 = key()
  const plain = new Uint8Array([1, 2, 3])

  it('the newest key seals and names itself; every key of the ring opens what names it; a dropped key opens nothing', () => {
    const before = createSecrets(parseKeyRing(k0), 's'.repeat(32))
    const old = before.seal(plain, 'ctx')
    expect(old).toMatch(/^v2\.0\./)
    const rotated = createSecrets(parseKeyRing(`1:${k1}, 0:${k0}`), 's'.repeat(32))
    const fresh = rotated.seal(plain, 'ctx')
    expect(fresh).toMatch(/^v2\.1\./)
    expect(rotated.open(old, 'ctx')).toEqual(plain)
    expect(rotated.open(fresh, 'ctx')).toEqual(plain)
    expect([rotated.isStale(old), rotated.isStale(fresh)]).toEqual([true, false])
    const after = createSecrets(parseKeyRing(`1:${k1}`), 's'.repeat(32))
    expect(() => after.open(old, 'ctx')).toThrow('Sealed under key 0, which is not configured')
    // The context is still bound: a blob moved to another row does not open.
    expect(() => rotated.open(fresh, 'other')).toThrow()
  })

  it('a blob sealed before keys had ids (v1) opens under the legacy key, the one given without an id', () => {
    const legacy = legacySeal(k0, plain, 'ctx')
    expect(createSecrets(parseKeyRing(`1:${k1}\n${k0}`), 's'.repeat(32)).open(legacy, 'ctx')).toEqual(plain)
    expect(createSecrets(parseKeyRing(`1:${k1}\n${k0}`), 's'.repeat(32)).isStale(legacy)).toBe(true)
    expect(() => createSecrets(parseKeyRing(`1:${k1}`), 's'.repeat(32)).open(legacy, 'ctx')).toThrow('Sealed under key 0, which is not configured')
  })

  it('a ring with a short key, a bad id or one id twice is refused', () => {
    expect(() => parseKeyRing(`a:${randomBytes(16).toString('base64')}`)).toThrow('key a must be 32 bytes')
    expect(() => parseKeyRing(`a.b:${k0}`)).toThrow('key id "a.b" must be 1 to 32 letters')
    expect(() => parseKeyRing(`a:${k0},a:${k1}`)).toThrow('two keys have the same id')
    expect(() => parseKeyRing('  ')).toThrow('no key-encryption key given')
  })
})

describe('the key ring from the environment', () => {
  const env = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Portico <login@example.com>', SESSION_SECRET: 's'.repeat(32), ALLOWED_ORIGINS: 'demo=https://app.example.com' }
  const dir = mkdtempSync(join(tmpdir(), 'portico-kek-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('comes from KEY_ENCRYPTION_KEY, KEK_FILE or the standard output of KEK_COMMAND: exactly one of them', () => {
    const ring = `2:${key()},0:${key()}`
    expect(optionsFromEnv({ ...env, KEY_ENCRYPTION_KEY: ring }, '/').keyEncryptionKey).toBe(ring)
    const file = join(dir, 'kek')
    writeFileSync(file, `${ring}\n`)
    expect(optionsFromEnv({ ...env, KEK_FILE: file }, '/').keyEncryptionKey).toBe(ring)
    // As a KMS client prints a decrypted key.
    expect(optionsFromEnv({ ...env, KEK_COMMAND: `cat '${file}'` }, '/').keyEncryptionKey).toBe(ring)
    expect(() => optionsFromEnv({ ...env, KEK_COMMAND: 'exit 3' }, '/')).toThrow('KEK_COMMAND: the command exited with 3')
    expect(() => optionsFromEnv({ ...env, KEK_COMMAND: 'echo c2hvcnQ=' }, '/')).toThrow('KEK_COMMAND: key 0 must be 32 bytes')
    expect(() => optionsFromEnv({ ...env, KEK_FILE: join(dir, 'missing') }, '/')).toThrow(`KEK_FILE: cannot read ${join(dir, 'missing')}`)
    expect(() => optionsFromEnv({ ...env, KEY_ENCRYPTION_KEY: ring, KEK_FILE: file }, '/')).toThrow('KEY_ENCRYPTION_KEY, KEK_FILE, KEK_COMMAND: set exactly one of them')
    expect(() => optionsFromEnv(env, '/')).toThrow('set exactly one of them')
  })
})

const FRAME = 'https://wallet.portico.test'
const HOST = 'http://127.0.0.1:5173'
const caller = { projectId: 'demo', hostOrigin: HOST }

const backends = [
  { name: 'PGlite', open: async () => ({ opened: await openDatabase({ memory: true }), stop: async () => {} }) },
  {
    name: 'PostgreSQL',
    async open() {
      const postgres = await startPostgres()
      return { opened: await openDatabase({ url: postgres.url }), stop: () => postgres.stop() }
    },
  },
]

describe.each(backends)('rotating the key-encryption key on $name', (backend) => {
  let opened: OpenedDatabase
  let stop: () => Promise<void>
  let mailbox: Mailbox
  const sessionSecret = 's'.repeat(32)
  beforeAll(async () => {
    ;[{ opened, stop }, mailbox] = await Promise.all([backend.open(), startMailbox()])
  })
  afterAll(async () => {
    await opened?.close()
    await stop?.()
    await mailbox?.close()
  })

  const serve = (keyEncryptionKey: string) =>
    startFrameServer({
      database: { db: opened.db },
      publicUrl: FRAME,
      smtpUrl: mailbox.smtpUrl,
      mailFrom: 'Portico <login@portico.test>',
      keyEncryptionKey,
      sessionSecret,
      projects: { demo: [HOST] },
    })
  const post = (url: string, path: string, body: object, method = 'POST', token?: string) =>
    fetch(url + path, {
      method,
      headers: { 'content-type': 'application/json', origin: FRAME, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ ...caller, ...body }),
    })
  const authShare = async (url: string, token: string, deviceId: string, namespace: string) => {
    const response = await fetch(`${url}/v1/shares/auth?${new URLSearchParams({ ...caller, deviceId, namespace })}`, { headers: { authorization: `Bearer ${token}` } })
    return { status: response.status, share: response.ok ? ((await response.json()) as { share: string }).share : undefined }
  }
  const allSealed = async () => {
    const result = (await opened.db.execute(sql`select auth_share, recovery_share from frame.key_shares`)) as unknown as { rows: { auth_share: string; recovery_share: string }[] }
    return result.rows.flatMap((row) => [row.auth_share, row.recovery_share])
  }

  it('blobs of the legacy key and of older keys open after a new key is put in front; the re-seal job moves them all to it; then the old key can go', async () => {
    const k0 = key()
    const k1 = key()
    // Before rotation: one bare key. A visitor signs up with a passkey and stores an eip155 split.
    let server = await serve(k0)
    const deviceId = randomUUID()
    const authenticator = createSoftAuthenticator()
    const options = (await (await post(server.url, '/v1/passkey/signup/options', { deviceId })).json()) as { challenge: string; user: { id: string } }
    const created = authenticator.create({
      challenge: options.challenge,
      origin: FRAME,
      rpId: 'wallet.portico.test',
      userHandle: new Uint8Array(Buffer.from(options.user.id, 'base64url')),
    })
    const session = (await (await post(server.url, '/v1/passkey/signup/verify', { deviceId, response: created.response })).json()) as { accessToken: string; user: { id: string } }
    const evmShare = randomBytes(33).toString('base64')
    const put = (url: string, namespace: 'eip155' | 'solana', address: string, share: string) =>
      post(url, '/v1/wallets', { deviceId, wallets: [{ namespace, address, authShare: share, recoveryShare: share }] }, 'PUT', session.accessToken)
    expect((await put(server.url, 'eip155', `0x${'12'.repeat(20)}`, evmShare)).status).toBe(204)
    // A split stored by a release before key ids: v1 blobs under the same key.
    const solShare = randomBytes(33)
    const userId = session.user.id
    await opened.db.insert(frameTables.keyShares).values({
      userId,
      deviceId,
      namespace: 'solana',
      authShare: legacySeal(k0, solShare, `auth|${userId}|${deviceId}|solana`),
      recoveryShare: legacySeal(k0, solShare, `recovery|${userId}|${deviceId}|solana`),
      createdAt: new Date(),
    })
    const format = (blob: string) => (blob.startsWith('v1.') ? 'v1' : blob.split('.').slice(0, 2).join('.'))
    expect((await allSealed()).map(format).sort()).toEqual(['v1', 'v1', 'v2.0', 'v2.0'])
    await server.close()

    // A new key in front: everything still opens; what is sealed now names key 1.
    server = await serve(`1:${k1},0:${k0}`)
    expect(await authShare(server.url, session.accessToken, deviceId, 'eip155')).toEqual({ status: 200, share: evmShare })
    expect(await authShare(server.url, session.accessToken, deviceId, 'solana')).toEqual({ status: 200, share: solShare.toString('base64') })
    await server.close()

    // The job re-seals the four stale values, and a second run finds none.
    expect(await resealDatabase({ database: { db: opened.db }, keyEncryptionKey: `1:${k1},0:${k0}`, sessionSecret })).toEqual({ checked: 4, resealed: 4 })
    expect(await resealDatabase({ database: { db: opened.db }, keyEncryptionKey: `1:${k1},0:${k0}`, sessionSecret })).toEqual({ checked: 4, resealed: 0 })
    expect((await allSealed()).every((blob) => blob.startsWith('v2.1.'))).toBe(true)

    // The old key dropped: every share opens under the new one alone, and none under the old one alone.
    server = await serve(`1:${k1}`)
    expect(await authShare(server.url, session.accessToken, deviceId, 'eip155')).toEqual({ status: 200, share: evmShare })
    expect(await authShare(server.url, session.accessToken, deviceId, 'solana')).toEqual({ status: 200, share: solShare.toString('base64') })
    await server.close()
    server = await serve(k0)
    expect((await authShare(server.url, session.accessToken, deviceId, 'eip155')).status).toBe(500)
    await server.close()
  })
})
