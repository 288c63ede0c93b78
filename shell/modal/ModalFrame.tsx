import { useRef } from 'react'
import type { PorticoKit } from '../../kernel/index.ts'
import { AlertBar } from './AlertBar.tsx'
import { Header } from './Header.tsx'
import { SnackBar } from './SnackBar.tsx'
import { ViewHost } from './ViewHost.tsx'
import { useAnimatedHeight } from './useAnimatedHeight.ts'

interface ModalFrameProps {
  readonly kit: PorticoKit
  readonly titleId: string
  readonly closable: boolean
}

/** What the dialog and the embedded section share: header, alert, the view, snack. */
export function ModalFrame({ kit, titleId, closable }: ModalFrameProps) {
  const body = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  useAnimatedHeight(body, content)
  return (
    <div className="frame">
      <Header kit={kit} titleId={titleId} closable={closable} />
      <AlertBar kit={kit} />
      <div className="body" ref={body}>
        <div ref={content}>
          <ViewHost kit={kit} />
        </div>
      </div>
      <SnackBar kit={kit} />
    </div>
  )
}
