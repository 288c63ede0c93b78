import { type ComponentPropsWithoutRef, type ReactNode, forwardRef } from 'react'
import { cx } from './cx.ts'

export interface ListItemProps extends ComponentPropsWithoutRef<'button'> {
  /** Leading image, e.g. a <WalletImage>. */
  readonly image?: ReactNode
  /** A second, muted line under the label. */
  readonly description?: ReactNode
}

/**
 * A row button for lists of wallets, networks or options. Its label is its children.
 *
 * @example
 * <ListItem image={<WalletImage src={w.imageUrl} />} onClick={pick}>{w.name}</ListItem>
 */
export const ListItem = /* @__PURE__ */ forwardRef<HTMLButtonElement, ListItemProps>(function ListItem({ image, description, children, type = 'button', className, ...rest }, ref) {
  return (
    <button ref={ref} type={type} className={cx('list-item', className)} {...rest}>
      {image}
      <span className="list-item-text">
        {/* dir="auto": a name in another script (a Latin wallet name in Arabic) keeps its own
            direction, so a long one is cut at its end, not its start. */}
        <span className="list-item-label" dir="auto">
          {children}
        </span>
        {description !== undefined && <span className="list-item-description">{description}</span>}
      </span>
    </button>
  )
})
