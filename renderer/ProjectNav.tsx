import { usePageContext } from 'vike-react/usePageContext'
import { css, cx } from '../styled-system/css'
import { useT } from '../lib/i18n/I18nProvider.tsx'
import type { MessageKey } from '../lib/i18n/catalog.ts'
import { projectHref, sectionOfPath, sectionsFor, type ProjectFrame, type ProjectSection } from '../lib/routing/project-links.ts'

const SECTION_LABELS: Record<ProjectSection, MessageKey> = {
  overview: 'navigation.projectOverview',
  cases: 'navigation.testCases',
  suites: 'navigation.testSuites',
  runs: 'navigation.testRuns',
  reports: 'navigation.reports',
  settings: 'navigation.projectSettings',
  debug: 'navigation.projectDebug',
}

const link = css({
  display: 'block',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  color: 'text',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { bg: 'surface.hover' },
  '&[aria-current=page]': { fontWeight: '600', color: 'primary.text', bg: 'primary.subtle' },
})

const summary = css({
  listStyle: 'none',
  cursor: 'pointer',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  bg: 'surface',
  fontWeight: '600',
  _hover: { bg: 'surface.hover' },
  '&::-webkit-details-marker': { display: 'none' },
})

const keyChip = css({ fontFamily: 'mono', fontSize: 'xs', px: '1.5', py: '0.5', borderRadius: 'l1', bg: 'primary.subtle', color: 'primary.text', flexShrink: 0 })

/** The project switcher: links to the same section of each of the user's projects (a disclosure, no script needed). */
function ProjectSwitcher({ frame, section }: { frame: ProjectFrame; section: ProjectSection | null }) {
  const t = useT()
  const current = frame.project
  return (
    <details className={css({ position: 'relative' })} data-testid="project-switcher">
      <summary className={summary}>
        {current ? <span className={keyChip}>{current.key}</span> : null}
        <span className={css({ flex: '1', minW: '0', overflowWrap: 'anywhere' })}>{current ? current.name : t('navigation.chooseProject')}</span>
        <span className={css({ srOnly: true })}>{t('navigation.switchProject')}</span>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
          <path d="M7 10l5 5 5-5z" />
        </svg>
      </summary>
      <ul className={css({ listStyle: 'none', p: '1', mt: '1', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface', maxH: '60vh', overflowY: 'auto' })}>
        {frame.projects.map((project) => (
          <li key={project.id}>
            <a href={projectHref(section && section !== 'debug' ? section : 'overview', project.id)} className={link} aria-current={project.id === current?.id ? 'true' : undefined}>
              <span className={keyChip}>{project.key}</span> {project.name}
            </a>
          </li>
        ))}
        <li>
          <a href="/projects" className={link}>
            {t('navigation.allProjects')}
          </a>
        </li>
        <li>
          <a href="/projects/new" className={link}>
            {t('navigation.newProject')}
          </a>
        </li>
      </ul>
    </details>
  )
}

function SectionLinks({ frame, section }: { frame: ProjectFrame; section: ProjectSection | null }) {
  const t = useT()
  const project = frame.project
  if (!project) return null
  return (
    <ul className={css({ listStyle: 'none', p: '0', display: 'grid', gap: '0.5' })}>
      {sectionsFor(project.role).map((item) => (
        <li key={item}>
          <a href={projectHref(item, project.id)} className={link} aria-current={item === section ? 'page' : undefined} data-section={item}>
            {t(SECTION_LABELS[item])}
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * The side navigation of the dashboard layout: the project switcher and the project's sections. From 960 px it is a
 * column beside the page; below, the same links fold into one disclosure above the page, so a phone shows them all
 * on demand and nothing overflows.
 */
export function ProjectNav({ frame }: { frame: ProjectFrame }) {
  const t = useT()
  const { urlPathname } = usePageContext()
  const section = sectionOfPath(urlPathname)
  const label = frame.project ? t('navigation.projectLabelNamed', { name: frame.project.name }) : t('navigation.projectLabel')
  return (
    <>
      <nav aria-label={label} data-testid="project-nav" className={css({ display: { base: 'none', md: 'grid' }, alignContent: 'start', gap: '4', w: '64', flexShrink: 0, p: '4', borderRightWidth: '1px', borderRightStyle: 'solid', borderColor: 'border', position: 'sticky', top: '16', maxH: 'calc(100vh - 4rem)', overflowY: 'auto' })}>
        <ProjectSwitcher frame={frame} section={section} />
        <SectionLinks frame={frame} section={section} />
      </nav>
      <nav aria-label={label} data-testid="project-nav-compact" className={css({ display: { base: 'block', md: 'none' }, px: '4', pt: '4' })}>
        <details>
          <summary className={cx(summary, css({ justifyContent: 'space-between' }))}>
            {frame.project ? <span className={keyChip}>{frame.project.key}</span> : null}
            <span className={css({ flex: '1', minW: '0', overflowWrap: 'anywhere' })}>
              {frame.project ? `${frame.project.name}${section ? ` · ${t(SECTION_LABELS[section])}` : ''}` : t('navigation.chooseProject')}
            </span>
            <span className={css({ srOnly: true })}>{t('navigation.projectMenu')}</span>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
              <path d="M7 10l5 5 5-5z" />
            </svg>
          </summary>
          <div className={css({ display: 'grid', gap: '3', mt: '2', p: '2', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface' })}>
            <SectionLinks frame={frame} section={section} />
            <ProjectSwitcher frame={frame} section={section} />
          </div>
        </details>
      </nav>
    </>
  )
}
