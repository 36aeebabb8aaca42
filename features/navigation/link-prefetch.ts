import { prefetch } from 'vike/client/router'
import { madeBy } from '../../lib/made-by.ts'

// Internal links fetch their page's code when they scroll into view or are hovered, at most four at a time, so the
// next click renders at once without flooding a slow connection.
const MAX_IN_FLIGHT = 4
const queued: string[] = []
const seen = new Set<string>()
let inFlight = 0

function pump(): void {
  while (inFlight < MAX_IN_FLIGHT && queued.length > 0) {
    const url = queued.shift()!
    inFlight++
    prefetch(url)
      .catch(() => seen.delete(url)) // a later hover may try again
      .finally(() => {
        inFlight--
        pump()
      })
  }
}

export function requestPrefetch(href: string): void {
  const url = new URL(href, window.location.href)
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return
  const key = url.pathname
  if (seen.has(key) || key === window.location.pathname) return
  seen.add(key)
  queued.push(key)
  pump()
}

function prefetchable(element: Element): element is HTMLAnchorElement {
  return madeBy(element, HTMLAnchorElement) && !!element.href && element.rel !== 'external' && !element.hasAttribute('download')
}

/** Watches the document's links; returns a function that stops watching. */
export function watchLinks(root: HTMLElement): () => void {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting && prefetchable(entry.target)) {
        requestPrefetch(entry.target.href)
        observer.unobserve(entry.target)
      }
    }
  })
  const observeAll = () => root.querySelectorAll('a[href]').forEach((a) => observer.observe(a))
  const mutations = new MutationObserver(observeAll)
  const onPointerOver = (event: PointerEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]')
    if (link && prefetchable(link)) requestPrefetch(link.href)
  }
  observeAll()
  mutations.observe(root, { childList: true, subtree: true })
  root.addEventListener('pointerover', onPointerOver)
  return () => {
    observer.disconnect()
    mutations.disconnect()
    root.removeEventListener('pointerover', onPointerOver)
  }
}
