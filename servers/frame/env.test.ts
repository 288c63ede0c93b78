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
      projects: { demo: { origins: ['http://127.0.0.1:5173', 'https://app.example.com'] }, shop: { origins: ['https://shop.example.com'] } },
    })
    expect(optionsFromEnv({ ...valid, PORT: '9000', DATABASE_URL: 'postgresql://u@db:5432/portico', CLIENT_ADDRESS_HEADER: 'X-Real-IP' }, '/srv')).toMatchObject({
      port: 9000,
      database: { url: 'postgresql://u@db:5432/portico' },
      clientAddressHeader: 'X-Real-IP',
    })
  })

  it('names every wrong or missing variable', () => {
    const run = () =>
      optionsFromEnv(
        { ...valid, KEY_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64'), SESSION_SECRET: 'short', ALLOWED_ORIGINS: 'demo=http://x.test/path', SMTP_URL: undefined },
        '/',
      )
    expect(run).toThrow(/KEY_ENCRYPTION_KEY: key 0 must be 32 bytes/)
    expect(run).toThrow(/SESSION_SECRET: must be at least 32 characters/)
    expect(run).toThrow(/"http:\/\/x.test\/path" must be an exact origin like https:\/\/app.example.com/)
    expect(run).toThrow(/SMTP_URL/)
  })

  it("ALLOWED_ORIGINS entries must be exact origins: a wildcard, ';' or a quote fails at start, naming the entry (they would reach the frame's CSP)", () => {
    for (const entry of [
      'https://*.example.com',
      "https://app.example.com'",
      'https://app.example.com/',
      'https://APP.example.com',
      'javascript:alert(1)',
      'https://a.example.com default-src *',
    ]) {
      expect(() => optionsFromEnv({ ...valid, ALLOWED_ORIGINS: `demo=${entry}` }, '/'), entry).toThrow(`"${entry}" must be an exact origin`)
    }
    // ';' separates projects: a host that tries to carry one becomes a project with no valid origin.
    expect(() => optionsFromEnv({ ...valid, ALLOWED_ORIGINS: "demo=https://a.example.com;script-src 'unsafe-inline'" }, '/')).toThrow(/bad environment/)
  })

  it("PROJECT_NAMES names the site mails show; SOCIAL_RETURN_URLS are exact URLs on the project's origins", () => {
    const options = optionsFromEnv({ ...valid, PROJECT_NAMES: 'demo=Acme Wallet', SOCIAL_RETURN_URLS: 'demo=https://app.example.com/login' }, '/')
    expect(options.projects.demo).toEqual({ name: 'Acme Wallet', origins: ['http://127.0.0.1:5173', 'https://app.example.com'], returnUrls: ['https://app.example.com/login'] })
    expect(() => optionsFromEnv({ ...valid, SOCIAL_RETURN_URLS: 'demo=https://evil.example/login' }, '/')).toThrow(/not on one of the project's origins/)
    expect(() => optionsFromEnv({ ...valid, SOCIAL_RETURN_URLS: 'demo=https://app.example.com/login#x' }, '/')).toThrow(/not an exact http\(s\) URL/)
    expect(() => optionsFromEnv({ ...valid, PROJECT_NAMES: 'nope=Other' }, '/')).toThrow(/name a project ALLOWED_ORIGINS does not: nope/)
    // A return URL's query holds '=': only the first one separates the project id.
    const withQuery = optionsFromEnv({ ...valid, SOCIAL_RETURN_URLS: 'demo=https://app.example.com/?social=redirect&a=b' }, '/')
    expect(withQuery.projects.demo).toMatchObject({ returnUrls: ['https://app.example.com/?social=redirect&a=b'] })
  })

  it('FARCASTER_RPC_URL turns Farcaster login on (relay, IdRegistry and domain optional); without it there is none', () => {
    expect(optionsFromEnv(valid, '/').farcaster).toBeUndefined()
    expect(optionsFromEnv({ ...valid, FARCASTER_RPC_URL: 'https://mainnet.optimism.io' }, '/').farcaster).toEqual({ rpcUrl: 'https://mainnet.optimism.io' })
    const run = () => optionsFromEnv({ ...valid, FARCASTER_RPC_URL: 'https://mainnet.optimism.io', FARCASTER_ID_REGISTRY: '0x12' }, '/')
    expect(run).toThrow(/FARCASTER_ID_REGISTRY: must be an address/)
  })

  it('FARCASTER_RPC_URLS takes one or two RPC URLs of two origins (a second opinion on custody), not with FARCASTER_RPC_URL', () => {
    const urls = (text: string) => optionsFromEnv({ ...valid, FARCASTER_RPC_URLS: text }, '/').farcaster
    expect(urls('https://mainnet.optimism.io, https://op.example.com/v2/KEY')).toEqual({ rpcUrls: ['https://mainnet.optimism.io', 'https://op.example.com/v2/KEY'] })
    expect(urls('https://mainnet.optimism.io')).toEqual({ rpcUrls: ['https://mainnet.optimism.io'] })
    expect(() => urls('https://a.example,https://b.example,https://c.example')).toThrow(/FARCASTER_RPC_URLS: must be one or two URLs, comma-separated/)
    expect(() => urls('https://a.example/1,https://a.example/2')).toThrow(/FARCASTER_RPC_URLS: two URLs of one origin are one provider/)
    expect(() => optionsFromEnv({ ...valid, FARCASTER_RPC_URL: 'https://a.example', FARCASTER_RPC_URLS: 'https://b.example' }, '/')).toThrow(/set one of them/)
  })
})

describe('TRUSTED_PROXIES', () => {
  it('is a hop count or a list of networks, and a wrong entry fails at start naming it', () => {
    expect(optionsFromEnv({ ...valid, TRUSTED_PROXIES: '2' }, '/').trustedProxies).toBe(2)
    expect(optionsFromEnv({ ...valid, TRUSTED_PROXIES: '10.1.0.0/16, 2001:db8::/32' }, '/').trustedProxies).toEqual(['10.1.0.0/16', '2001:db8::/32'])
    expect(optionsFromEnv(valid, '/').trustedProxies).toBeUndefined()
    expect(() => optionsFromEnv({ ...valid, TRUSTED_PROXIES: '10.1.0.0/16, proxy.internal' }, '/')).toThrow(/TRUSTED_PROXIES: "proxy.internal" is neither a hop count/)
  })
})
