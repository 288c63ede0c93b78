/**
 * Portico's UI kit: small accessible primitives for the modal's views and for
 * plugin views. They render inside the modal's shadow root, styled by its
 * adopted stylesheet and `--portico-*` theme.
 */
export { Button, type ButtonProps } from './Button.tsx'
export { IconButton, type IconButtonProps } from './IconButton.tsx'
export { ListItem, type ListItemProps } from './ListItem.tsx'
export { Text, type TextProps } from './Text.tsx'
export { Stack, type StackProps } from './Stack.tsx'
export { Spinner } from './Spinner.tsx'
export { QrCode, type QrCodeProps } from './QrCode.tsx'
export { CopyButton, type CopyButtonProps } from './CopyButton.tsx'
export { WalletImage, type WalletImageProps } from './WalletImage.tsx'
export { isSafeImageUrl } from './safeImageUrl.ts'
export { BackIcon, CheckIcon, CloseIcon, CopyIcon, ErrorIcon } from './icons.tsx'
export { useStoreValue, type Readable } from '../hooks/useStoreValue.ts'
export { shallowEqual } from '../hooks/shallowEqual.ts'
export { truncateAddress, formatBalance } from '../../kernel/index.ts'
export type { PorticoView, PorticoViewProps } from '../views/PorticoView.ts'
