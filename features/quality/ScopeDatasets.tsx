import { css } from '../../styled-system/css'
import { LinkPager } from '../../components/LinkPager.tsx'
import { Table } from '../../components/ui/table.tsx'
import type { Band } from '../../lib/domain/mqa.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { BandBadge } from './BandBadge.tsx'

// The datasets of one scope (a publisher, a region) a page at a time, with their quality: the table both scope pages
// show, each with the columns it has data for.

export type ScopeDataset = {
  id: string
  title: string
  portalName: string
  score: number | null
  band: Band | null
  publisher?: string | null
  modified?: Date | null
}

export type ScopeDatasetColumn = 'publisher' | 'portal' | 'quality' | 'modified'

export type ScopeDatasetPage = { total: number; page: number; pageSize: number; items: ScopeDataset[] }

const sectionHeading = css({ fontSize: 'xl', fontWeight: '600', mb: '3' })
const muted = css({ color: 'text.muted' })
const titleCell = css({ fontWeight: '400', overflowWrap: 'anywhere', minW: '14rem' })
const publisherCell = css({ fontSize: 'sm', minW: '10rem' })
const portalCell = css({ fontSize: 'sm' })
const dateCell = css({ whiteSpace: 'nowrap' })
const DAY = { dateStyle: 'medium', timeZone: 'UTC' } as const

const HEADERS = { publisher: 'orgs.colPublisher', portal: 'ckan.portal', quality: 'orgs.colQuality', modified: 'ckan.modified' } as const

type TableProps = {
  datasets: ScopeDatasetPage
  columns: readonly ScopeDatasetColumn[]
  hrefFor: (page: number) => string
  rowTestId: string
}

/** The scope's datasets section: its heading, then a page of the table, or `emptyText` when the page has none. */
export function ScopeDatasets({ emptyText, className, ...table }: TableProps & { emptyText: string; className: string }) {
  const t = useT()
  return (
    <section aria-labelledby="datasets-heading" className={className}>
      <h2 id="datasets-heading" className={sectionHeading}>
        {t('ckan.datasets')}
      </h2>
      {table.datasets.items.length === 0 ? <p className={muted}>{emptyText}</p> : <ScopeDatasetTable {...table} />}
    </section>
  )
}

/** A page of the scope's datasets (each linking to its page) and the pager; `hrefFor` gives a page's address. */
function ScopeDatasetTable({
  datasets,
  columns,
  hrefFor,
  rowTestId,
}: TableProps) {
  const t = useT()
  const intl = useIntl()
  const totalPages = Math.max(1, Math.ceil(datasets.total / datasets.pageSize))
  const cell = (item: ScopeDataset, column: ScopeDatasetColumn) => {
    switch (column) {
      case 'publisher':
        return <Table.Cell key={column} className={publisherCell}>{item.publisher ?? <span className={muted}>–</span>}</Table.Cell>
      case 'portal':
        return <Table.Cell key={column} className={portalCell}>{item.portalName}</Table.Cell>
      case 'quality':
        return <Table.Cell key={column}>{item.band && item.score !== null ? <BandBadge band={item.band} score={item.score} size="sm" /> : <span className={muted}>{t('orgs.notRated')}</span>}</Table.Cell>
      case 'modified':
        return <Table.Cell key={column} className={dateCell}>{item.modified ? intl.formatDate(item.modified, DAY) : '—'}</Table.Cell>
    }
  }
  return (
    <>
      <Table.Container aria-label={t('orgs.datasetsCaption', { count: datasets.total })}>
        <Table.Root density="compact">
          <Table.Caption>
            {t('orgs.datasetsCaption', { count: datasets.total })} · {t('components.paginationPage', { page: datasets.page, total: totalPages })}
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('ckan.dataset')}</Table.Header>
              {columns.map((column) => (
                <Table.Header key={column} scope="col">
                  {t(HEADERS[column])}
                </Table.Header>
              ))}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {datasets.items.map((item) => (
              <Table.Row key={item.id} data-testid={rowTestId}>
                <Table.Header scope="row" className={titleCell}>
                  <a href={`/dataset/${encodeURIComponent(item.id)}`}>{item.title}</a>
                </Table.Header>
                {columns.map((column) => cell(item, column))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Container>
      <div className={css({ mt: '4' })}>
        <LinkPager page={datasets.page} totalPages={totalPages} hrefFor={hrefFor} label={t('orgs.datasetsPagerLabel')} spread={2} />
      </div>
    </>
  )
}
