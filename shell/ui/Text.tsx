import { type ComponentPropsWithoutRef, createElement, forwardRef } from 'react'
import { cx } from './cx.ts'

export interface TextProps extends ComponentPropsWithoutRef<'p'> {
  readonly as?: 'p' | 'span' | 'div' | 'h3' | 'strong'
  readonly variant?: 'body' | 'title' | 'small' | 'muted' | 'error'
}

/**
 * Text in the modal's type scale.
 *
 * @example
 * <Text variant="muted">Scan with your wallet</Text>
 */
export const Text = /* @__PURE__ */ forwardRef<HTMLElement, TextProps>(function Text({ as = 'p', variant = 'body', className, ...rest }, ref) {
  return createElement(as, { ref, className: cx('text', className), 'data-variant': variant, ...rest })
})
