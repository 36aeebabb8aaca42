import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SafeMarkdown } from '../../lib/markdown/SafeMarkdown.tsx'

/**
 * A dataset description rendered to HTML on the server, for the page to insert as is: the Markdown parser stays out
 * of the browser's bundle (it would add tens of kilobytes to every dataset page), and what comes out is already
 * inert (lib/markdown/SafeMarkdown.tsx says how).
 */
export function descriptionHtml(markdown: string, options: { firstHeading?: 3 | 4 } = {}): string {
  return renderToStaticMarkup(createElement(SafeMarkdown, { markdown, firstHeading: options.firstHeading }))
}
