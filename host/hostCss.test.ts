// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { AnimationMs, MODAL_WIDTH_PX, SHAKE_MS, ThemeDefaults } from '../kernel/index.ts'
import { FIRST_FRAME_HEIGHT_PX, SHEET_MAX_WIDTH_PX, hostCss } from './hostCss.ts'

describe("the first screen's sheet", () => {
  it('carries the theme defaults, the 360 px width and the first frame height, and fetches nothing (SPEC §9)', () => {
    expect(hostCss).toContain(`--portico-border-radius: ${ThemeDefaults.borderRadius}`)
    expect(hostCss).toContain(`--portico-font-size-base: ${ThemeDefaults.fontSize}`)
    expect(hostCss).toContain(`--portico-z-index: ${ThemeDefaults.zIndex}`)
    expect(hostCss).toContain(`--portico-font-family: Inter,`)
    expect(hostCss).toContain(`--portico-width: ${MODAL_WIDTH_PX}px`)
    expect(hostCss).toContain(`--portico-frame-height: ${FIRST_FRAME_HEIGHT_PX}px`)
    expect(hostCss).toContain(`min-height ${AnimationMs.modalHeight}ms`)
    expect(hostCss).toContain(`portico-shake ${SHAKE_MS}ms`)
    expect(hostCss).not.toContain('@font-face')
    expect(hostCss).not.toMatch(/url\(/)
  })

  it('holds the empty frame height only until the frame has rendered, then lets the dialog follow its content', () => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(hostCss)
    const rules = [...sheet.cssRules].filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
    const held = rules.find((rule) => rule.selectorText === '.modal:not([data-rendered])')
    expect(held?.style.getPropertyValue('min-height')).toBe('var(--portico-frame-height)')
    expect(rules.filter((rule) => rule.style.getPropertyValue('min-height') !== '')).toEqual([held])
  })

  it('turns the dialog into a bottom sheet on phones and drops motion on request', () => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(hostCss)
    const media = [...sheet.cssRules].filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule)
    expect(media.map((rule) => rule.conditionText ?? rule.media.mediaText)).toEqual([
      `(max-width: ${SHEET_MAX_WIDTH_PX}px)`,
      '(prefers-reduced-motion: reduce)',
    ])
    expect(hostCss).toMatch(/prefers-reduced-motion: reduce\) \{[^}]*animation: none !important;\s*transition: none !important;/)
  })
})
