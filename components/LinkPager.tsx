import { pagination } from '../styled-system/recipes'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import { ChevronLeftIcon, ChevronRightIcon } from './ui/icons.tsx'

const classes = pagination()

/**
 * The page numbers to show: the first, the last and `spread` either side of the current one; `null` marks a gap. A
 * gap of exactly one page shows that page rather than an ellipsis standing for it.
 */
export function pageWindow(page: number, pageCount: number, spread = 1): Array<number | null> {
  const wanted = new Set([1, pageCount])
  for (let n = page - spread; n <= page + spread; n++) wanted.add(n)
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b)
  const out: Array<number | null> = []
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1]
    if (previous !== undefined && n - previous > 1) out.push(n - previous === 2 ? n - 1 : null)
    out.push(n)
  })
  return out
}

/**
 * Page navigation made of plain links, for lists whose state is in the URL: it works without JavaScript, and with it
 * the client router (or a page's own click handler) follows them. The Ark Pagination in components/ui renders
 * buttons, which do nothing without JavaScript.
 */
export function LinkPager({
  page,
  totalPages,
  hrefFor,
  label,
  spread = 1,
  linkAttributes,
}: {
  page: number
  totalPages: number
  hrefFor: (page: number) => string
  label: string
  spread?: number
  /** Extra attributes on every link, e.g. a marker a page's click handler looks for. */
  linkAttributes?: Record<`data-${string}`, string>
}) {
  const t = useT()
  if (totalPages <= 1) return null
  return (
    <nav aria-label={label} className={classes.root}>
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" aria-label={t('components.paginationPrevious')} className={classes.prevTrigger} {...linkAttributes}>
          <ChevronLeftIcon />
        </a>
      ) : null}
      {pageWindow(page, totalPages, spread).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className={classes.ellipsis}>
            …
          </span>
        ) : (
          <a
            key={n}
            href={hrefFor(n)}
            aria-label={t('components.paginationPage', { page: n, total: totalPages })}
            aria-current={n === page ? 'page' : undefined}
            className={classes.item}
            {...linkAttributes}
          >
            {n}
          </a>
        ),
      )}
      {page < totalPages ? (
        <a href={hrefFor(page + 1)} rel="next" aria-label={t('components.paginationNext')} className={classes.nextTrigger} {...linkAttributes}>
          <ChevronRightIcon />
        </a>
      ) : null}
    </nav>
  )
}
