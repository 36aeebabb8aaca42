import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import type { CanonicalFormat } from '../../lib/domain/canonical-formats.ts'
import { BANDS, type Band, type Dimension } from '../../lib/domain/mqa.ts'
import { formatNameKey } from '../../lib/i18n/format-names.ts'
import { bandKey, dimensionKey } from './mqa-text.ts'

// The format and quality sections of the pages about one scope of datasets (a publisher, a region).

const sectionHeading = css({ fontSize: 'xl', fontWeight: '600', mb: '3' })
const muted = css({ color: 'text.muted' })

export type FormatMix = {
  resources: number
  machineReadableShare: number | null
  openStandardShare: number | null
  items: Array<{ format: CanonicalFormat; resources: number; share: number; stars: number }>
}

export type QualityFigures = {
  datasets: number
  partial: number
  bands: Record<Band, number>
  dimensions: Array<{ dimension: Dimension; average: number | null; max: number }>
  portalWatch: { existence: number | null; conformance: number | null; openness: number | null }
}

/** The format mix of a scope (a publisher, a region): resources per canonical format with their share and openness. */
export function FormatsSection({ formats, className }: { formats: FormatMix; className?: string }) {
  const t = useT()
  const intl = useIntl()
  const percent = (value: number | null) => (value === null ? '—' : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }))
  return (
    <section aria-labelledby="formats-heading" className={className}>
      <h2 id="formats-heading" className={sectionHeading}>
        {t('orgs.formats')}
      </h2>
      {formats.items.length === 0 ? (
        <p className={muted}>{t('common.noData')}</p>
      ) : (
        <>
          <p className={css({ mb: '3', maxW: '70ch' })}>
            {t('orgs.formatsSummary', {
              resources: intl.formatNumber(formats.resources),
              machineReadable: percent(formats.machineReadableShare),
              openStandard: percent(formats.openStandardShare),
            })}
          </p>
          <Table.Container aria-label={t('orgs.formatsCaption')}>
            <Table.Root density="compact">
              <Table.Caption>{t('orgs.formatsCaption')}</Table.Caption>
              <Table.Head>
                <Table.Row>
                  <Table.Header scope="col">{t('ckan.format')}</Table.Header>
                  <Table.Header scope="col" align="end">
                    {t('orgs.colResources')}
                  </Table.Header>
                  <Table.Header scope="col" align="end">
                    {t('orgs.colShare')}
                  </Table.Header>
                  <Table.Header scope="col">{t('orgs.colOpenness')}</Table.Header>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {formats.items.map((item) => (
                  <Table.Row key={item.format}>
                    <Table.Header scope="row" className={css({ fontWeight: '400' })}>
                      <Badge size="sm" tone={item.format === 'unknown' ? 'neutral' : 'primary'}>
                        {item.format === 'unknown' ? t('orgs.formatUnknown') : item.format}
                      </Badge>{' '}
                      <span className={css({ fontSize: 'sm', color: 'text.muted' })}>{item.format === 'unknown' ? null : t(formatNameKey(item.format))}</span>
                    </Table.Header>
                    <Table.Cell align="end">{intl.formatNumber(item.resources)}</Table.Cell>
                    <Table.Cell align="end">{percent(item.share)}</Table.Cell>
                    <Table.Cell>
                      <span role="img" aria-label={t('orgs.stars', { count: item.stars })} className={css({ whiteSpace: 'nowrap', letterSpacing: '0.1em' })}>
                        <span aria-hidden="true">{'★'.repeat(item.stars)}</span>
                        <span aria-hidden="true" className={muted}>
                          {'☆'.repeat(Math.max(0, 5 - item.stars))}
                        </span>
                      </span>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.Container>
        </>
      )}
    </section>
  )
}

/** The MQA figures of a scope: datasets per band, average points per dimension, the Portal Watch ratios. */
export function QualitySection({ quality, className }: { quality: QualityFigures; className?: string }) {
  const t = useT()
  const intl = useIntl()
  const number = (value: number | null) => (value === null ? '—' : intl.formatNumber(value, { maximumFractionDigits: 1 }))
  const percent = (value: number | null) => (value === null ? '—' : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 0 }))
  return (
    <section aria-labelledby="quality-heading" className={className}>
      <h2 id="quality-heading" className={sectionHeading}>
        {t('orgs.quality')}
      </h2>
      {quality.datasets === 0 ? (
        <p className={muted}>{t('common.noData')}</p>
      ) : (
        <>
          <p className={css({ mb: '4', maxW: '70ch' })}>
            {t('orgs.qualitySummary', { count: quality.datasets })}{' '}
            {quality.partial > 0 ? t('orgs.qualityPartial', { count: quality.partial }) : null}
          </p>
          <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' } })}>
            <FigureTable
              caption={t('orgs.bandsCaption')}
              labelHeader={t('mqa.band')}
              valueHeader={t('ckan.datasets')}
              rows={BANDS.map((band) => ({ key: band, label: t(bandKey(band)), value: intl.formatNumber(quality.bands[band]) }))}
            />
            <FigureTable
              caption={t('orgs.dimensionsCaption')}
              labelHeader={t('orgs.colDimension')}
              valueHeader={t('orgs.colAverage')}
              rows={quality.dimensions.map((item) => ({
                key: item.dimension,
                label: t(dimensionKey(item.dimension)),
                value: t('orgs.pointsOf', { points: number(item.average), max: intl.formatNumber(item.max) }),
              }))}
            />
            <FigureTable
              caption={t('orgs.portalWatchCaption')}
              labelHeader={t('orgs.colDimension')}
              valueHeader={t('orgs.colAverage')}
              rows={(['existence', 'conformance', 'openness'] as const).map((dimension) => ({
                key: dimension,
                label: t(`orgs.pw_${dimension}`),
                value: percent(quality.portalWatch[dimension]),
              }))}
            />
          </div>
        </>
      )}
    </section>
  )
}

/** A small two-column table of figures: a label per row and its value. */
function FigureTable({ caption, labelHeader, valueHeader, rows }: { caption: string; labelHeader: string; valueHeader: string; rows: Array<{ key: string; label: string; value: string }> }) {
  return (
    <Table.Container aria-label={caption}>
      <Table.Root density="compact">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">{labelHeader}</Table.Header>
            <Table.Header scope="col" align="end">
              {valueHeader}
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Header scope="row" className={css({ fontWeight: '400' })}>
                {row.label}
              </Table.Header>
              <Table.Cell align="end">{row.value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.Container>
  )
}

