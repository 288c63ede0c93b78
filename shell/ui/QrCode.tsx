import { useMemo } from 'react'
import { encode } from 'uqr'

export interface QrCodeProps {
  readonly value: string
  /** The accessible name, e.g. "QR code for your address". */
  readonly label: string
  /** Rendered width and height in px. */
  readonly size?: number
}

interface Run {
  readonly x: number
  readonly y: number
  readonly width: number
}

/** One rect per horizontal run of dark modules: a fraction of the nodes of one rect per module. */
function darkRuns(rows: readonly (readonly boolean[])[]): Run[] {
  const runs: Run[] = []
  rows.forEach((row, y) => {
    let start = -1
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x
      if (!dark && start >= 0) {
        runs.push({ x: start, y, width: x - start })
        start = -1
      }
    })
    if (start >= 0) runs.push({ x: start, y, width: row.length - start })
  })
  return runs
}

/**
 * A QR code drawn as React SVG elements (no SVG string is injected, so no
 * markup from `value` can reach the DOM).
 *
 * @example
 * <QrCode value={wcUri} label="WalletConnect QR code" />
 */
export function QrCode({ value, label, size = 240 }: QrCodeProps) {
  const { modules, runs } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 0 })
    return { modules: data.length, runs: darkRuns(data) }
  }, [value])
  return (
    <svg className="qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges">
      {runs.map(({ x, y, width }) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={width} height={1} />
      ))}
    </svg>
  )
}
