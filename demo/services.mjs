// Starting and stopping the demo's local stack (demo/start.mjs), kept apart so the
// rules are unit tested: groups start in order, the services of a group in parallel;
// if any fails, everything already started is stopped and the failure is explained;
// stop() ends services in reverse start order, and works at any time, also while
// services are still starting (Ctrl-C during the build must not leave a node behind).

/** A running service's URL and how to end it: nodes have stop(), servers close(). */
const stopperOf = (handle) => (typeof handle?.stop === 'function' ? () => handle.stop() : () => handle.close())

/** The message printed for a failed start; a busy port says which and what to do. */
export function describeStartFailure(name, error) {
  const message = error instanceof Error ? error.message : String(error)
  if (error?.code === 'EADDRINUSE') {
    const hint = /port \d+/.test(message) ? '' : ' (port in use; for the demo server set PORT=<free port>)'
    return `${name}: ${message}${hint}`
  }
  return `${name}: failed to start: ${message}`
}

/**
 * @param {{ log: (line: string) => void, error: (line: string) => void }} out
 */
export function createStack(out) {
  const running = []
  let stopping

  const stopRunning = async () => {
    while (running.length > 0) {
      const { name, stop } = running.pop()
      await stop().catch((error) => out.error(`${name}: failed to stop: ${error?.message ?? error}`))
    }
  }

  return {
    /** What runs now, in start order. */
    get running() {
      return running.map(({ name, url }) => ({ name, url }))
    },
    /**
     * @param {{ name: string, start: () => Promise<{ url: string }> }[][]} groups
     * @returns {Promise<boolean>} false when a service failed or stop() was called meanwhile
     *   (everything started has been stopped again).
     */
    async start(groups) {
      for (const group of groups) {
        const results = await Promise.allSettled(group.map((service) => service.start()))
        const failures = []
        results.forEach((result, index) => {
          const { name } = group[index]
          if (result.status === 'fulfilled') {
            running.push({ name, url: result.value?.url, stop: stopperOf(result.value) })
            if (!stopping) out.log(`${name}: ${result.value?.url}`)
          } else {
            failures.push(describeStartFailure(name, result.reason))
          }
        })
        if (stopping) {
          // stop() ran while this group was starting: end what just came up too.
          await stopping
          await stopRunning()
          return false
        }
        if (failures.length > 0) {
          failures.forEach((line) => out.error(`start failed: ${line}`))
          await stopRunning()
          return false
        }
      }
      return true
    },
    /** Stops everything in reverse start order; safe to call more than once. */
    stop() {
      stopping ??= stopRunning()
      return stopping
    },
  }
}
