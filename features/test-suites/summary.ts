/**
 * The first line of a Markdown description as plain text, for the suite list (the suite's page renders it all):
 * link targets, emphasis marks, heading and list markers and code ticks are dropped.
 */
export function plainSummary(markdown: string, max = 200): string {
  const line = markdown.split('\n').find((candidate) => candidate.trim())?.trim() ?? ''
  const plain = line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)/, '')
    .replace(/(^|[^\w])(\*\*|__|\*|_|~~|`)(?=\S)([^]*?\S)\2(?!\w)/g, '$1$3')
    .replace(/\s+/g, ' ')
    .trim()
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain
}
