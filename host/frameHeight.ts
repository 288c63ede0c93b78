/**
 * The dialog's height across opens, so opening does not jump: until the renderer's frame
 * is in, the dialog holds the height it had when it last closed; a frame rendered ahead of
 * time (hidden but laid out) opens at its own height.
 */
export interface FrameHeight {
  /** Follows `frame`'s laid-out height (the one frame in use) until the returned function is called. */
  follow(frame: HTMLElement): () => void
  /** Sets the height `opening` shows at; `frameReady`: the renderer's frame is in it. */
  hold(opening: HTMLDialogElement, frameReady: boolean): void
  /** Keeps `closing`'s height for the next open. */
  keep(closing: HTMLDialogElement): void
}

export function frameHeight(): FrameHeight {
  let lastHeight = 0
  /** The dialog's height as last laid out, closed or open: reading it in the click would force a layout there (2 to 4 ms). */
  let laidOutHeight = 0
  return {
    follow(frame) {
      if (typeof ResizeObserver !== 'function') return () => undefined
      laidOutHeight = 0
      // The browser reports each new size after the layout it does anyway.
      const sizes = new ResizeObserver(([entry]) => {
        laidOutHeight = entry?.borderBoxSize[0]?.blockSize ?? laidOutHeight
      })
      sizes.observe(frame)
      return () => sizes.disconnect()
    },
    hold(opening, frameReady) {
      const height = frameReady ? laidOutHeight || opening.getBoundingClientRect().height : lastHeight
      if (height) opening.style.setProperty('--portico-frame-height', `${height}px`)
    },
    keep(closing) {
      lastHeight = closing.getBoundingClientRect().height || lastHeight
    },
  }
}
