import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// Every string a visitor sees in the modal comes from a message catalogue: this reads the views'
// source (TypeScript's AST) and fails on text written into them instead: JSX text, the props a
// visitor reads or hears (aria-label, title, placeholder, alt, label, ...), and string or template
// literals rendered as children or passed to those props.
const ROOT = join(import.meta.dirname, '../../..')

/** Props whose value is shown or read aloud. */
const VISIBLE_PROPS = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'successMessage', 'description'])

/** A literal that says something: a letter, not a lone symbol, a number or an example like 0.0. */
const WORDS = /\p{L}{2,}/u

function sources(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter((file) => keep(file) && !/\.test\.tsx?$/.test(file) && !file.includes('/test/'))
}

const VIEW_FILES = [
  ...sources('shell', (file) => file.endsWith('.tsx')),
  ...sources('plugins', (file) => /\/views\/.*\.tsx$/.test(file) || /^plugins\/[^/]+\/body\.tsx$/.test(file)),
  ...sources('host/elements', (file) => file.endsWith('.ts')),
]

interface Literal {
  readonly file: string
  readonly line: number
  readonly text: string
}

/** The visible literals of one source file. */
export function visibleLiterals(file: string, source: string): Literal[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Literal[] = []
  const add = (node: ts.Node, text: string) => {
    if (WORDS.test(text)) found.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() })
  }
  /** A value shown as it is: a string or template literal, or either branch of a condition or `??`. */
  const shown = (node: ts.Expression | undefined) => {
    if (!node) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text)
    else if (ts.isTemplateExpression(node)) add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '))
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(shown)
    else if (
      ts.isBinaryExpression(node) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(node.operatorToken.kind)
    )
      shown(node.right)
    else if (ts.isParenthesizedExpression(node)) shown(node.expression)
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text)
    else if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) shown(node.expression)
    else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText()) && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) add(node.initializer, node.initializer.text)
      else if (ts.isJsxExpression(node.initializer)) shown(node.initializer.expression)
    } else if (
      ts.isCallExpression(node) &&
      /\.(setAttribute)$/.test(node.expression.getText()) &&
      ts.isStringLiteral(node.arguments[0]!) &&
      VISIBLE_PROPS.has(node.arguments[0].text)
    ) {
      shown(node.arguments[1])
    } else if (ts.isCallExpression(node) && /(^|\.)(part|showSuccess|showError|showLoading)$/.test(node.expression.getText())) {
      ;(node.expression.getText() === 'part' ? node.arguments.slice(1, 2) : node.arguments).forEach(shown)
    } else if (ts.isPropertyAssignment(node) && /^(title|label)$/.test(node.name.getText()) && /views\.register|register\(/.test(node.parent.parent?.getText() ?? '')) {
      // A view's English title is its fallback; the title shown is its titleMessage (checked below).
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

/** The text of the call that starts at `start`, to the parenthesis that closes it. */
function callText(source: string, start: number): string {
  let depth = 0
  for (let i = source.indexOf('(', start); i < source.length; i++) {
    if (source[i] === '(') depth++
    else if (source[i] === ')' && --depth === 0) return source.slice(start, i + 1)
  }
  return source.slice(start)
}

describe('no view renders text that is not from a catalogue', () => {
  it(`scans ${VIEW_FILES.length} view files and finds no literal a visitor would see`, () => {
    expect(VIEW_FILES.length).toBeGreaterThan(50)
    const literals = VIEW_FILES.flatMap((file) => visibleLiterals(relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), 'utf8')))
    expect(literals.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([])
  })

  it('every view a plugin body registers names its title message', () => {
    const bodies = sources('plugins', (file) => /^plugins\/[^/]+\/body\.tsx?$/.test(file))
    // Each call read whole, to its closing parenthesis, however the formatter wraps it.
    const missing = bodies.flatMap((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8')
      return [...source.matchAll(/views\.register\(/g)]
        .filter((match) => !/titleMessage/.test(callText(source, match.index)))
        .map((match) => `${file}:${source.slice(0, match.index).split('\n').length}`)
    })
    expect(missing).toEqual([])
  })

  it('finds what it is for: JSX text, a visible prop, a literal child, a template and a condition', () => {
    const source = [
      'const a = <p>Hello there</p>',
      'const b = <button aria-label="Close" />',
      "const c = <p>{'Loading…'}</p>",
      'const d = <p>{`Continue in ${name}`}</p>',
      "const e = <p>{busy ? 'Sending…' : t('x')}</p>",
      'const f = <input placeholder={t(\'ok\')} title="0.0" />',
      "kit.snack.showSuccess('Copied')",
    ].join('\n')
    expect(visibleLiterals('fixture.tsx', source).map(({ text }) => text)).toEqual(['Hello there', 'Close', 'Loading…', 'Continue in', 'Sending…', 'Copied'])
  })
})
