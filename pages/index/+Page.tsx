import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Badge } from '../../components/ui/badge.tsx'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { formatNameKey } from '../../lib/i18n/format-names.ts'
import { HomeMap } from '../../features/map/HomeMap.tsx'
import { HealthBadge } from '../../features/portals/HealthBadge.tsx'
import { BandBadge } from '../../features/quality/BandBadge.tsx'
import { indicatorKey } from '../../features/quality/mqa-text.ts'
import { HEALTH_STATUSES } from '../../features/portals/health.ts'
import type { Section } from '../../lib/section.ts'
import type { Data } from './+data.ts'
import { KrajMap } from './KrajMap.tsx'
import { NoData, Panel, SectionBody } from './Panel.tsx'

const ENTRY_POINTS: { href: string; title: MessageKey; text: MessageKey }[] = [
  { href: '/ckan-explorer', title: 'pages.ckanExplorerTitle', text: 'pages.homeExplorer' },
  { href: '/ckan-instances', title: 'pages.ckanInstancesTitle', text: 'pages.homeInstances' },
  { href: '/organizations', title: 'pages.organizationsTitle', text: 'pages.homeOrganizations' },
  { href: '/data-formats', title: 'pages.dataFormatsTitle', text: 'pages.homeFormats' },
  { href: '/data-quality', title: 'pages.dataQualityTitle', text: 'pages.homeQuality' },
  { href: '/regional-analysis', title: 'pages.regionalAnalysisTitle', text: 'pages.homeRegions' },
]

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } })
const bigNumber = css({ fontSize: '3xl', fontWeight: '700', lineHeight: '1.1', fontVariantNumeric: 'tabular-nums' })
const muted = css({ color: 'text.muted', fontSize: 'sm' })
const plainList = css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '2' })

export default function Page() {
  const t = useT()
  const data = useData<Data>()
  return (
    <PageIntro title={t('pages.homeTitle')} description={t('pages.homeDescription')}>
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        <HomeMap meta={data.homeMap.meta} firstView={data.homeMap.firstView} basemap={data.homeMap.basemap} picture={data.homeMap.picture} />
        {data.demo.registered || data.demo.analysed ? (
          <FormAlert tone="info">
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <Badge tone="info" variant="solid">
                {t('ckan.demoData')}
              </Badge>
              {t('overview.demoNotice')}
            </span>
          </FormAlert>
        ) : null}
        <Totals totals={data.totals} demo={data.demo.analysed} />
        <div className={grid}>
          <HealthPanel health={data.health} />
          <QualityPanel quality={data.quality} />
          <FormatsPanel formats={data.formats} />
        </div>
        <RegionsPanel regions={data.regions} map={data.map} />
        <Explore />
      </div>
    </PageIntro>
  )
}

function Totals({ totals, demo }: { totals: Data['totals']; demo: boolean }) {
  const t = useT()
  const intl = useIntl()
  const items: Array<{ key: keyof Data['totals']; label: MessageKey }> = [
    { key: 'portals', label: 'overview.totalPortals' },
    { key: 'datasets', label: 'overview.totalDatasets' },
    { key: 'resources', label: 'overview.totalResources' },
    { key: 'publishers', label: 'overview.totalPublishers' },
  ]
  return (
    <Panel title={t('overview.totalsTitle')} testId="overview-totals">
      <dl className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } })}>
        {items.map((item) => {
          const section = totals[item.key] as Section<number>
          return (
            <div key={item.key} className={css({ display: 'flex', flexDirection: 'column-reverse', gap: '1' })}>
              <dt className={muted}>{t(item.label)}</dt>
              <dd className={bigNumber} data-testid={`total-${item.key}`}>
                {section.ok ? intl.formatNumber(section.value) : <span className={css({ fontSize: 'md', fontWeight: '400', color: 'error.text' })}>{section.error ?? t('overview.sectionError')}</span>}
              </dd>
            </div>
          )
        })}
      </dl>
      {demo ? <p className={muted}>{t('overview.totalsDemo')}</p> : null}
    </Panel>
  )
}

function HealthPanel({ health }: { health: Data['health'] }) {
  const t = useT()
  const intl = useIntl()
  return (
    <Panel title={t('overview.healthTitle')} more={{ href: '/ckan-instances', label: t('overview.healthMore') }} testId="overview-health">
      <SectionBody section={health}>
        {({ counts, problems, moreProblems }) => (
          <>
            <ul className={css({ listStyle: 'none', p: '0', display: 'flex', flexWrap: 'wrap', gap: '2' })}>
              {HEALTH_STATUSES.filter((status) => counts[status] > 0).map((status) => (
                <li key={status}>
                  <a href={`/ckan-instances?health=${status}`} className={css({ textDecoration: 'none' })}>
                    <HealthBadge status={status} size="lg">
                      <span className={css({ fontWeight: '700' })}> {intl.formatNumber(counts[status])}</span>
                      <span className={css({ srOnly: true })}> {t('overview.portalsWord', { count: counts[status] })}</span>
                    </HealthBadge>
                  </a>
                </li>
              ))}
            </ul>
            {Object.values(counts).every((count) => count === 0) ? <NoData /> : null}
            {problems.length === 0 ? (
              Object.values(counts).some((count) => count > 0) ? <p className={muted}>{t('overview.healthNoProblems')}</p> : null
            ) : (
              <>
                <h3 className={css({ fontSize: 'md', fontWeight: '600' })}>{t('overview.problemsTitle')}</h3>
                <ul className={plainList}>
                  {problems.map((portal) => (
                    <li key={portal.id} data-testid="problem-portal" data-health={portal.status}>
                      <span className={css({ fontWeight: '500' })}>{portal.name}</span>{' '}
                      <HealthBadge status={portal.status} size="sm" />
                      <span className={css({ display: 'block', fontSize: 'sm', color: 'text.muted' })}>
                        {portal.status === 'down'
                          ? (portal.error ?? t('portals.reasonUnknown'))
                          : portal.responseMs !== null
                            ? t('portals.responseTime', { ms: intl.formatNumber(portal.responseMs) })
                            : null}
                      </span>
                    </li>
                  ))}
                </ul>
                {moreProblems > 0 ? <p className={muted}>{t('overview.moreProblems', { count: moreProblems })}</p> : null}
              </>
            )}
          </>
        )}
      </SectionBody>
    </Panel>
  )
}

