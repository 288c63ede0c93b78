// @vitest-environment jsdom
import '../test/preloadModal.ts'
import '../test/dialogPolyfill.ts'
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoProvider } from '../provider/PorticoProvider.tsx'
import { connectAccount, createTestKit, modalRoot } from '../test/testKit.ts'
import { adoptStyles } from './adoptStyles.ts'
import { modalCss } from './modalCss.ts'

afterEach(cleanup)

/** A shadow root that reports constructable-stylesheet support, which jsdom lacks. */
function rootWithAdoption() {
  const root = document.createElement('div').attachShadow({ mode: 'open' })
  Object.defineProperty(root, 'adoptedStyleSheets', { value: [], writable: true })
  return root as ShadowRoot & { adoptedStyleSheets: CSSStyleSheet[] }
}

describe('modal styles', () => {
  it('are adopted once per shadow root and shared across roots (constructable stylesheets, strict CSP)', () => {
    const first = rootWithAdoption()
    const second = rootWithAdoption()
    adoptStyles(first, [])
    adoptStyles(first, [])
    adoptStyles(second, [])
    expect(first.adoptedStyleSheets).toHaveLength(1)
    expect(second.adoptedStyleSheets[0]).toBe(first.adoptedStyleSheets[0])
  })

  it("a plugin's own stylesheet is adopted after the shell's, once, so its classes are defined and can build on the kit's", () => {
    const root = rootWithAdoption()
    const pluginCss = '.greeter-card{padding:12px}'
    adoptStyles(root, [pluginCss])
    adoptStyles(root, [pluginCss])
    expect(root.adoptedStyleSheets).toHaveLength(2)
    expect([...root.adoptedStyleSheets[1]!.cssRules].map((rule) => rule.cssText)).toEqual(['.greeter-card { padding: 12px; }'])
  })

  it('skip without support instead of crashing (jsdom and old browsers lack adoptedStyleSheets)', () => {
    const root = document.createElement('div').attachShadow({ mode: 'open' })
    expect(() => adoptStyles(root, ['.x{}'])).not.toThrow()
    expect(root.querySelector('style')).toBeNull()
  })

  it('render no <style> element and no style attribute in markup into the shadow root (CSP without unsafe-inline)', () => {
    const kit = createTestKit()
    connectAccount(kit, '0x1234567890abcdef1234567890abcdef12345678', { balance: '1', balanceSymbol: 'ETH' })
    render(<PorticoProvider kit={kit} />)
    act(() => kit.open())
    const root = modalRoot()
    expect(root.querySelector('dialog[open]')).not.toBeNull()
    expect(root.querySelectorAll('style, link[rel="stylesheet"], [style]')).toHaveLength(0)
  })

  it("carry the theme defaults, the frame and view animations and reduced motion; the dialog box is the host sheet's", () => {
    expect(modalCss).toContain('--portico-font-size-base: 10px')
    expect(modalCss).toContain('--portico-z-index: 999')
    expect(modalCss).toContain(`--portico-font-family: Inter,`)
    // The dialog's only rule here is where focus scrolls to; its box (width, background, border) is the host sheet's.
    expect(modalCss).toMatch(/\.modal \{ scroll-padding-block: 56px 64px; \}/)
    expect(modalCss).not.toMatch(/\.modal \{[^}]*(width|background|border)/)
    expect(modalCss).not.toContain('@font-face')
    expect(modalCss).not.toMatch(/url\(/)
    expect(modalCss).toContain('120ms')
    expect(modalCss).toContain('height 150ms')
    expect(modalCss).toContain('portico-view-in 150ms')

    const sheet = new CSSStyleSheet()
    sheet.replaceSync(modalCss)
    const media = [...sheet.cssRules].filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule)
    expect(media.map((rule) => rule.conditionText ?? rule.media.mediaText)).toEqual(['(max-width: 430px)', '(prefers-contrast: more)', '(prefers-reduced-motion: reduce)'])
    const reduced = media[2]!.cssText
    expect(reduced).toContain('animation: none')
    expect(reduced).toContain('transition: none')
    // jsdom's serializer drops the priority; the source must keep it to beat the component rules.
    expect(modalCss).toMatch(/prefers-reduced-motion: reduce\) \{[^}]*animation: none !important;\s*transition: none !important;/)
  })
})
