import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_ID_WALLET, SAMPLE_WALLETS, startWalletRegistry, type WalletRegistryServer } from '../../test/peers/walletRegistry.mjs'
import { RegistryErrorText, createHttpWalletRegistry } from './registry.ts'

// The HTTP wallet registry against a local server (test/peers/walletRegistry.mjs). Ports 8641/8632/8642 belong to this file (8630 is the demo registry).
let server: WalletRegistryServer
beforeAll(async () => {
  server = await startWalletRegistry({ port: 8641, wallets: [...SAMPLE_WALLETS, IMAGE_ID_WALLET] })
})
afterAll(() => server?.stop())

describe('HTTP wallet registry (issue 5)', () => {
  it('pages through the list and passes search, include and exclude', async () => {
    const invalid: string[] = []
    const registry = createHttpWalletRegistry(server.url, { projectId: 'p', onInvalidEntry: (issue) => invalid.push(issue) })
    const first = await registry.list({ page: 1, entries: 3 })
    expect(first.count).toBe(8)
    expect(first.wallets.map((w) => w.id)).toEqual(['portico-dev-phone', 'rainbow-like', 'metamask-like'])
    const second = await registry.list({ page: 2, entries: 3 })
    expect(second.wallets.map((w) => w.id)).toEqual(['trust-like', 'ledger-like', 'zerion-like'])
    expect((await registry.list({ page: 1, entries: 10, search: 'rain' })).wallets.map((w) => w.name)).toEqual(['Rainbow Test'])
    expect((await registry.list({ page: 1, entries: 10, include: ['zerion-like', 'trust-like'] })).wallets.map((w) => w.id)).toEqual(['zerion-like', 'trust-like'])
    expect((await registry.list({ page: 1, entries: 10, exclude: ['evil-link'] })).count).toBe(7)
    expect(server.requests).toContain('/getWallets?page=1&entries=10&search=rain')
    expect(invalid).toEqual([])
  })

  it('maps the API fields and builds image urls from image ids', async () => {
    const registry = createHttpWalletRegistry(server.url)
    const [phone] = (await registry.list({ page: 1, entries: 1 })).wallets
    expect(phone).toEqual({
      id: 'portico-dev-phone',
      name: 'Portico Dev Phone Wallet',
      imageUrl: SAMPLE_WALLETS[0]!.image_url,
      homepage: 'https://wallet.portico.test',
      mobileLink: 'porticowallet://',
      desktopLink: 'porticowallet://',
      webappLink: 'http://127.0.0.1:8631/wallet',
      rdns: undefined,
    })
    const [byImageId] = (await registry.list({ page: 1, entries: 1, include: ['image-id-wallet'] })).wallets
    expect(byImageId?.imageUrl).toBe(`${server.url}/getWalletImage/image-id-wallet`)
    expect(await (await fetch(byImageId!.imageUrl!)).text()).toContain('<svg')
  })

  it('a bad envelope is a clear error; a bad entry is dropped, the rest are kept', async () => {
    const bad = await startWalletRegistry({
      port: 8632,
      answer: (url) =>
        url.searchParams.get('search') === 'broken'
          ? { wallets: 'nope' }
          : {
              count: 2,
              data: [
                { id: 'ok', name: 'Fine' },
                { id: '<script>', name: 42 },
              ],
            },
    })
    try {
      const dropped: string[] = []
      const registry = createHttpWalletRegistry(bad.url, { onInvalidEntry: (issue) => dropped.push(issue) })
      await expect(registry.list({ page: 1, entries: 10, search: 'broken' })).rejects.toMatchObject({
        shortMessage: RegistryErrorText.INVALID_ANSWER,
      })
      const { wallets } = await registry.list({ page: 1, entries: 10 })
      expect(wallets.map((w) => w.id)).toEqual(['ok'])
      expect(dropped).toHaveLength(1)
    } finally {
      await bad.stop()
    }
  })

  it('caps what the registry sends: id 128, name 64, links 2048 characters, 500 entries a page (an entry over a cap is dropped)', async () => {
    const link = (length: number) => `https://w.example/${'l'.repeat(length - 'https://w.example/'.length)}`
    const entries = [
      { id: 'i'.repeat(128), name: 'At the id cap' },
      { id: 'i'.repeat(129), name: 'Over the id cap' },
      { id: 'name-64', name: 'n'.repeat(64) },
      { id: 'name-65', name: 'n'.repeat(65) },
      { id: 'link-2048', name: 'Link', homepage: link(2048), image_url: link(2048) },
      { id: 'link-2049', name: 'Link', homepage: link(2049) },
    ]
    const page = (length: number) => Array.from({ length }, (_, i) => ({ id: `w${i}`, name: `W${i}` }))
    const capped = await startWalletRegistry({
      port: 8642,
      answer: (url) => {
        const search = url.searchParams.get('search')
        if (search === '500') return { count: 500, data: page(500) }
        if (search === '501') return { count: 501, data: page(501) }
        return { count: entries.length, data: entries }
      },
    })
    try {
      const registry = createHttpWalletRegistry(capped.url, { onInvalidEntry: () => undefined })
      expect((await registry.list({ page: 1, entries: 10 })).wallets.map((w) => w.id)).toEqual(['i'.repeat(128), 'name-64', 'link-2048'])
      expect((await registry.list({ page: 1, entries: 500, search: '500' })).wallets).toHaveLength(500)
      await expect(registry.list({ page: 1, entries: 500, search: '501' })).rejects.toMatchObject({ shortMessage: 'The wallet registry sent an answer Portico cannot read' })
    } finally {
      await capped.stop()
    }
  })

  it("an HTTP error status throws the HTTP helper's text", async () => {
    const registry = createHttpWalletRegistry(`${server.url}/missing`)
    await expect(registry.list({ page: 1, entries: 1 })).rejects.toMatchObject({ shortMessage: 'HTTP status code: 404' })
  })
})
