import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nativeLink, phonePlatform, storePage, universalLink } from './deepLinks.ts'

const URI = 'wc:abc@2?relay-protocol=irn&symKey=123'
const ENCODED = encodeURIComponent(URI)

describe('wallet deep links (issue 5)', () => {
  it('a native scheme gets wc?uri=, with a slash added where missing', () => {
    expect(nativeLink('porticowallet://', URI)).toEqual({ redirect: `porticowallet://wc?uri=${ENCODED}`, href: 'porticowallet://' })
    expect(nativeLink('metamask-test:', URI)).toEqual({ redirect: `metamask-test://wc?uri=${ENCODED}`, href: 'metamask-test://' })
    expect(nativeLink('trust', URI)?.href).toBe('trust://')
  })

  it('an https link is a universal link', () => {
    expect(nativeLink('https://rainbow.test', URI)).toEqual({ redirect: `https://rainbow.test/wc?uri=${ENCODED}`, href: 'https://rainbow.test/' })
    expect(universalLink('https://app.zerion.test/', URI)?.redirect).toBe(`https://app.zerion.test/wc?uri=${ENCODED}`)
  })

  it('script, data and file links are refused', () => {
    for (const link of ['javascript:alert(1)//', 'JavaScript://x', 'data:text/html,hi', 'vbscript:x', 'file:///etc/passwd', 'blob:x']) {
      expect(nativeLink(link, URI), link).toBeUndefined()
    }
    expect(universalLink('porticowallet://', URI)).toBeUndefined()
    expect(universalLink('javascript:alert(1)', URI)).toBeUndefined()
    expect(nativeLink(undefined, URI)).toBeUndefined()
  })

  it('property: whatever the registry sends, a link never starts with a script or data scheme', () => {
    fc.assert(
      fc.property(fc.string(), (link) => {
        const result = nativeLink(link, URI)
        if (result) expect(/^\s*(javascript|data|vbscript|file|blob|about):/i.test(result.redirect)).toBe(false)
      }),
    )
  })
})

describe('storePage', () => {
  const wallet = { appStore: 'https://apps.example/app/w', playStore: 'https://play.example/w', homepage: 'https://wallet.example' }

  it("is the phone's own store, else the homepage; only http(s) pages from the registry", () => {
    expect(storePage(wallet, phonePlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'))).toBe('https://apps.example/app/w')
    expect(storePage(wallet, phonePlatform('Mozilla/5.0 (Linux; Android 14) Mobile'))).toBe('https://play.example/w')
    expect(storePage(wallet, 'other')).toBe('https://wallet.example/')
    expect(storePage({ playStore: 'javascript:alert(1)', homepage: 'data:text/html,x' }, 'android')).toBeUndefined()
    expect(storePage({ appStore: 'javascript:alert(1)', homepage: 'https://wallet.example' }, 'ios')).toBe('https://wallet.example/')
  })
})
