import { describe, expect, it } from 'vitest'
import { scanFile, sourceFiles } from './sourceScan.ts'

// An import circle makes the order modules run in depend on which one is reached first: a plugin
// body importing a constant back from its manifest reads it as undefined if the body is the one
// loaded first. A type-only import is erased from the build, so it closes no circle.

type Graph = ReadonlyMap<string, readonly string[]>

/** Every folder of the tree that holds source, tests left out (they are imported by nothing). */
const FOLDERS = ['protocol', 'services', 'kernel', 'host', 'shell', 'adapters', 'plugins', 'entries', 'servers', 'demo', 'examples', 'test', 'bench']

/** Who imports whom among the tree's own files, type-only imports left out. */
function importGraph(folders: readonly string[]): Graph {
  const files = new Set(folders.flatMap(sourceFiles))
  return new Map(
    [...files].map((file) => [
      file,
      scanFile(file)
        .imports.filter((ref) => ref.kind !== 'type' && files.has(ref.specifier))
        .map((ref) => ref.specifier),
    ]),
  )
}

/**
 * Each elementary circle once, written from its first file in sort order back to it:
 * "a -> b -> a". From each start only files after it are walked, so no circle is found twice.
 */
export function circles(graph: Graph): string[] {
  const found: string[] = []
  const files = [...graph.keys()].sort()
  const rank = new Map(files.map((file, i) => [file, i]))
  for (const start of files) {
    const path = [start]
    const onPath = new Set(path)
    const walk = (file: string) => {
      for (const next of graph.get(file) ?? []) {
        if (next === start) found.push([...path, start].join(' -> '))
        else if (!onPath.has(next) && (rank.get(next) ?? -1) > rank.get(start)!) {
          path.push(next)
          onPath.add(next)
          walk(next)
          onPath.delete(next)
          path.pop()
        }
      }
    }
    walk(start)
  }
  return found
}

describe('import circles', () => {
  it('the finder lists each circle once, and a graph without one gives none', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(circles(graph)).toEqual(['a.ts -> b.ts -> a.ts', 'a.ts -> b.ts -> c.ts -> a.ts'])
    expect(
      circles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([])
  })

  // Read once: the tree is some 900 files.
  const graph = importGraph(FOLDERS)

  it('the graph holds a manifest loading its body, and leaves a type-only import out', () => {
    expect(graph.size).toBeGreaterThan(500)
    expect(graph.get('plugins/history/index.ts')).toContain('plugins/history/body.tsx')
    const refs = scanFile('kernel/index.ts').imports
    const typeOnly = refs.filter((ref) => ref.kind === 'type' && !refs.some((other) => other.kind !== 'type' && other.specifier === ref.specifier))
    expect(typeOnly.length).toBeGreaterThan(0)
    expect(graph.get('kernel/index.ts')!.filter((file) => typeOnly.some((ref) => ref.specifier === file))).toEqual([])
  })

  it('no file of the tree reaches itself again through imports that run', () => {
    expect(circles(graph)).toEqual([])
  })
})
