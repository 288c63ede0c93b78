import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeIconUrl } from './icon.ts'

describe('wallet icons (untrusted metadata)', () => {
  it('keeps data:image/ URIs and http(s) URLs', () => {
    for (const icon of ['data:image/svg+xml;base64,PHN2Zy8+', 'data:image/png;base64,AA==', 'https://wallet.example/icon.png', 'http://127.0.0.1:3000/i.svg']) {
      expect(safeIconUrl(icon)).toBe(icon)
    }
  })

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://x/y.png', '//evil.example/x.png', '', 42, null, {}])('drops %j', (icon) =>
    expect(safeIconUrl(icon)).toBeUndefined(),
  )

  it('property: whatever is kept starts with data:image/, http:// or https://, and nothing throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.anything()), (icon) => {
        const kept = safeIconUrl(icon)
        if (kept !== undefined) expect(kept).toMatch(/^(data:image\/|https?:\/\/)/)
      }),
      { numRuns: 1000 },
    )
  })

  it('a hostile getter does not throw', () => {
    const hostile = {
      get length() {
        throw new Error('boom')
      },
    }
    expect(safeIconUrl(hostile)).toBeUndefined()
  })
})
