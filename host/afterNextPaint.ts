/**
 * Runs `task` in a task after the next frame is painted: a frame callback runs before
 * the paint, and a timeout queued from it runs after. Without frames (jsdom, a hidden
 * tab) it runs on a timeout alone.
 */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task))
  else setTimeout(task)
}
