import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons.tsx'
import { pagination } from '../../styled-system/recipes'
import { useT } from '../i18n/I18nProvider.tsx'

const classes = pagination()

/** The page numbers to show: the first, the last and one either side of the current one, `null` for a gap. */
export function pageNumbers(page: number, totalPages: number): Array<number | null> {
  const shown = [...new Set([1, page - 1, page, page + 1, totalPages])].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b)
  const out: Array<number | null> = []
  shown.forEach((n, index) => {
    const previous = shown[index - 1]
    if (previous !== undefined && n - previous > 1) out.push(n - previous === 2 ? n - 1 : null)
    out.push(n)
  })
  return out
}

/**
 * Result pages as plain links (the Ark Pagination in components/ui renders buttons, which do nothing without
 * JavaScript). The page's click handler follows them in place; `data-focus-results` asks it to move focus to the
 * results heading.
 */
export function ResultPager({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  const t = useT()
  if (totalPages <= 1) return null
  return (
    <nav aria-label={t('explorer.resultPages')} className={classes.root}>
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" data-focus-results="" aria-label={t('gallery.uiPaginationPrevious')} className={classes.prevTrigger}>
          <ChevronLeftIcon />
        </a>
      ) : null}
      {pageNumbers(page, totalPages).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className={classes.ellipsis}>
            …
          </span>
        ) : (
          <a
            key={n}
            href={hrefFor(n)}
            data-focus-results=""
            aria-label={t('gallery.uiPaginationPage', { page: n, total: totalPages })}
            aria-current={n === page ? 'page' : undefined}
            className={classes.item}
          >
            {n}
          </a>
        ),
      )}
      {page < totalPages ? (
        <a href={hrefFor(page + 1)} rel="next" data-focus-results="" aria-label={t('gallery.uiPaginationNext')} className={classes.nextTrigger}>
          <ChevronRightIcon />
        </a>
      ) : null}
    </nav>
  )
}
