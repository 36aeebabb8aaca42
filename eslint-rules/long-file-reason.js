// `long-file-reason`: a module over 450 lines says at its top why it is one file (a line starting "// Why this file is
// long:"), as docs/decisions/011-code-layout.md asks; most long files mix jobs and should be split instead.
export const MAX_LINES = 450
const REASON = /^\/\/ Why this file is long: \S/

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Require a reason at the top of a module over 450 lines' },
    schema: [],
    messages: { long: 'This file has {{lines}} lines (over {{max}}): split it where it mixes jobs, or say at its top "// Why this file is long: …".' },
  },
  create(context) {
    return {
      Program(node) {
        const lines = context.sourceCode.lines.length
        if (lines <= MAX_LINES) return
        const first = context.sourceCode.lines[0] ?? ''
        if (!REASON.test(first)) context.report({ node, loc: { line: 1, column: 0 }, messageId: 'long', data: { lines: String(lines), max: String(MAX_LINES) } })
      },
    }
  },
}
