import { adoptSheet } from '../../host/sheet.ts'
import { modalCss } from './modalCss.ts'

/**
 * Adopts the frame's and the views' stylesheet into the host's shadow root, beside
 * the first screen's sheet the host adopted (theme properties, the dialog's box),
 * then the stylesheets enabled plugins bring for their own views.
 */
export function adoptStyles(root: ShadowRoot, pluginStyles: readonly string[]): void {
  adoptSheet(root, modalCss)
  for (const css of pluginStyles) adoptSheet(root, css)
}
