import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { cx } from './cx.ts'

export interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** primary: the main action; secondary: alternatives; ghost: low-emphasis. */
  readonly variant?: 'primary' | 'secondary' | 'ghost'
}

/**
 * A full-width text button; `type` defaults to "button" so it never submits a form by accident.
 *
 * @example
 * <Button variant="secondary" onClick={retry}>Retry</Button>
 */
export const Button = /* @__PURE__ */ forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = 'primary', type = 'button', className, ...rest }, ref) {
  return <button ref={ref} type={type} className={cx('button', className)} data-variant={variant} {...rest} />
})
