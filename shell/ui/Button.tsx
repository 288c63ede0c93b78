import type { ComponentPropsWithRef } from 'react'
import { cx } from './cx.ts'

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary: the main action; secondary: alternatives; ghost: low-emphasis. */
  readonly variant?: 'primary' | 'secondary' | 'ghost'
}

/**
 * A full-width text button; `type` defaults to "button" so it never submits a form by accident.
 *
 * @example
 * <Button variant="secondary" onClick={retry}>Retry</Button>
 */
export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  return <button type={type} className={cx('button', className)} data-variant={variant} {...rest} />
}
