import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { AnalysisFilterForm } from '../../features/quality/AnalysisFilterForm.tsx'
import { AsOf, NothingAnalysed, SectionFailed } from '../../features/quality/AnalysisParts.tsx'
import { analysisHref, hasFilters } from '../../lib/url-state/analysis-href.ts'
import { FormatDetailView } from './FormatDetailView.tsx'
import { FormatsOverview } from './FormatsOverview.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const data = useData<Data>()
  const { query, options, summary, format } = data
  const here = analysisHref('/data-formats', query, { format, page: data.page })
  // Nothing analysed at all (not merely nothing for these filters): point to where harvests start.
  const nothing = summary.ok && summary.value.asOf === null && !hasFilters(query)
  return (
    <div className={css({ display: 'grid', gap: '8' })}>
      <PageIntro title={t('pages.dataFormatsTitle')} description={t('pages.dataFormatsDescription')}>
        {summary.ok && summary.value.asOf ? <AsOf label={t('quality.asOf')} date={summary.value.asOf} /> : null}
      </PageIntro>
      {nothing ? (
        <NothingAnalysed text={t('quality.nothingAnalysed')} linkText={t('quality.goToInstances')} />
      ) : (
        <>
          <AnalysisFilterForm action="/data-formats" query={query} options={options} keep={{ format }} />
          {data.unknownFormat ? (
            <p role="status" className={css({ color: 'warning.text' })} data-testid="unknown-format">
              {t('formats.unknownFormat', { format: data.unknownFormat })}
            </p>
          ) : null}
          {data.detail ? (
            data.detail.ok ? (
              <FormatDetailView detail={data.detail.value} query={query} portals={options.portals} />
            ) : (
              <SectionFailed retryHref={here} />
            )
          ) : summary.ok ? (
            <FormatsOverview summary={summary.value} rawValues={data.rawValues} query={query} retryHref={here} />
          ) : (
            <SectionFailed retryHref={here} />
          )}
        </>
      )}
    </div>
  )
}
