import type { PorticoKit } from '../../kernel/index.ts'
import { Button, type ButtonProps } from './Button.tsx'
import { CopyIcon } from './icons.tsx'
import { uiMessages } from './locales/index.ts'
import { useMessages } from './messages.ts'

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The kit whose snack confirms the copy. */
  readonly kit: PorticoKit
  readonly text: string
  /** The button's text; "Copy" by default. */
  readonly label?: string
  /** The success snack; "Copied" by default. */
  readonly successMessage?: string
}

/**
 * Copies `text` to the clipboard and confirms with a snack.
 *
 * @example
 * <CopyButton kit={kit} text={address} label="Copy address" successMessage="Address copied" />
 */
export function CopyButton({ kit, text, label, successMessage, variant = 'secondary', ...rest }: CopyButtonProps) {
  const t = useMessages(kit, uiMessages)
  const copy = async () => {
    try {
      // Absent on insecure origins, and it rejects without permission: both end in the error snack.
      await navigator.clipboard.writeText(text)
      kit.snack.showSuccess(successMessage ?? t('ui.copied'))
    } catch {
      kit.snack.showError(t('ui.copyFailed'))
    }
  }
  return (
    <Button variant={variant} onClick={copy} {...rest}>
      <CopyIcon />
      {label ?? t('ui.copy')}
    </Button>
  )
}
