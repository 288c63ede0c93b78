// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { FIRST_FRAME_HEIGHT_PX, SHEET_MAX_WIDTH_PX, hostCss } from './hostCss.ts'

const parsed = () => {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(hostCss)
  return [...sheet.cssRules]
}
const styleRule = (selector: string) => parsed().find((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.selectorText === selector)

describe("the first screen's sheet (what the empty dialog needs on the click that opens it)", () => {
  it('gives the dialog its 360 px width, the theme radius, and its background and border in both modes', () => {
    const host = styleRule(':host')!.style
    expect(host.getPropertyValue('--portico-width')).toBe('360px')
    expect(host.getPropertyValue('--portico-border-radius')).toBe('4px')
    expect(host.getPropertyValue('--portico-frame-height')).toBe(`${FIRST_FRAME_HEIGHT_PX}px`)
    const light = styleRule(':host([data-theme="light"])')!.style
    for (const name of ['--portico-background', '--portico-border', '--portico-backdrop']) {
      expect(host.getPropertyValue(name), name).not.toBe('')
      expect(light.getPropertyValue(name), name).not.toBe('')
    }
    const modal = styleRule('.modal')!.style
    expect(modal.getPropertyValue('width')).toBe('var(--portico-width)')
    expect(modal.getPropertyValue('background')).toBe('var(--portico-background)')
    expect(hostCss).toContain('portico-shake 500ms')
    expect(hostCss).not.toContain('@font-face')
    expect(hostCss).not.toMatch(/url\(/)
  })

  it('holds the empty frame height only until the frame has rendered, then lets the dialog follow its content', () => {
    expect(styleRule('.modal:not([data-rendered])')?.style.getPropertyValue('min-height')).toBe('var(--portico-frame-height)')
    // A length, not auto: auto does not transition, and the dialog would jump to its content's height.
    expect(styleRule('.modal')?.style.getPropertyValue('min-height')).toBe('0')
    expect(hostCss).toContain('min-height 150ms')
  })

  it('turns the dialog into a bottom sheet on phones and drops motion on request', () => {
    const media = parsed().filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule)
    expect(media.map((rule) => rule.media.mediaText.replace(/\s/g, ''))).toEqual([`(max-width:${SHEET_MAX_WIDTH_PX}px)`, '(prefers-reduced-motion:reduce)'])
    // jsdom's serializer drops the priority; the source must keep it to beat the component rules.
    expect(hostCss).toMatch(/prefers-reduced-motion:reduce\)\{[^}]*\{animation:none!important;transition:none!important\}/)
  })
})
