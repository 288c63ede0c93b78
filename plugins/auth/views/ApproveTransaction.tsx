import { useEffect, useRef } from 'react'
import { type PorticoView, Stack, Text } from '../../../shell/ui/index.ts'
import type { FrameSession } from '../frameSession.ts'

/**
 * The approval of a signature or transaction: a box the secure frame is shown over,
 * so the visitor reads and approves the request inside the frame's own origin, where
 * no script of this page can click for them. Leaving the view hides the frame again.
 */
export function createApproveTransactionView(frame: Pick<FrameSession, 'show' | 'hide'>, hint = 'Review the request in the secure panel below.'): PorticoView {
  return function ApproveTransaction() {
    const box = useRef<HTMLDivElement>(null)
    useEffect(() => {
      if (box.current) frame.show(box.current)
      return () => frame.hide()
    }, [])
    return (
      <Stack>
        <Text variant="muted">{hint}</Text>
        <div ref={box} className="approve-frame" data-testid="portico-approve-frame" />
      </Stack>
    )
  }
}
