import type { ComponentProps } from 'react'
import { Pagination as ArkPagination } from '@ark-ui/react/pagination'
import { pagination } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx'

const classes = pagination()

export type PaginationProps = Omit<ComponentProps<typeof ArkPagination.Root>, 'children' | 'translations'> & {
  /** The name of the navigation landmark; "Pagination" in the active language by default. */
  label?: string
}

/**
 * Page navigation (Ark Pagination): previous, page numbers with ellipses, next. Give `count` (items) and `pageSize`,
 * and `page` + `onPageChange` or `defaultPage`; `type="link"` with `getPageUrl` renders links for server-rendered
 * lists. All labels are in the active language.
 */
export function Pagination({ label, className, ...props }: PaginationProps) {
  const t = useT()
  const translations = {
    rootLabel: label ?? t('components.paginationLabel'),
    prevTriggerLabel: t('components.paginationPrevious'),
    nextTriggerLabel: t('components.paginationNext'),
    itemLabel: ({ page, totalPages }: { page: number; totalPages: number }) =>
      t('components.paginationPage', { page, total: totalPages }),
  }
  return (
    <ArkPagination.Root translations={translations} {...props} className={cx(classes.root, className)}>
      <ArkPagination.PrevTrigger className={classes.prevTrigger}>
        <ChevronLeftIcon />
      </ArkPagination.PrevTrigger>
      <ArkPagination.Context>
        {(api) =>
          api.pages.map((page, index) =>
            page.type === 'page' ? (
              <ArkPagination.Item key={`page-${page.value}`} {...page} className={classes.item}>
                {page.value}
              </ArkPagination.Item>
            ) : (
              <ArkPagination.Ellipsis key={`ellipsis-${index}`} index={index} className={classes.ellipsis}>
                …
              </ArkPagination.Ellipsis>
            ),
          )
        }
      </ArkPagination.Context>
      <ArkPagination.NextTrigger className={classes.nextTrigger}>
        <ChevronRightIcon />
      </ArkPagination.NextTrigger>
    </ArkPagination.Root>
  )
}
