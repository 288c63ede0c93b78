/**
 * The waits between a long-poll's looks at the database: soon at first (an approval often
 * lands within a second of the link being opened), then once a second, so a 20 s wait costs
 * about 22 reads instead of 80.
 */
export function pollDelay(look: number): number {
  return Math.min(250 * 2 ** look, 1000)
}
