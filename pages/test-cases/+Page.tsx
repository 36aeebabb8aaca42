import { useData } from 'vike-react/useData'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Button } from '../../components/ui/button.tsx'
import { CaseListPage } from '../../features/test-cases/CaseListPage.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { css } from '../../styled-system/css'
import type { Data } from './+data.ts'

export default function Page() {
  const t = useT()
  const { frame, query, list } = useData<Data>()
  if (!list || !frame.project) {
    return (
      <PageIntro title={t('pages.testCasesTitle')} description={t('pages.testCasesDescription')}>
        <div data-testid="cases-no-projects" className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
          <p className={css({ fontWeight: '600' })}>{t('cases.noProjects')}</p>
          <p className={css({ color: 'text.muted' })}>{t('cases.noProjectsHint')}</p>
          <Button asChild>
            <a href="/projects/new">{t('cases.createProject')}</a>
          </Button>
        </div>
      </PageIntro>
    )
  }
  // The list is this page's data only: a new filter, sort or page is a client-side navigation that runs +data again,
  // and the same component stays mounted through it (selection, notices, open panels), keyed by the project.
  return <CaseListPage key={frame.project.id} projectId={frame.project.id} data={{ query, list }} />
}
