// The rule for commit messages (CONTRIBUTING: subject on one line, details in the body):
// a subject of at most 100 characters, then an empty line before the body. `npm run lint`
// checks the commits since the rule began; it reads `git log` of the clone, no network.
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'

/** Longest subject line, in characters. */
export const MAX_SUBJECT = 100

/** The last commit before the rule; older subjects ran longer. PORTICO_COMMITS_SINCE overrides it. */
export const RULE_SINCE = 'f2ef648b997dd6da98faf119bb9c61e32d93eb75'

/** What is wrong with one commit message, or an empty list. */
export function messageProblems(message) {
  const [subject = '', second] = message.replace(/\n+$/, '').split('\n')
  const problems = []
  if (subject.trim() === '') problems.push('the subject is empty')
  if (subject.length > MAX_SUBJECT) problems.push(`the subject has ${subject.length} characters (at most ${MAX_SUBJECT})`)
  if (second !== undefined && second.trim() !== '') problems.push('the second line is not empty (subject on one line, then an empty line, then the body)')
  return problems
}

function git(cwd, args) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' })
  return { ok: result.status === 0, out: result.stdout ?? '' }
}

/**
 * Every commit after `since` up to HEAD (merges left out: their subjects are git's) with its problems.
 * A clone without `since` (shallow) checks HEAD alone.
 */
export function commitProblems(cwd, since) {
  const known = git(cwd, ['cat-file', '-e', `${since}^{commit}`]).ok
  const range = known ? [`${since}..HEAD`] : ['-1', 'HEAD']
  const log = git(cwd, ['log', '--no-merges', '--format=%H%x1f%B%x1e', ...range])
  if (!log.ok) throw new Error(`git log failed in ${cwd}`)
  return log.out
    .split('\x1e')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.includes('\x1f'))
    .map((entry) => {
      const [hash = '', message = ''] = entry.split('\x1f')
      return { hash, subject: message.split('\n')[0] ?? '', problems: messageProblems(message) }
    })
    .filter((commit) => commit.problems.length > 0)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bad = commitProblems(process.cwd(), process.env.PORTICO_COMMITS_SINCE || RULE_SINCE)
  for (const { hash, subject, problems } of bad) console.error(`commit ${hash.slice(0, 10)} "${subject.slice(0, 60)}…": ${problems.join('; ')}`)
  if (bad.length > 0) {
    console.error(`commitMessages: ${bad.length} commit message(s) break the rule (reword them with git rebase -i)`)
    process.exit(1)
  }
}
