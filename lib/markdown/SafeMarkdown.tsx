import Markdown, { type Components } from 'react-markdown'

// Markdown from outside is rendered as untrusted input: a CKAN `notes` field (written by anyone who can publish on any
// portal we read) and the texts of test cases (written by any member of a project, read by all the others):
// - raw HTML is dropped (`skipHtml`), never parsed, so `<script>` or `onerror=` cannot reach the DOM;
// - react-markdown's default urlTransform empties `javascript:`, `vbscript:`, `data:` and other unsafe URLs, and a
//   link left without a URL is rendered as its text;
// - links get rel="noopener nofollow": the page vouches for nothing it links to, and the target gets no opener;
// - images are not loaded (a third-party host would learn who reads the page): they become links to the image;
// - headings start at `firstHeading` (h3: below the page's h1 and the section's h2), so the outline stays in order.

const REL = 'noopener nofollow'

type Level = 1 | 2 | 3 | 4 | 5 | 6
type MdNode = { type: string; depth?: number; children?: MdNode[] }

/**
 * A remark plugin that renumbers the headings of a description from `first` down, by rank: authors start at `#` or
 * `##` and skip levels freely; the page needs them to continue its own outline without a gap.
 */
function headingsFrom(first: Level) {
  return () => (tree: MdNode) => {
    const headings: MdNode[] = []
    const walk = (node: MdNode) => {
      if (node.type === 'heading') headings.push(node)
      node.children?.forEach(walk)
    }
    walk(tree)
    const ranks = [...new Set(headings.map((heading) => heading.depth ?? 1))].sort((a, b) => a - b)
    for (const heading of headings) heading.depth = Math.min(6, first + ranks.indexOf(heading.depth ?? 1))
  }
}

const COMPONENTS: Components = {
  a: ({ href, title, children }) =>
    href ? (
      <a href={href} title={title} rel={REL}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) => {
    const text = alt || (typeof src === 'string' ? src : '')
    return typeof src === 'string' && src ? (
      <a href={src} rel={REL}>
        {text}
      </a>
    ) : text ? (
      <span>{text}</span>
    ) : null
  },
}

const PLUGINS = { 3: [headingsFrom(3)], 4: [headingsFrom(4)] } as const

/**
 * Markdown rendered with nothing in it able to run or load anything. The server renders it to HTML for pages that only
 * show it (server/markdown/description-html.server.ts); the browser loads it lazily where text is edited with a
 * live preview.
 */
export function SafeMarkdown({ markdown, firstHeading = 3 }: { markdown: string; firstHeading?: 3 | 4 }) {
  return (
    <Markdown skipHtml components={COMPONENTS} remarkPlugins={[...PLUGINS[firstHeading]]}>
      {markdown}
    </Markdown>
  )
}
