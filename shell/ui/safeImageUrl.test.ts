import { describe, expect, it } from 'vitest'
import { isSafeImageUrl } from './safeImageUrl.ts'

describe('isSafeImageUrl', () => {
  it('accepts https:, http: and data:image/ sources (inbound data is untrusted)', () => {
    expect(isSafeImageUrl('https://example.com/a.png')).toBe(true)
    expect(isSafeImageUrl('http://127.0.0.1:3000/a.png')).toBe(true)
    expect(isSafeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true)
    expect(isSafeImageUrl('DATA:image/svg+xml;base64,PHN2Zy8+')).toBe(true)
  })

  it('refuses script, other data types, relative and empty sources (inbound data is untrusted)', () => {
    for (const src of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '/icons/a.png',
      'x',
      '',
      undefined,
    ]) {
      expect(isSafeImageUrl(src), String(src)).toBe(false)
    }
  })
})
