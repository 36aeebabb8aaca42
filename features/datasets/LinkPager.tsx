import { pagination } from '../../styled-system/recipes'
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons.tsx'
import { useT } from '../i18n/I18nProvider.tsx'

const classes = pagination()

/** The page numbers to show: the first, the last and two either side of the current one, `null` for a gap. */
export function pagesAround(page: number, totalPages: number): Array<number | null> {
  const shown = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= totalPages))
  const sorted = [...shown].sort((a, b) => a - b)
  const out: Array<number | null> = []
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1]
    if (previous !== undefined && n - previous > 1) out.push(n - previous === 2 ? n - 1 : null)
    out.push(n)
  }
  return out
}

/**
 * Page navigation made of plain links, for lists whose state is in the URL: it works without JavaScript, and with
 * it Vike's client router follows the links. (The Ark Pagination in components/ui renders buttons.)
 */
export function LinkPager({ page, totalPages, hrefFor, label }: { page: number; totalPages: number; hrefFor: (page: number) => string; label?: string }) {
  const t = useT()
  if (totalPages <= 1) return null
  const pageLabel = (n: number) => t('gallery.uiPaginationPage', { page: n, total: totalPages })
  return (
    <nav aria-label={label ?? t('gallery.uiPaginationLabel')} className={classes.root}>
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" aria-label={t('gallery.uiPaginationPrevious')} className={classes.prevTrigger}>
          <ChevronLeftIcon />
        </a>
      ) : null}
      {pagesAround(page, totalPages).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className={classes.ellipsis}>
            …
          </span>
        ) : (
          <a key={n} href={hrefFor(n)} aria-label={pageLabel(n)} aria-current={n === page ? 'page' : undefined} className={classes.item}>
            {n}
          </a>
        ),
      )}
      {page < totalPages ? (
        <a href={hrefFor(page + 1)} rel="next" aria-label={t('gallery.uiPaginationNext')} className={classes.nextTrigger}>
          <ChevronRightIcon />
        </a>
      ) : null}
    </nav>
  )
}
