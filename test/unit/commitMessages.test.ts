import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { commitProblems, messageProblems } from '../../scripts/commitMessages.mjs'

// The commit-message rule `npm run lint` holds: a subject of at most 100 characters on one
// line, then an empty line, then the body.

describe('messageProblems', () => {
  it('passes a subject of 100 characters with its body after an empty line, and a subject alone', () => {
    expect(messageProblems(`${'s'.repeat(100)}\n\nThe details.\nMore details.\n`)).toEqual([])
    expect(messageProblems('Fix the thing\n')).toEqual([])
  })

  it('refuses a subject of 101 characters', () => {
    expect(messageProblems(`${'s'.repeat(101)}\n\nbody`)).toEqual(['the subject has 101 characters (at most 100)'])
  })

  it('refuses a subject wrapped onto a second line, and an empty subject', () => {
    expect(messageProblems('Fix the thing, and the other\nthing it broke\n\nbody')).toEqual([
      'the second line is not empty (subject on one line, then an empty line, then the body)',
    ])
    expect(messageProblems('\n\nbody')).toEqual(['the subject is empty'])
  })
})

describe('commitProblems', () => {
  const repo = mkdtempSync(join(tmpdir(), 'portico-commits-'))
  afterAll(() => rmSync(repo, { recursive: true, force: true }))
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, encoding: 'utf8' }).stdout.trim()

  it('reads the commits after the rule began from git log, and names the ones that break it', () => {
    git('init', '-q')
    git('commit', '-q', '--allow-empty', '-m', `${'o'.repeat(120)} (before the rule: not checked)`)
    const since = git('rev-parse', 'HEAD')
    git('commit', '-q', '--allow-empty', '-m', 'A good subject', '-m', 'Its body.')
    git('commit', '-q', '--allow-empty', '-m', `${'x'.repeat(101)}`)
    git('commit', '-q', '--allow-empty', '-m', 'A subject\nwrapped')
    const bad = commitProblems(repo, since)
    expect(bad.map(({ subject, problems }) => [subject.slice(0, 9), problems.length])).toEqual([
      ['A subject', 1],
      ['xxxxxxxxx', 1],
    ])
  })
})
