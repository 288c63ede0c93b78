/** Edit distance (insert, delete, substitute, swap two neighbours), for suggesting the key a typo meant. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}

/**
 * The known key closest to `key`, when it is close enough to be a typo (a third of
 * its length, case ignored); otherwise undefined.
 *
 * @example
 * didYouMean('projectID', ['projectId', 'networks']) // 'projectId'
 */
export function didYouMean(key: string, known: readonly string[]): string | undefined {
  let best: { name: string; score: number } | undefined
  for (const name of known) {
    const score = distance(key.toLowerCase(), name.toLowerCase())
    if (!best || score < best.score) best = { name, score }
  }
  return best && best.score <= Math.max(1, Math.floor(key.length / 3)) ? best.name : undefined
}

/** ` Did you mean "x"?` or nothing, for the end of an error's details. */
export function suggestion(key: string, known: readonly string[]): string {
  const match = didYouMean(key, known)
  return match ? ` Did you mean "${match}"?` : ''
}
