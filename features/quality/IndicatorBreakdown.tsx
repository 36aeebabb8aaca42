import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'
import { Badge, type BadgeProps } from '../../components/ui/badge.tsx'
import { ErrorIcon, MinusIcon, SuccessIcon, WarningIcon } from '../../components/ui/icons.tsx'
import { Table } from '../../components/ui/table.tsx'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { DIMENSIONS, type Dimension, type IndicatorResult, type IndicatorStatus, type QualityScore } from '../../lib/domain/mqa.ts'
import { BandBadge } from './BandBadge.tsx'
import { dimensionKey, indicatorKey, reasonText, statusKey } from './mqa-text.ts'

// Dimensions in the MQA's order (docs/quality.md); indicators keep the order the score lists them in.

const STATUS_LOOK: Record<IndicatorStatus, { tone: BadgeProps['tone']; icon: ReactNode }> = {
  pass: { tone: 'success', icon: <SuccessIcon /> },
  partial: { tone: 'warning', icon: <WarningIcon /> },
  fail: { tone: 'error', icon: <ErrorIcon /> },
  'not-checked': { tone: 'neutral', icon: <MinusIcon /> },
}

/** An indicator's status: an icon and its name in words, so it is never told by colour alone. */
export function IndicatorStatusBadge({ status }: { status: IndicatorStatus }) {
  const t = useT()
  const look = STATUS_LOOK[status]
  return (
    <Badge tone={look.tone} data-status={status}>
      {look.icon}
      {t(statusKey(status))}
    </Badge>
  )
}

const summaryList = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(auto-fit, minmax(12rem, 1fr))' },
  gap: '4',
  mb: '4',
  '& dt': { color: 'text.muted', fontSize: 'sm' },
  '& dd': { fontSize: 'lg', fontWeight: '600', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' },
})

/**
 * One dataset's MQA score, indicator by indicator: the 23 indicators grouped by the five dimensions, each with its
 * status, the points earned of its weight and the reason; then the total, the maximum reachable, the score on the
 * MQA scale and its rating band, with a note when network indicators were not checked (a partial score).
 */
export function IndicatorBreakdown({ score }: { score: QualityScore }) {
  const t = useT()
  const intl = useIntl()
  const number = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 })
  const known = (key: string) => key in intl.messages
  const list = (items: string[]) => intl.formatList(items, { type: 'conjunction' })
  const notChecked = score.indicators.filter((indicator) => indicator.status === 'not-checked')
  const byDimension = new Map<Dimension, IndicatorResult[]>(DIMENSIONS.map((dimension) => [dimension, []]))
  for (const indicator of score.indicators) byDimension.get(indicator.dimension)?.push(indicator)
  const caption = t('mqa.caption')
  return (
    <div data-testid="indicator-breakdown">
      <dl className={summaryList}>
        <div>
          <dt>{t('mqa.scaled')}</dt>
          <dd data-testid="mqa-scaled">
            {t('mqa.scaledValue', { scaled: number(score.scaled), max: number(score.max) })}
            <BandBadge band={score.band} />
          </dd>
        </div>
        <div>
          <dt>{t('mqa.total')}</dt>
          <dd data-testid="mqa-points">{t('mqa.totalValue', { points: number(score.points), maxReachable: number(score.maxReachable) })}</dd>
        </div>
        <div>
          <dt>{t('mqa.maxReachable')}</dt>
          <dd>{t('mqa.maxReachableValue', { maxReachable: number(score.maxReachable), max: number(score.max) })}</dd>
        </div>
      </dl>
      <p className={css({ mb: '4', maxW: '70ch', color: score.partial ? 'text' : 'text.muted' })} data-testid="mqa-partial" data-partial={score.partial}>
        {score.partial
          ? t('mqa.partialNote', { count: notChecked.length, weight: number(notChecked.reduce((total, indicator) => total + indicator.weight, 0)) })
          : t('mqa.completeNote')}
      </p>
      <Table.Container aria-label={caption}>
        <Table.Root density="compact">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Head>
            <Table.Row>
              <Table.Header scope="col">{t('mqa.indicator')}</Table.Header>
              <Table.Header scope="col">{t('mqa.status')}</Table.Header>
              <Table.Header scope="col" align="end">
                {t('mqa.points')}
              </Table.Header>
              <Table.Header scope="col">{t('mqa.reason')}</Table.Header>
            </Table.Row>
          </Table.Head>
          {DIMENSIONS.map((dimension) => {
            const totals = score.dimensions[dimension]
            return (
              <Table.Body key={dimension} data-dimension={dimension}>
                <Table.Row>
                  <Table.Header scope="rowgroup" colSpan={4} className={css({ bg: 'surface.raised' })}>
                    {t(dimensionKey(dimension))}
                    <span className={css({ fontWeight: '400', color: 'text.muted', ms: '2' })}>
                      {t('mqa.dimensionPoints', { points: number(totals.points), max: number(totals.maxReachable) })}
                    </span>
                  </Table.Header>
                </Table.Row>
                {(byDimension.get(dimension) ?? []).map((indicator) => (
                  <Table.Row key={indicator.id} data-indicator={indicator.id} data-status={indicator.status}>
                    <Table.Header scope="row" className={css({ whiteSpace: 'normal' })}>
                      {t(indicatorKey(indicator.id))}
                    </Table.Header>
                    <Table.Cell>
                      <IndicatorStatusBadge status={indicator.status} />
                    </Table.Cell>
                    <Table.Cell align="end" className={css({ whiteSpace: 'nowrap' })}>
                      {indicator.status === 'not-checked'
                        ? t('mqa.notReachable')
                        : t('mqa.pointsOf', { points: number(indicator.points), weight: number(indicator.weight) })}
                    </Table.Cell>
                    <Table.Cell className={css({ overflowWrap: 'anywhere', minW: '16rem' })}>{reasonText(t, indicator.reason, known, list)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            )
          })}
          <Table.Foot>
            <Table.Row>
              <Table.Header scope="row" colSpan={2}>
                {t('mqa.total')}
              </Table.Header>
              <Table.Cell align="end" className={css({ whiteSpace: 'nowrap' })}>
                {t('mqa.totalValue', { points: number(score.points), maxReachable: number(score.maxReachable) })}
              </Table.Cell>
              <Table.Cell>
                <BandBadge band={score.band} score={score.scaled} />
              </Table.Cell>
            </Table.Row>
          </Table.Foot>
        </Table.Root>
      </Table.Container>
    </div>
  )
}
