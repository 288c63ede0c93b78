import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { cx } from './cx.ts'

export interface IconButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'aria-label'> {
  /** Required: an icon alone gives the button no accessible name. */
  readonly 'aria-label': string
}

/**
 * A square button holding an icon.
 *
 * @example
 * <IconButton aria-label="Close" onClick={close}><CloseIcon /></IconButton>
 */
export const IconButton = /* @__PURE__ */ forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ type = 'button', className, ...rest }, ref) {
  return <button ref={ref} type={type} className={cx('icon-button', className)} {...rest} />
})
