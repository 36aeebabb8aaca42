import { css } from '../../styled-system/css'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { SectionBlock, StatGrid, subheadingClass, tableTitleClass } from '../../features/quality/AnalysisParts.tsx'
import { BandBadge } from '../../features/quality/BandBadge.tsx'
import { analysisHref, type AnalysisQuery } from '../../lib/url-state/analysis-href.ts'
import type { FilterOptions } from '../../features/quality/filter-options.ts'
import { RawValue, useFormatNames } from './FormatsOverview.tsx'
import type { Data } from './+data.ts'
import { LinkPager } from '../../components/LinkPager.tsx'

type Detail = Extract<NonNullable<Data['detail']>, { ok: true }>['value']

/** One canonical format: the raw values behind it, the portals that publish it and a page of its datasets. */
export function FormatDetailView({ detail, query, portals }: { detail: Detail; query: AnalysisQuery; portals: FilterOptions['portals'] }) {
  const t = useT()
  const intl = useIntl()
  const number = (value: number) => intl.formatNumber(value)
  const formatNames = useFormatNames()
  const portalName = new Map(portals.map((portal) => [portal.id, portal.name]))
  for (const portal of detail.byPortal) portalName.set(portal.instanceId, portal.name)
  const name = formatNames.title(detail.format)
  const pageHref = (page: number) => analysisHref('/data-formats', query, { format: detail.format, page })
  return (
    <SectionBlock id="format-detail" title={t('formats.detailTitle', { format: name })} testId="format-detail">
      <p>
        <a href={analysisHref('/data-formats', query)} data-testid="all-formats">
          {t('formats.backToAll')}
        </a>
      </p>
      <StatGrid
        stats={[
          { key: 'resources', label: t('formats.resources'), value: number(detail.resources), raw: detail.resources },
          { key: 'datasets', label: t('formats.datasets'), value: number(detail.datasets), raw: detail.datasets },
          { key: 'stars', label: t('formats.stars'), value: t('formats.starCount', { count: detail.openness }), raw: detail.openness },
          { key: 'machine-readable', label: t('formats.machineReadable'), value: detail.machineReadable ? t('common.yes') : t('common.no') },
          { key: 'open-standard', label: t('formats.openStandard'), value: detail.openStandard ? t('common.yes') : t('common.no') },
        ]}
      />

      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })}>
        <section aria-labelledby="format-raw" className={css({ display: 'grid', gap: '2', minW: '0' })}>
          <h3 id="format-raw" className={subheadingClass}>
            {t('formats.declaredAs')}
          </h3>
          {detail.rawValues.length ? (
            <Table.Container aria-label={t('formats.rawDetailCaption', { format: detail.format })}>
              <Table.Root density="compact" data-testid="format-raw-values">
                <Table.Caption>{t('formats.rawDetailCaption', { format: detail.format })}</Table.Caption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">{t('formats.rawValue')}</Table.Header>
                    <Table.Header scope="col" align="end">
                      {t('formats.resources')}
                    </Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {detail.rawValues.map((raw) => (
                    <Table.Row key={raw.raw}>
                      <Table.Header scope="row" className={css({ whiteSpace: 'normal' })}>
                        <RawValue raw={raw.raw} />
                      </Table.Header>
                      <Table.Cell align="end">{number(raw.resources)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.Container>
          ) : (
            <p className={css({ color: 'text.muted' })}>{t('common.noData')}</p>
          )}
        </section>

        <section aria-labelledby="format-portals" className={css({ display: 'grid', gap: '2', minW: '0' })}>
          <h3 id="format-portals" className={subheadingClass}>
            {t('formats.portalsTitle')}
          </h3>
          {detail.byPortal.length ? (
            <Table.Container aria-label={t('formats.portalsCaption', { format: detail.format })}>
              <Table.Root density="compact" data-testid="format-portals">
                <Table.Caption>{t('formats.portalsCaption', { format: detail.format })}</Table.Caption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">{t('formats.portal')}</Table.Header>
                    <Table.Header scope="col" align="end">
                      {t('formats.resources')}
                    </Table.Header>
                    <Table.Header scope="col" align="end">
                      {t('formats.datasets')}
                    </Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {detail.byPortal.map((portal) => (
                    <Table.Row key={portal.instanceId}>
                      <Table.Header scope="row" className={css({ whiteSpace: 'normal' })}>
                        {portal.name}
                      </Table.Header>
                      <Table.Cell align="end">{number(portal.resources)}</Table.Cell>
                      <Table.Cell align="end">{number(portal.datasets)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.Container>
          ) : (
            <p className={css({ color: 'text.muted' })}>{t('common.noData')}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="format-datasets" className={css({ display: 'grid', gap: '3', minW: '0' })}>
        <h3 id="format-datasets" className={subheadingClass}>
          {t('formats.datasetsTitle', { format: detail.format })}
        </h3>
        {detail.items.length ? (
          <>
            <Table.Container aria-label={t('formats.datasetsCaption', { page: detail.page, pages: detail.pageCount })}>
              <Table.Root density="compact" data-testid="format-datasets">
                <Table.Caption>{t('formats.datasetsCaption', { page: detail.page, pages: detail.pageCount })}</Table.Caption>
                <Table.Head>
                  <Table.Row>
                    <Table.Header scope="col">{t('formats.dataset')}</Table.Header>
                    <Table.Header scope="col">{t('formats.portal')}</Table.Header>
                    <Table.Header scope="col">{t('formats.publisher')}</Table.Header>
                    <Table.Header scope="col">{t('quality.score')}</Table.Header>
                  </Table.Row>
                </Table.Head>
                <Table.Body>
                  {detail.items.map((item) => (
                    <Table.Row key={item.id}>
                      <Table.Header scope="row" className={tableTitleClass}>
                        <a href={`/dataset/${encodeURIComponent(item.id)}`}>{item.title}</a>
                      </Table.Header>
                      <Table.Cell>{portalName.get(item.instanceId) ?? item.instanceId}</Table.Cell>
                      <Table.Cell className={css({ whiteSpace: 'normal' })}>{item.organizationTitle ?? '–'}</Table.Cell>
                      <Table.Cell>{item.band ? <BandBadge band={item.band} score={item.score} /> : '–'}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.Container>
            <LinkPager page={detail.page} totalPages={detail.pageCount} hrefFor={pageHref} label={t('formats.datasetPages')} />
          </>
        ) : (
          <p className={css({ color: 'text.muted' })}>{t('quality.noMatch')}</p>
        )}
      </section>
    </SectionBlock>
  )
}