function QualityPanel({ quality }: { quality: Data['quality'] }) {
  const t = useT()
  const intl = useIntl()
  return (
    <Panel title={t('overview.qualityTitle')} more={{ href: '/data-quality', label: t('overview.qualityMore') }} testId="overview-quality">
      <SectionBody section={quality}>
        {(value) =>
          value.averageScore === null ? (
            <NoData />
          ) : (
            <>
              <div>
                <p className={muted}>{t('overview.averageScore')}</p>
                <p className={css({ display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' })}>
                  <span className={bigNumber} data-testid="average-score">
                    {intl.formatNumber(value.averageScore)}
                  </span>
                  <span className={muted}>{t('overview.scoreMax')}</span>
                  {value.band ? <BandBadge band={value.band} /> : null}
                </p>
              </div>
              {value.mostFailed ? (
                <div>
                  <p className={muted}>{t('overview.mostFailed')}</p>
                  <p>
                    <span className={css({ fontWeight: '600' })}>{t(indicatorKey(value.mostFailed.indicator))}</span>{' '}
                    <span className={muted}>{t('overview.failedShare', { share: intl.formatNumber(value.mostFailed.share, { style: 'percent', maximumFractionDigits: 0 }) })}</span>
                  </p>
                </div>
              ) : null}
            </>
          )
        }
      </SectionBody>
    </Panel>
  )
}

function FormatsPanel({ formats }: { formats: Data['formats'] }) {
  const t = useT()
  const intl = useIntl()
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 1 })
  return (
    <Panel title={t('overview.formatsTitle')} more={{ href: '/data-formats', label: t('overview.formatsMore') }} testId="overview-formats">
      <SectionBody section={formats}>
        {(value) =>
          value.top.length === 0 ? (
            <NoData />
          ) : (
            <>
              <div className={css({ display: 'flex', gap: '6', flexWrap: 'wrap' })}>
                {value.machineReadableShare !== null ? (
                  <div>
                    <p className={bigNumber}>{percent(value.machineReadableShare)}</p>
                    <p className={muted}>{t('overview.machineReadable')}</p>
                  </div>
                ) : null}
                {value.openStandardShare !== null ? (
                  <div>
                    <p className={bigNumber}>{percent(value.openStandardShare)}</p>
                    <p className={muted}>{t('overview.openStandard')}</p>
                  </div>
                ) : null}
              </div>
              <h3 className={css({ fontSize: 'md', fontWeight: '600' })}>{t('overview.topFormats')}</h3>
              <ol className={plainList}>
                {value.top.map((format) => (
                  <li key={format.format} className={css({ display: 'grid', gap: '1' })}>
                    <span className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
                      <span className={css({ fontWeight: '500' })}>{t(formatNameKey(format.format))}</span>
                      <span className={css({ color: 'text.muted', fontVariantNumeric: 'tabular-nums' })}>{percent(format.share)}</span>
                    </span>
                    <span aria-hidden="true" className={css({ display: 'block', h: '1.5', borderRadius: 'full', bg: 'surface.raised', overflow: 'hidden' })}>
                      <span className={css({ display: 'block', h: 'full', bg: 'primary' })} style={{ width: `${Math.max(1, Math.round(format.share * 1000) / 10)}%` }} />
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )
        }
      </SectionBody>
    </Panel>
  )
}

function RegionsPanel({ regions, map }: { regions: Data['regions']; map: Data['map'] }) {
  const t = useT()
  return (
    <Panel title={t('overview.regionsTitle')} more={{ href: '/regional-analysis', label: t('overview.regionsMore') }} testId="overview-regions">
      <SectionBody section={regions}>
        {(value) =>
          value.datasets === 0 ? (
            <NoData />
          ) : (
            <>
              <KrajMap map={map} regions={value.regions} bins={value.bins} />
              <p data-testid="no-extent">{t('overview.noExtent', { count: value.noExtent })}</p>
            </>
          )
        }
      </SectionBody>
    </Panel>
  )
}

function Explore() {
  const t = useT()
  return (
    <section aria-labelledby="explore-title">
      <h2 id="explore-title" className={css({ fontSize: 'lg', fontWeight: '600', mb: '3' })}>
        {t('overview.exploreTitle')}
      </h2>
      <ul className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '4', listStyle: 'none', p: '0' })}>
        {ENTRY_POINTS.map((entry) => (
          <li key={entry.href} className={css({ position: 'relative', bg: 'surface', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l3', boxShadow: 'e1', p: '4', _hover: { borderColor: 'border.strong' } })}>
            <h3 className={css({ fontWeight: '600' })}>
              <a href={entry.href} className={css({ color: 'primary.text' })}>
                {t(entry.title)}
              </a>
            </h3>
            <p className={css({ color: 'text.muted', mt: '1', fontSize: 'sm' })}>{t(entry.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
