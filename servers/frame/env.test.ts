import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { optionsFromEnv } from './env.ts'

const valid = {
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Portico <login@example.com>',
  KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SESSION_SECRET: 's'.repeat(32),
  ALLOWED_ORIGINS: 'demo=http://127.0.0.1:5173,https://app.example.com; shop=https://shop.example.com',
}

describe('frame server environment', () => {
  it('reads the options, PGlite in DATA_DIR by default, Postgres when DATABASE_URL is set', () => {
    const options = optionsFromEnv(valid, '/srv/portico')
    expect(options).toMatchObject({
      port: 8700,
      database: { dataDir: resolve('/srv/portico', '.data/frame') },
      smtpUrl: 'smtp://127.0.0.1:2525',
      projects: { demo: ['http://127.0.0.1:5173', 'https://app.example.com'], shop: ['https://shop.example.com'] },
    })
    expect(optionsFromEnv({ ...valid, PORT: '9000', DATABASE_URL: 'postgresql://u@db:5432/portico', CLIENT_ADDRESS_HEADER: 'X-Real-IP' }, '/srv')).toMatchObject({
      port: 9000,
      database: { url: 'postgresql://u@db:5432/portico' },
      clientAddressHeader: 'X-Real-IP',
    })
  })

  it('names every wrong or missing variable', () => {
    const run = () =>
      optionsFromEnv({ ...valid, KEY_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'), SESSION_SECRET: 'short', ALLOWED_ORIGINS: 'demo=http://x.test/path', SMTP_URL: undefined }, '/')
    expect(run).toThrow(/KEY_ENCRYPTION_KEY: must be 32 bytes/)
    expect(run).toThrow(/SESSION_SECRET: must be at least 32 characters/)
    expect(run).toThrow(/must be origins like https:\/\/app.example.com/)
    expect(run).toThrow(/SMTP_URL/)
  })

  it('FARCASTER_RPC_URL turns Farcaster login on (relay, IdRegistry and domain optional); without it there is none', () => {
    expect(optionsFromEnv(valid, '/').farcaster).toBeUndefined()
    expect(optionsFromEnv({ ...valid, FARCASTER_RPC_URL: 'https://mainnet.optimism.io' }, '/').farcaster).toEqual({ rpcUrl: 'https://mainnet.optimism.io' })
    const run = () => optionsFromEnv({ ...valid, FARCASTER_RPC_URL: 'https://mainnet.optimism.io', FARCASTER_ID_REGISTRY: '0x12' }, '/')
    expect(run).toThrow(/FARCASTER_ID_REGISTRY: must be an address/)
  })
})
