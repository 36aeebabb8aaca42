import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { AnalysisFilterForm } from '../../features/quality/AnalysisFilterForm.tsx'
import { AsOf, NothingAnalysed, SectionBlock, SectionFailed } from '../../features/quality/AnalysisParts.tsx'
import { analysisHref, hasFilters } from '../../lib/url-state/analysis-href.ts'
import { PublishersSection } from './PublishersSection.tsx'
import { QualityOverview } from './QualityOverview.tsx'
import { WorstDatasets } from './WorstDatasets.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { query, options, summary, worst, publishers } = useData<Data>()
  const here = analysisHref('/data-quality', query)
  const portalNames = new Map(options.portals.map((portal) => [portal.id, portal.name]))
  if (summary.ok) for (const portal of summary.value.byPortal) portalNames.set(portal.instanceId, portal.name)
  // Nothing analysed at all (not merely nothing for these filters): point to where harvests start.
  const nothing = summary.ok && summary.value.asOf === null && !hasFilters(query)
  return (
    <div className={css({ display: 'grid', gap: '8' })}>
      <PageIntro title={t('pages.dataQualityTitle')} description={t('pages.dataQualityDescription')}>
        {summary.ok && summary.value.asOf ? <AsOf label={t('quality.asOf')} date={summary.value.asOf} /> : null}
      </PageIntro>
      {nothing ? (
        <NothingAnalysed text={t('quality.nothingAnalysed')} linkText={t('quality.goToInstances')} />
      ) : (
        <>
          <AnalysisFilterForm action="/data-quality" query={query} options={options} />
          {summary.ok ? (
            <QualityOverview summary={summary.value} query={query} />
          ) : (
            <SectionBlock id="quality-overview" title={t('quality.overviewTitle')}>
              <SectionFailed retryHref={here} />
            </SectionBlock>
          )}
          <SectionBlock id="worst-datasets" title={t('quality.worstTitle')} lead={t('quality.worstLead')} testId="worst-datasets">
            {worst.ok ? <WorstDatasets items={worst.value} portalNames={portalNames} /> : <SectionFailed retryHref={here} />}
          </SectionBlock>
          <SectionBlock id="publishers" title={t('quality.publishersTitle')} lead={t('quality.publishersLead')} testId="publishers">
            {publishers.ok ? <PublishersSection list={publishers.value} query={query} /> : <SectionFailed retryHref={here} />}
          </SectionBlock>
        </>
      )}
    </div>
  )
}
