import { useEffect, useRef } from 'react'
import { type PorticoView, Stack, Text, useMessages } from '../../../shell/ui/index.ts'
import { messages } from '../locales/index.ts'
import type { FrameSession } from '../frameSession.ts'

/**
 * The approval of a signature or transaction: a box the secure frame is shown over,
 * so the visitor reads and approves the request inside the frame's own origin, where
 * no script of this page can click for them. Leaving the view hides the frame again.
 */
export function createApproveTransactionView(frame: Pick<FrameSession, 'show' | 'hide'>, hint: 'auth.reviewHint' | 'auth.device.reviewHint' = 'auth.reviewHint'): PorticoView {
  return function ApproveTransaction({ kit }) {
    const t = useMessages(kit, messages)
    const box = useRef<HTMLDivElement>(null)
    useEffect(() => {
      if (box.current) frame.show(box.current)
      return () => frame.hide()
    }, [])
    return (
      <Stack>
        <Text variant="muted">{t(hint)}</Text>
        <div ref={box} className="approve-frame" data-testid="portico-approve-frame" />
      </Stack>
    )
  }
}
