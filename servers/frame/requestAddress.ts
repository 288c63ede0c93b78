import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { clientAddress, rateLimitKey } from '../common/clientAddress.ts'
import type { FrameContext } from './context.ts'

/**
 * The visitor's address: the first untrusted hop from the right of the forwarded-for chain
 * (the socket's own address when no proxy is trusted).
 */
export function visitorAddress(context: FrameContext, c: Context): string | undefined {
  const { header, trusted } = context.clientAddress
  // @hono/node-server's bindings; absent when the app answers in-process (app.request in tests).
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress
  return clientAddress({ socket, forwardedFor: c.req.header(header), trusted })
}

/** What limits per address count the request under: the visitor's address, an IPv6 address by its /64. */
export function requestAddress(context: FrameContext, c: Context): string {
  return rateLimitKey(visitorAddress(context, c))
}
