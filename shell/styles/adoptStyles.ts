import { adoptSheet } from '../../host/sheet.ts'
import { modalCss } from './modalCss.ts'

/**
 * Adopts the frame's and the views' stylesheet into the host's shadow root, beside
 * the first screen's sheet the host adopted (theme properties, the dialog's box).
 */
export function adoptStyles(root: ShadowRoot): void {
  adoptSheet(root, modalCss)
}
