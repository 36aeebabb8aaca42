import { useData } from 'vike-react/useData'
import { css } from '../../../styled-system/css'
import { Badge } from '../../../components/ui/badge.tsx'
import { LineChart, type LineSeries } from '../../../components/charts/LineChart.tsx'
import { useIntl, useT } from '../../../lib/i18n/I18nProvider.tsx'
import { BandBadge } from '../../../features/quality/BandBadge.tsx'
import { ScopeDatasets } from '../../../features/quality/ScopeDatasets.tsx'
import { FormatsSection, QualitySection } from '../../../features/quality/ScopeFigures.tsx'
import { MQA_MAX } from '../../../lib/domain/mqa.ts'
import type { Data } from './+data.ts'

const sectionHeading = css({ fontSize: 'xl', fontWeight: '600', mb: '3' })
const section = css({ mb: '10' })
const muted = css({ color: 'text.muted' })
const DAY = { dateStyle: 'medium', timeZone: 'UTC' } as const

export default function Page() {
  const t = useT()
  const intl = useIntl()
  const { publisher, members, quality, datasets, formats } = useData<Data>()
  const portals = new Set(members.map((member) => member.portalId)).size
  return (
    <article aria-labelledby="page-title">
      <header className={css({ mb: '8' })}>
        <p className={muted}>{t('orgs.publisher')}</p>
        <h1 id="page-title" className={css({ fontSize: '2xl', fontWeight: '600', mb: '4', overflowWrap: 'anywhere' })}>
          {publisher.title}
        </h1>
        <dl className={css({ display: 'flex', flexWrap: 'wrap', gap: '6', '& dt': { fontSize: 'sm', color: 'text.muted' }, '& dd': { fontSize: 'lg', fontWeight: '600' } })}>
          <div>
            <dt>{t('ckan.datasets')}</dt>
            <dd data-testid="publisher-datasets">{intl.formatNumber(datasets.total)}</dd>
          </div>
          <div>
            <dt>{t('orgs.colPortals')}</dt>
            <dd>{intl.formatNumber(portals)}</dd>
          </div>
          <div>
            <dt>{t('orgs.averageQuality')}</dt>
            <dd>{quality.band && quality.averageScore !== null ? <BandBadge band={quality.band} score={quality.averageScore} /> : t('orgs.notRated')}</dd>
          </div>
        </dl>
      </header>
      <Members />
      <Datasets />
      <FormatsSection formats={formats} className={section} />
      <QualitySection quality={quality} className={section} />
      <Trend />
    </article>
  )
}

function Members() {
  const t = useT()
  const { members } = useData<Data>()
  return (
    <section aria-labelledby="members-heading" className={section}>
      <h2 id="members-heading" className={sectionHeading}>
        {t('orgs.members')}
      </h2>
      <p className={css({ color: 'text.muted', mb: '4', maxW: '70ch' })}>{t('orgs.membersHint', { count: members.length })}</p>
      <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}>
        {members.map((member) => (
          <li key={member.id} data-testid="member" className={css({ borderWidth: '1px', borderColor: 'border', borderRadius: 'l3', bg: 'surface', p: '4' })}>
            <h3 className={css({ fontSize: 'lg', fontWeight: '600', overflowWrap: 'anywhere' })}>{member.title}</h3>
            <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', color: 'text.muted', fontSize: 'sm', mb: '2' })}>
              <span data-testid="member-portal">{member.portalName}</span>
              {member.isDemo ? (
                <Badge size="sm" tone="info">
                  {t('ckan.demoData')}
                </Badge>
              ) : null}
              <span>· {t('common.datasetCount', { count: member.datasets })}</span>
            </p>
            {member.descriptionHtml ? (
              // Rendered on the server with raw HTML dropped and unsafe URLs removed (lib/markdown/SafeMarkdown.tsx).
              <div className={prose} dangerouslySetInnerHTML={{ __html: member.descriptionHtml }} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Datasets() {
  const t = useT()
  const { publisher, datasets } = useData<Data>()
  const hrefFor = (page: number) => `/organizations/${encodeURIComponent(publisher.id)}${page > 1 ? `?page=${page}` : ''}#datasets-heading`
  return (
    <ScopeDatasets
      datasets={datasets}
      columns={['portal', 'quality', 'modified']}
      hrefFor={hrefFor}
      rowTestId="publisher-dataset"
      emptyText={datasets.total > 0 ? t('orgs.pastLastPage') : t('common.noData')}
      className={section}
    />
  )
}

function Trend() {
  const t = useT()
  const intl = useIntl()
  const { trend } = useData<Data>()
  const series = new Map<string, LineSeries>()
  for (const point of trend) {
    const line = series.get(point.portalId) ?? { key: point.portalId, label: point.portalName, points: [] }
    line.points.push({ at: point.at, value: point.averageScore, display: point.averageScore === null ? '–' : intl.formatNumber(point.averageScore) })
    series.set(point.portalId, line)
  }
  return (
    <section aria-labelledby="trend-heading" className={section}>
      <h2 id="trend-heading" className={sectionHeading}>
        {t('orgs.trend')}
      </h2>
      {trend.length === 0 ? (
        <p className={muted}>{t('common.noData')}</p>
      ) : (
        <>
          <p className={css({ color: 'text.muted', mb: '3', maxW: '70ch' })}>{t('orgs.trendHint')}</p>
          <LineChart
            testId="quality-trend"
            title={t('orgs.trendCaption')}
            series={[...series.values()]}
            yMax={MQA_MAX}
            yTicks={[0, 100, 200, 300, 400]}
            formatY={(value) => intl.formatNumber(value)}
            // UTC on the server and in the browser alike, so the two renders agree.
            formatDate={(date) => intl.formatDate(date, DAY)}
            seriesHeader={t('ckan.portal')}
            dateHeader={t('orgs.colAnalysed')}
            valueHeader={t('orgs.colAverageScore')}
          />
        </>
      )}
    </section>
  )
}

const prose = css({
  fontSize: 'sm',
  overflowWrap: 'anywhere',
  '& p, & ul, & ol': { mb: '2' },
  '& ul': { listStyleType: 'disc', pl: '5' },
  '& ol': { listStyleType: 'decimal', pl: '5' },
  '& h4, & h5, & h6': { fontWeight: '600', mt: '3', mb: '1' },
})
