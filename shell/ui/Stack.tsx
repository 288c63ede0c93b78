import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { cx } from './cx.ts'

export interface StackProps extends ComponentPropsWithoutRef<'div'> {
  readonly align?: 'stretch' | 'center'
  readonly gap?: 'normal' | 'large'
}

/**
 * A vertical layout, so plugin views need no stylesheet of their own.
 *
 * @example
 * <Stack align="center"><QrCode value={uri} label="Pairing QR code" /></Stack>
 */
// forwardRef, not ref as a prop: React 18 drops a function component's `ref` prop.
export const Stack = /* @__PURE__ */ forwardRef<HTMLDivElement, StackProps>(function Stack({ align = 'stretch', gap = 'normal', className, ...rest }, ref) {
  return <div ref={ref} className={cx('stack', className)} data-align={align} data-gap={gap} {...rest} />
})
