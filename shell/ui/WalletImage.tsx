import { isSafeImageUrl } from './safeImageUrl.ts'

export interface WalletImageProps {
  readonly src: string | undefined
  /** Empty by default: the wallet's name is beside the image as text. */
  readonly alt?: string
  readonly size?: number
}

/**
 * A wallet or network icon from untrusted metadata: only an https:, http: or
 * data:image/ source becomes an `<img>`; anything else shows a blank tile.
 *
 * @example
 * <WalletImage src={connector.imageUrl} />
 */
export function WalletImage({ src, alt = '', size = 40 }: WalletImageProps) {
  if (!isSafeImageUrl(src)) {
    // An SVG tile rather than a sized span: SVG sizes by attribute, so no inline style is needed.
    return <svg className="wallet-image" data-placeholder="" width={size} height={size} aria-hidden="true" focusable="false" />
  }
  return <img className="wallet-image" src={src} alt={alt} width={size} height={size} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
}
