import type { ComponentPropsWithRef } from 'react'
import { cx } from './cx.ts'

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'aria-label'> {
  /** Required: an icon alone gives the button no accessible name. */
  readonly 'aria-label': string
}

/**
 * A square button holding an icon.
 *
 * @example
 * <IconButton aria-label="Close" onClick={close}><CloseIcon /></IconButton>
 */
export function IconButton({ type = 'button', className, ...rest }: IconButtonProps) {
  return <button type={type} className={cx('icon-button', className)} {...rest} />
}
