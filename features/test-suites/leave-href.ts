/** What a click on a link says about where it goes. */
export type LinkClick = {
  href: string
  /** The link's target attribute, if any. */
  target: string | null
  download: boolean
  /** The click was already handled, was not the main button, or carried a modifier (new tab or window). */
  special: boolean
}

/** The address of this site a link click would go to, if it leaves the page; null for anything else. */
export function leavingHref(click: LinkClick, here: { href: string; origin: string; pathname: string; search: string }): string | null {
  if (click.special || (click.target ?? '_self') !== '_self' || click.download) return null
  const url = new URL(click.href, here.href)
  // Another site unloads this page: the browser's own beforeunload question covers it.
  if (url.origin !== here.origin) return null
  // A jump within the page (the skip link) leaves nothing behind.
  if (url.pathname === here.pathname && url.search === here.search) return null
  return `${url.pathname}${url.search}${url.hash}`
}
