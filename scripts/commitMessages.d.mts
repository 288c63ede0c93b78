export const MAX_SUBJECT: number
export const RULE_SINCE: string
/** What is wrong with one commit message, or an empty list. */
export function messageProblems(message: string): string[]
/** Every commit after `since` up to HEAD (merges left out) whose message breaks the rule, with its problems. */
export function commitProblems(cwd: string, since: string): { hash: string; subject: string; problems: string[] }[]
