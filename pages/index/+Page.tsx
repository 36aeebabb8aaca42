import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'
import type { MessageKey } from '../../features/i18n/catalog.ts'
import { useT } from '../../features/i18n/I18nProvider.tsx'

const ENTRY_POINTS: { href: string; title: MessageKey; text: MessageKey }[] = [
  { href: '/ckan-instances', title: 'pages.ckanInstancesTitle', text: 'pages.homeInstances' },
  { href: '/ckan-explorer', title: 'pages.ckanExplorerTitle', text: 'pages.homeExplorer' },
  { href: '/organizations', title: 'pages.organizationsTitle', text: 'pages.homeOrganizations' },
  { href: '/data-formats', title: 'pages.dataFormatsTitle', text: 'pages.homeFormats' },
  { href: '/data-quality', title: 'pages.dataQualityTitle', text: 'pages.homeQuality' },
  { href: '/regional-analysis', title: 'pages.regionalAnalysisTitle', text: 'pages.homeRegions' },
]

export default function Page() {
  const t = useT()
  return (
    <PageIntro title={t('pages.homeTitle')} description={t('pages.homeDescription')}>
      <ul className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '4', listStyle: 'none', p: '0' })}>
        {ENTRY_POINTS.map((entry) => (
          <li key={entry.href} className={css({ bg: 'surface', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l3', boxShadow: 'e1', p: '4' })}>
            <a href={entry.href} className={css({ fontWeight: '600', color: 'primary.text' })}>
              {t(entry.title)}
            </a>
            <p className={css({ color: 'text.muted', mt: '1' })}>{t(entry.text)}</p>
          </li>
        ))}
      </ul>
    </PageIntro>
  )
}
