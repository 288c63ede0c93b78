import { type ComponentPropsWithRef, createElement } from 'react'
import { cx } from './cx.ts'

export interface TextProps extends ComponentPropsWithRef<'p'> {
  readonly as?: 'p' | 'span' | 'div' | 'h3' | 'strong'
  readonly variant?: 'body' | 'title' | 'small' | 'muted' | 'error'
}

/**
 * Text in the modal's type scale.
 *
 * @example
 * <Text variant="muted">Scan with your wallet</Text>
 */
export function Text({ as = 'p', variant = 'body', className, ...rest }: TextProps) {
  return createElement(as, { className: cx('text', className), 'data-variant': variant, ...rest })
}
