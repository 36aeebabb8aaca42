import { css } from '../../styled-system/css'
import { PageIntro } from '../../components/PageIntro.tsx'

const ENTRY_POINTS = [
  { href: '/ckan-instances', title: 'CKAN Instances', text: 'The catalogues watched, their health and harvests.' },
  { href: '/ckan-explorer', title: 'CKAN Explorer', text: 'Search datasets across catalogues at once.' },
  { href: '/organizations', title: 'Organizations', text: 'Publishers across catalogues, merged where they are the same.' },
  { href: '/data-formats', title: 'Data Formats', text: 'Which formats are published, and how open they are.' },
  { href: '/data-quality', title: 'Data Quality', text: 'Metadata quality scores, and what to fix first.' },
  { href: '/regional-analysis', title: 'Regional Analysis', text: 'Datasets by Czech region and by country.' },
]

export default function Page() {
  return (
    <PageIntro title="Portalscope" description="Explore open-data catalogues that run CKAN, and test them.">
      <ul className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '4', listStyle: 'none', p: '0' })}>
        {ENTRY_POINTS.map((entry) => (
          <li key={entry.href} className={css({ bg: 'surface', border: '1px solid', borderColor: 'border', borderRadius: 'xl', p: '4' })}>
            <a href={entry.href} className={css({ fontWeight: '600', color: 'primary' })}>
              {entry.title}
            </a>
            <p className={css({ color: 'muted', mt: '1' })}>{entry.text}</p>
          </li>
        ))}
      </ul>
    </PageIntro>
  )
}
