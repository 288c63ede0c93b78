import { type Server, type Socket, createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { PortBusyError, assertPortFree, startHardhat } from '../../../demo/peers/hardhat.mjs'
import { createStack, describeStartFailure } from '../../../demo/services.mjs'

// `npm start` (demo/start.mjs): the local stack's start/stop rules and the busy-port message.

function recorder() {
  const log: string[] = []
  const error: string[] = []
  return { out: { log: (line: string) => log.push(line), error: (line: string) => error.push(line) }, log, error }
}

function fakeService(name: string, order: string[], options: { fail?: Error; via?: 'stop' | 'close'; gate?: Promise<void> } = {}) {
  return {
    name,
    async start() {
      await options.gate
      if (options.fail) throw options.fail
      order.push(`start ${name}`)
      const end = async () => void order.push(`stop ${name}`)
      return options.via === 'close' ? { url: `http://127.0.0.1/${name}`, close: end } : { url: `http://127.0.0.1/${name}`, stop: end }
    },
  }
}

describe('demo stack (npm start)', () => {
  it('starts the groups in order, prints each URL, and stops in reverse order (nodes stop(), servers close())', async () => {
    const order: string[] = []
    const { out, log } = recorder()
    const stack = createStack(out)
    const ok = await stack.start([[fakeService('node1', order), fakeService('node2', order)], [fakeService('demo', order, { via: 'close' })]])
    expect(ok).toBe(true)
    expect(log).toEqual(['node1: http://127.0.0.1/node1', 'node2: http://127.0.0.1/node2', 'demo: http://127.0.0.1/demo'])
    expect(stack.running.map((s) => s.name)).toEqual(['node1', 'node2', 'demo'])
    await stack.stop()
    await stack.stop()
    expect(order.slice(3)).toEqual(['stop demo', 'stop node2', 'stop node1'])
  })

  it('a failed start stops what already runs, skips later groups and says why', async () => {
    const order: string[] = []
    const { out, error } = recorder()
    const busy = new PortBusyError(8546, 'another program listens there')
    const ok = await createStack(out).start([[fakeService('node1', order), fakeService('node2', order, { fail: busy })], [fakeService('demo', order)]])
    expect(ok).toBe(false)
    expect(order).toEqual(['start node1', 'stop node1'])
    expect(error).toEqual([`start failed: node2: ${busy.message}`])
    expect(error[0]).toContain('port 8546 on 127.0.0.1 is busy')
  })

  it('stop() while a group is still starting ends that group too once it is up (Ctrl-C during start leaves nothing behind)', async () => {
    const order: string[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const stack = createStack(recorder().out)
    const starting = stack.start([[fakeService('node1', order)], [fakeService('demo', order, { gate })]])
    await new Promise((resolve) => setTimeout(resolve, 0))
    const stopped = stack.stop()
    release()
    expect(await starting).toBe(false)
    await stopped
    expect(order).toEqual(['start node1', 'stop node1', 'start demo', 'stop demo'])
  })

  it('a server that cannot listen gets the PORT hint; other failures are named', () => {
    const listen = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:5173'), { code: 'EADDRINUSE' })
    expect(describeStartFailure('Portico demo', listen)).toBe(
      'Portico demo: listen EADDRINUSE: address already in use 127.0.0.1:5173 (port in use; for the demo server set PORT=<free port>)',
    )
    expect(describeStartFailure('Hardhat', new Error('boom'))).toBe('Hardhat: failed to start: boom')
  })
})

describe('Hardhat on a busy port', () => {
  let blocker: Server | undefined
  const sockets = new Set<Socket>()
  afterEach(async () => {
    sockets.forEach((socket) => socket.destroy())
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()))
  })

  // Accepts connections and never answers, like a program that is not a JSON-RPC node.
  const occupy = () =>
    new Promise<number>((resolve) => {
      blocker = createServer((socket) => sockets.add(socket))
      blocker.listen(0, '127.0.0.1', () => resolve((blocker!.address() as AddressInfo).port))
    })

  it('assertPortFree and startHardhat refuse at once with a message naming the port', async () => {
    const port = await occupy()
    await expect(assertPortFree(port)).rejects.toBeInstanceOf(PortBusyError)
    const started = Date.now()
    const error = await startHardhat({ port }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PortBusyError)
    expect((error as Error).message).toBe(
      `port ${port} on 127.0.0.1 is busy (another program listens there). Stop whatever holds it (another \`npm start\` or test run?) and try again.`,
    )
    // Refused before spawning a node (a node takes 2-3 s to start).
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('assertPortFree resolves on a free port', async () => {
    const port = await occupy()
    await new Promise<void>((resolve) => blocker!.close(() => resolve()))
    blocker = undefined
    await expect(assertPortFree(port)).resolves.toBeUndefined()
  })
})
