import { describe, expect, it } from 'vitest'
import { themeDefaultsCss } from './themeDefaults.ts'

describe('themeDefaultsCss', () => {
  it('gives every shared property its dark default, and the light mode what it changes', () => {
    const css = themeDefaultsCss()
    expect(css).toContain(':host { --portico-accent: #2563eb;')
    expect(css).toContain('--portico-font-family: Inter, ui-sans-serif')
    expect(css).toContain(":host([data-theme='light']) { --portico-foreground: #141414;")
  })

  it('with names, only those: a small sheet for the page elements', () => {
    const css = themeDefaultsCss(['--portico-accent', '--portico-surface'])
    expect(css).toBe(":host { --portico-accent: #2563eb; --portico-surface: #1f1f1f; }\n:host([data-theme='light']) { --portico-surface: #f3f3f3; }\n")
  })
})
