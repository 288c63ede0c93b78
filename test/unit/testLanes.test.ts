// The browser lanes split the files by their recorded time (test/timing/lanes.ts): every file
// in exactly one lane, and no lane far longer than it has to be.
import { describe, expect, it } from 'vitest'
import { splitIntoLanes } from '../timing/lanes.ts'

const files = { a: 78, b: 51, c: 49, d: 44, e: 43, f: 40, g: 5, h: 4, i: 3, j: 2, k: 1, l: 1 }
type File = keyof typeof files
const split = (lanes: number) =>
  splitIntoLanes(
    Object.keys(files) as File[],
    (file) => files[file],
    (file) => file,
    lanes,
  )
const byNumber = (a: number, b: number) => a - b
const total = (lane: File[]) => lane.reduce((sum, file) => sum + files[file], 0)

describe('splitting files into lanes by time', () => {
  it('puts every file in exactly one lane, whatever the number of lanes', () => {
    for (const lanes of [1, 2, 3, 5]) {
      const all = split(lanes).flat().sort()
      expect(all).toEqual(Object.keys(files).sort())
    }
  })

  it('balances by seconds, not by count: two lanes of 159 s and 162 s, where halves by count differ by 289 s', () => {
    // 321 s in all: by count the first six files (305 s) would face the last six (16 s).
    expect(split(2).map(total).sort(byNumber)).toEqual([159, 162])
    // Three lanes: the longest file (78 s) and one more already make the longest lane.
    expect(split(3).map(total).sort(byNumber)).toEqual([101, 102, 118])
  })

  it('gives every lane the same split of the same files, listed in any order', () => {
    const reversed = splitIntoLanes(
      (Object.keys(files) as File[]).reverse(),
      (file) => files[file],
      (file) => file,
      3,
    )
    expect(reversed).toEqual(split(3))
  })
})
