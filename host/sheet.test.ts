// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { adoptSheet, prepareSheet } from './sheet.ts'

/** A shadow root that reports constructable-stylesheet support, which jsdom lacks. */
function rootWithAdoption() {
  const root = document.createElement('div').attachShadow({ mode: 'open' })
  Object.defineProperty(root, 'adoptedStyleSheets', { value: [], writable: true })
  return root as ShadowRoot & { adoptedStyleSheets: CSSStyleSheet[] }
}

describe('stylesheets', () => {
  it('a sheet prepared ahead of need is parsed once; adopting it later parses nothing', () => {
    const parse = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync')
    const css = '.prepared-ahead { color: red; }'
    prepareSheet(css)
    expect(parse).toHaveBeenCalledTimes(1)
    const root = rootWithAdoption()
    adoptSheet(root, css)
    adoptSheet(rootWithAdoption(), css)
    expect(parse).toHaveBeenCalledTimes(1)
    expect([...root.adoptedStyleSheets[0]!.cssRules].map((rule) => rule.cssText)).toEqual(['.prepared-ahead { color: red; }'])
    parse.mockRestore()
  })
})
