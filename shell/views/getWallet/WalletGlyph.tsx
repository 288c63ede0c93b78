/** A wallet's tile: its colour and a wallet outline, drawn here (no image is fetched for it). */
export function WalletGlyph({ color, size = 40 }: { readonly color: string; readonly size?: number }) {
  return (
    <svg className="wallet-image" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="6" fill={color} />
      <path
        d="M6 8.5h10.5a1.5 1.5 0 0 1 1.5 1.5v6.5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 6 16.5zM6 8.5l8-2.5v2.5M15 13h.5"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
