import type { FormEvent } from 'react'
import { navigate } from 'vike/client/router'
import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { input } from '../../styled-system/recipes'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Table } from '../../components/ui/table.tsx'
import { LinkPager } from '../../components/LinkPager.tsx'
import { SectionError } from '../../features/datasets/SectionError.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { BandBadge } from '../../features/quality/BandBadge.tsx'
import type { Data } from './+data.ts'
import { PUBLISHER_SORTS, publishersHref, type PublisherSort } from './list-url.ts'

const SORT_KEYS = { datasets: 'orgs.sortDatasets', name: 'orgs.sortName', quality: 'orgs.sortQuality' } as const satisfies Record<PublisherSort, string>
const muted = css({ color: 'text.muted' })
const inline = css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', p: '0', m: '0' })

export default function Page() {
  const t = useT()
  const { search } = useData<Data>()
  // With JavaScript the search is a client-side navigation (Vike runs +data.ts again); without it, a plain GET.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const sort = String(form.get('sort') ?? '')
    void navigate(
      publishersHref({ q: String(form.get('q') ?? '').trim(), sort: (PUBLISHER_SORTS as readonly string[]).includes(sort) ? (sort as PublisherSort) : 'datasets', page: 1 }),
      { keepScrollPosition: true },
    )
  }
  return (
    <PageIntro title={t('pages.organizationsTitle')} description={t('pages.organizationsDescription')}>
      <form
        method="get"
        action="/organizations"
        role="search"
        aria-label={t('orgs.searchLabel')}
        onSubmit={onSubmit}
        // The key resets the uncontrolled fields when the URL changes (back and forward).
        key={`${search.q}|${search.sort}`}
        className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', mb: '6' })}
      >
        <div className={css({ flex: '1 1 16rem', maxW: '28rem' })}>
          <label htmlFor="organizations-q" className={css({ display: 'block', fontSize: 'sm', fontWeight: '500', mb: '1' })}>
            {t('orgs.searchLabel')}
          </label>
          <Input id="organizations-q" name="q" type="search" defaultValue={search.q} maxLength={200} />
        </div>
        <div>
          <label htmlFor="organizations-sort" className={css({ display: 'block', fontSize: 'sm', fontWeight: '500', mb: '1' })}>
            {t('orgs.sortLabel')}
          </label>
          <select id="organizations-sort" name="sort" defaultValue={search.sort} className={input({ size: 'md' })}>
            {PUBLISHER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_KEYS[sort])}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{t('common.search')}</Button>
      </form>
      <Results />
    </PageIntro>
  )
}

function Results() {
  const t = useT()
  const intl = useIntl()
  const { search, result } = useData<Data>()
  if (!result.ok) return <SectionError message={t('orgs.listError')} />
  const totalPages = Math.max(1, Math.ceil(result.total / result.pageSize))
  if (result.items.length === 0) {
    // Past the last page the count is unknown (it comes with the rows): offer the first page instead.
    return (
      <p role="status" className={muted} data-testid="organizations-empty">
        {search.page > 1 ? (
          <>
            {t('orgs.pastLastPage')} <a href={publishersHref({ ...search, page: 1 })}>{t('orgs.firstPage')}</a>
          </>
        ) : search.q ? (
          t('orgs.noMatches', { q: search.q })
        ) : (
          t('common.noData')
        )}
      </p>
    )
  }
  return (
    <>
      <p role="status" className={css({ mb: '3' })} data-testid="organizations-total">
        {search.q ? t('orgs.matches', { count: result.total, q: search.q }) : t('orgs.total', { count: result.total })}
      </p>
      <Table.Container aria-label={t('orgs.tableCaption')}>
        <Table.Root>
          <Table.Caption>
            {t('orgs.tableCaption')} · {t(SORT_KEYS[search.sort])} · {t('components.paginationPage', { page: search.page, total: totalPages })}
          </Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('orgs.colPublisher')}</Table.Header>
              <Table.Header scope="col" align="end">
                {t('ckan.datasets')}
              </Table.Header>
              <Table.Header scope="col">{t('orgs.colFormats')}</Table.Header>
              <Table.Header scope="col">{t('orgs.colQuality')}</Table.Header>
              <Table.Header scope="col">{t('orgs.colPortals')}</Table.Header>
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {result.items.map((item) => (
              <Table.Row key={item.id} data-testid="organization-row" data-id={item.id}>
                <Table.Header scope="row" className={css({ fontWeight: '500', minW: '14rem' })}>
                  <a href={`/organizations/${encodeURIComponent(item.id)}`}>{item.title}</a>
                </Table.Header>
                <Table.Cell align="end" data-testid="organization-datasets">
                  {intl.formatNumber(item.datasets)}
                </Table.Cell>
                <Table.Cell>
                  {item.topFormats.length ? (
                    <ul className={inline} aria-label={t('orgs.colFormats')}>
                      {item.topFormats.map((format) => (
                        <li key={format}>
                          <Badge size="sm">{format === 'unknown' ? t('orgs.formatUnknown') : format}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className={muted}>{t('orgs.none')}</span>
                  )}
                </Table.Cell>
                <Table.Cell data-testid="organization-quality">
                  {item.band && item.averageScore !== null ? <BandBadge band={item.band} score={item.averageScore} /> : <span className={muted}>{t('orgs.notRated')}</span>}
                </Table.Cell>
                <Table.Cell>
                  <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '1' })}>
                    {item.portals.map((portal) => (
                      <li key={portal.id} className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', fontSize: 'sm' })}>
                        {portal.name}
                        {portal.isDemo ? (
                          <Badge size="sm" tone="info">
                            {t('ckan.demoData')}
                          </Badge>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.Container>
      <div className={css({ mt: '4' })}>
        <LinkPager page={search.page} totalPages={totalPages} hrefFor={(page) => publishersHref({ ...search, page })} label={t('orgs.pagerLabel')} spread={2} />
      </div>
    </>
  )
}
