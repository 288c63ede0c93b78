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
export { BackIcon, CheckIcon, CloseIcon, CopyIcon, ErrorIcon, Icon } from './icons.tsx'
export { truncateAddress, formatBalance } from '../../kernel/index.ts'
/* What a plugin view is, and how it reads a kit store: part of the kit, not of the shell. */
export type { PorticoView, PorticoViewProps } from './PorticoView.ts'
export { useStoreValue, type Readable } from './useStoreValue.ts'
export { useLocale } from './useLocale.ts'
export { usePaged, type Paged } from './usePaged.ts'
export { shallowEqual } from './shallowEqual.ts'
/* Message catalogues: plugins ship theirs and read them in the kit's locale. */
export { defineCatalogue, type Catalogue, type KeysOf } from './catalogue.ts'
export { useMessages, type Translate, type TranslateOf } from './messages.ts'
export { useShownText } from './shownText.ts'
