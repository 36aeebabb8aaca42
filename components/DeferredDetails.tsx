import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useHydrated } from '../lib/use-hydrated.ts'

const onServer = typeof window === 'undefined'

/**
 * A disclosure (`<details>`) whose content the browser renders only once it is open. The server renders everything,
 * so the content works without JavaScript; while the page hydrates, React leaves that markup as the server wrote it
 * (an element with `dangerouslySetInnerHTML` is not walked), and it is rendered in the browser when the disclosure
 * opens, or as soon as `renderedWith` differs from its first value, since the server's markup is then out of date (a
 * form's inputs inside it would send old values). A page with long lists behind "Show more" hydrates only what is in
 * view: on the explorer, two thirds of its elements are behind closed disclosures.
 *
 * Mounted by a client-side navigation, where there is no server markup to keep, it renders its content at once.
 * The content sits in a `div` of its own. Code that handles clicks on links in it must listen above the disclosure:
 * the server's markup has no React handlers.
 */
export function DeferredDetails({ summary, children, className, renderedWith = '' }: { summary: ReactNode; children: ReactNode; className?: string; renderedWith?: string }) {
  const details = useRef<HTMLDetailsElement>(null)
  const [first] = useState(renderedWith)
  // False while hydrating (lib/use-hydrated.ts), true when mounted in a page the browser renders itself; kept as it
  // was at mount, so the end of hydration does not render the content.
  const hydrated = useHydrated()
  const [mountedInBrowser] = useState(hydrated)
  const [opened, setOpened] = useState(false)
  // Opened before the page's code ran: the browser shows the server's markup, which is current; render it here now.
  useEffect(() => {
    if (details.current?.open) setOpened(true)
  }, [])
  const rendered = onServer || mountedInBrowser || opened || renderedWith !== first
  return (
    <details ref={details} className={className} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      {summary}
      {rendered ? (
        <div key="rendered">{children}</div>
      ) : (
        // The same element the server wrote, with the server's content left in it.
        <div key="server" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
      )}
    </details>
  )
}
