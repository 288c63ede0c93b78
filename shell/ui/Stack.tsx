import type { ComponentPropsWithRef } from 'react'
import { cx } from './cx.ts'

export interface StackProps extends ComponentPropsWithRef<'div'> {
  readonly align?: 'stretch' | 'center'
  readonly gap?: 'normal' | 'large'
}

/**
 * A vertical layout, so plugin views need no stylesheet of their own.
 *
 * @example
 * <Stack align="center"><QrCode value={uri} label="Pairing QR code" /></Stack>
 */
export function Stack({ align = 'stretch', gap = 'normal', className, ...rest }: StackProps) {
  return <div className={cx('stack', className)} data-align={align} data-gap={gap} {...rest} />
}
