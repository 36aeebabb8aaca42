import { useData } from 'vike-react/useData'
import { css } from '../../styled-system/css'
import { FormAlert } from '../../components/FormAlert.tsx'
import { PageIntro } from '../../components/PageIntro.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Card } from '../../components/ui/card.tsx'
import { RelativeTime } from '../../features/projects/RelativeTime.tsx'
import { RoleBadge } from '../../features/projects/RoleBadge.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { projectHref } from '../../lib/routing/project-links.ts'
import type { Data } from './+data.ts'

const keyChip = css({ fontFamily: 'mono', fontSize: 'xs', px: '1.5', py: '0.5', borderRadius: 'l1', bg: 'primary.subtle', color: 'primary.text', flexShrink: 0 })

// Read-only: links and text only, so the list is whole without JavaScript.
export default function Page() {
  const t = useT()
  const { ok, now, projects } = useData<Data>()
  return (
    <PageIntro title={t('pages.projectsTitle')} description={t('pages.projectsDescription')}>
      {ok && projects.length > 0 ? (
        <div className={css({ display: 'flex', justifyContent: 'flex-end', mb: '4' })}>
          <Button asChild>
            <a href="/projects/new">{t('projects.newProject')}</a>
          </Button>
        </div>
      ) : null}
      {!ok ? (
        <FormAlert tone="error">
          <p>{t('projects.listFailed')}</p>
          <p className={css({ mt: '2' })}>
            <a href="/projects">{t('common.retry')}</a>
          </p>
        </FormAlert>
      ) : projects.length === 0 ? (
        <Card.Root data-testid="projects-empty" className={css({ maxW: '40rem' })}>
          <Card.Header>
            <Card.Title asChild>
              <h2>{t('projects.emptyTitle')}</h2>
            </Card.Title>
            <Card.Description>{t('projects.emptyText')}</Card.Description>
          </Card.Header>
          <Card.Body>
            <Button asChild>
              <a href="/projects/new">{t('projects.createFirst')}</a>
            </Button>
          </Card.Body>
        </Card.Root>
      ) : (
        <ul aria-label={t('projects.listLabel')} className={css({ listStyle: 'none', p: '0', display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } })}>
          {projects.map((project) => (
            <li key={project.id} data-testid="project-card" className={css({ minW: '0' })}>
              <Card.Root className={css({ h: 'full' })}>
                <Card.Header>
                  <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <span className={keyChip}>{project.key}</span>
                    <RoleBadge role={project.role} />
                  </div>
                  <Card.Title asChild>
                    <h2 className={css({ overflowWrap: 'anywhere' })}>
                      <a href={projectHref('overview', project.id)} className={css({ color: 'text', _hover: { color: 'primary.text' } })}>
                        {project.name}
                      </a>
                    </h2>
                  </Card.Title>
                  {project.summary ? <Card.Description className={css({ lineClamp: '2', overflowWrap: 'anywhere' })}>{project.summary}</Card.Description> : null}
                </Card.Header>
                <Card.Body>
                  <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2', fontSize: 'sm' })}>
                    <Count label={t('projects.countCases')} value={project.cases} />
                    <Count label={t('projects.countSuites')} value={project.suites} />
                    <Count label={t('projects.countMembers')} value={project.members} />
                  </dl>
                  <p className={css({ mt: '3', fontSize: 'sm', color: 'text.muted' })}>
                    {project.lastActivityAt ? (
                      <>
                        {t('projects.lastActivity')} <RelativeTime at={project.lastActivityAt} now={now} />
                      </>
                    ) : (
                      t('projects.noActivity')
                    )}
                  </p>
                </Card.Body>
              </Card.Root>
            </li>
          ))}
        </ul>
      )}
    </PageIntro>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column-reverse' })}>
      <dt className={css({ color: 'text.muted' })}>{label}</dt>
      <dd className={css({ fontSize: 'xl', fontWeight: '600', fontVariantNumeric: 'tabular-nums' })}>{value}</dd>
    </div>
  )
}
