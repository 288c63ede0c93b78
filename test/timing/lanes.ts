// How the browser lanes (scripts/test.mjs) share the files: by time, not by count.

/**
 * Longest processing time first: every file, longest first, goes to the lane with the least
 * time so far. Each lane computes the same split from the same table and file list, so the
 * lanes cover every file exactly once.
 */
export function splitIntoLanes<T>(files: readonly T[], seconds: (file: T) => number, name: (file: T) => string, lanes: number): T[][] {
  const split = Array.from({ length: lanes }, () => ({ files: [] as T[], seconds: 0 }))
  const longestFirst = [...files].sort((a, b) => seconds(b) - seconds(a) || (name(a) < name(b) ? -1 : 1))
  for (const file of longestFirst) {
    const lane = split.reduce((least, lane) => (lane.seconds < least.seconds ? lane : least))
    lane.files.push(file)
    lane.seconds += seconds(file)
  }
  return split.map((lane) => lane.files)
}
