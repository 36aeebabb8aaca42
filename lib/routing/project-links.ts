import { filtersToQuery, type ReportExportFormat, type ReportFilters } from '../domain/reports.ts'
import type { ProjectRole } from '../domain/test-management.ts'

// Where each part of a project lives. Project pages of the spec that carry no project in their path (`/test-cases`,
// `/test-suites`, `/test-runs`, `/reports`) take it as `?project=<id>`; the side navigation of the dashboard layout
// links to all of them, and so do the pages themselves, from these functions only.

export const PROJECT_SECTIONS = ['overview', 'cases', 'suites', 'runs', 'reports', 'settings', 'debug'] as const
export type ProjectSection = (typeof PROJECT_SECTIONS)[number]

/** The project the page is about (null on pages that are about no project yet) and the user's other projects. */
export type ProjectFrame = {
  project: { id: string; key: string; name: string; role: ProjectRole } | null
  projects: Array<{ id: string; key: string; name: string }>
}

const enc = encodeURIComponent

/** The page of a project's section. */
export function projectHref(section: ProjectSection, projectId: string): string {
  switch (section) {
    case 'overview':
      return `/projects/${enc(projectId)}`
    case 'settings':
      return `/projects/${enc(projectId)}/settings`
    case 'debug':
      return `/projects/${enc(projectId)}/debug`
    case 'cases':
      return `/test-cases?project=${enc(projectId)}`
    case 'suites':
      return `/test-suites?project=${enc(projectId)}`
    case 'runs':
      return `/test-runs?project=${enc(projectId)}`
    case 'reports':
      return reportsHref(projectId)
  }
}

export const caseHref = (caseId: string) => `/test-cases/${enc(caseId)}`
export const caseEditHref = (caseId: string) => `/test-cases/${enc(caseId)}/edit`
export const caseCreateHref = (projectId: string, folder?: string) =>
  `/test-cases/create?project=${enc(projectId)}${folder ? `&folder=${enc(folder)}` : ''}`
/** The enhanced editor for the given cases of a project, or for a new case when none are given. */
export const enhancedEditorHref = (projectId: string, caseIds: readonly string[] = []) =>
  `/test-cases/enhanced-editor?project=${enc(projectId)}${caseIds.length > 0 ? `&cases=${caseIds.map(enc).join(',')}` : ''}`
/**
 * Where a case's target is shown in the catalogue pages: a dataset on its page (a resource on its dataset's page; its
 * id is `<dataset id>#<position>`), a portal in the catalogue list, found by its name.
 */
export function targetHref(target: { kind: 'portal' | 'dataset' | 'resource'; id: string; label: string }): string {
  if (target.kind === 'portal') return `/ckan-instances?q=${enc(target.label || target.id)}`
  const datasetId = target.kind === 'resource' ? (target.id.split('#')[0] ?? target.id) : target.id
  return `/dataset/${enc(datasetId)}`
}
export const suiteHref = (projectId: string, suiteId: string) => `/projects/${enc(projectId)}/test-suites/${enc(suiteId)}`
export const suiteEditHref = (suiteId: string) => `/test-suites/${enc(suiteId)}/edit`
export const suiteCreateHref = (projectId: string) => `/test-suites/create?project=${enc(projectId)}`
/** A test run: its execution view. */
export const runHref = (runId: string) => `/test-runs/${enc(runId)}`
/** A run as a file: JUnit XML for CI, CSV for spreadsheets, JSON with every result (GET /api/test-runs/:id/export). */
/** Where a JUnit XML report is posted for a run (the XML as the body, or the run page's multipart form). */
/** `addCases`: whether cases the run does not hold may be added (absent: the server's default, which adds them). */
export function runJunitImportHref(runId: string, options: { createUnknown?: boolean; addCases?: boolean; filename?: string } = {}): string {
  const query = new URLSearchParams({
    ...(options.createUnknown ? { createUnknown: '1' } : {}),
    ...(options.addCases === undefined ? {} : { addCases: options.addCases ? '1' : '0' }),
    ...(options.filename ? { filename: options.filename } : {}),
  }).toString()
  return `/api/test-runs/${enc(runId)}/import-junit${query ? `?${query}` : ''}`
}
export const runExportHref = (runId: string, format: 'junit' | 'csv' | 'json') => `/api/test-runs/${enc(runId)}/export?format=${format}`
/** The form that starts a run in a project, from the given suite when one is named. */
export const runStartHref = (projectId: string, suiteId?: string) => `/test-runs?project=${enc(projectId)}&start=1${suiteId ? `&suite=${enc(suiteId)}` : ''}`
/** The project's runs in one state, or all of them. */
export const runListHref = (projectId: string, state?: string | null) => `/test-runs?project=${enc(projectId)}${state ? `&state=${enc(state)}` : ''}`
/** A project's reports, with the given filters (the defaults left out of the address). */
export function reportsHref(projectId: string, filters?: ReportFilters): string {
  const query = filters ? filtersToQuery(filters) : ''
  return `/reports?project=${enc(projectId)}${query ? `&${query}` : ''}`
}
/** A project's report as a file for the same filters (GET /api/reports/export). */
export function reportExportHref(projectId: string, format: ReportExportFormat, filters: ReportFilters): string {
  const query = filtersToQuery(filters)
  return `/api/reports/export?project=${enc(projectId)}&format=${format}${query ? `&${query}` : ''}`
}
/** The debug page with the audit log from before an event (older events), or from the newest. */
export const projectDebugHref = (projectId: string, before?: number | null) => `/projects/${enc(projectId)}/debug${before ? `?before=${before}` : ''}`
/** The owner's JSON export of a whole project, served as a file download (server/project-export.server.ts). */
export const projectExportHref = (projectId: string) => `/api/projects/${enc(projectId)}/export`

/** The section a path belongs to, for marking the current item of the side navigation. */
export function sectionOfPath(pathname: string): ProjectSection | null {
  if (/^\/projects\/[^/]+\/settings$/.test(pathname)) return 'settings'
  if (/^\/projects\/[^/]+\/debug$/.test(pathname)) return 'debug'
  if (/^\/projects\/[^/]+\/test-suites\//.test(pathname) || pathname.startsWith('/test-suites')) return 'suites'
  if (pathname.startsWith('/test-cases')) return 'cases'
  if (pathname.startsWith('/test-runs')) return 'runs'
  if (pathname.startsWith('/reports')) return 'reports'
  if (/^\/projects\/[^/]+$/.test(pathname) && pathname !== '/projects/new') return 'overview'
  return null
}

/** The sections a role sees: owners also get the debug view; everyone else sees the rest. */
export function sectionsFor(role: ProjectRole): ProjectSection[] {
  return PROJECT_SECTIONS.filter((section) => section !== 'debug' || role === 'owner')
}

/** The page an invitation's one-time link opens (docs/decisions/028-invitations.md). */
export function invitationHref(token: string): string {
  return `/invitation?token=${enc(token)}`
}

/** Signing up or in on the way to joining through an invitation: the link's token and the invited address go along. */
export function invitationAuthHref(kind: 'signup' | 'login', token: string, email: string): string {
  return `/auth/${kind}?${new URLSearchParams({ invitation: token, email }).toString()}`
}

/**
 * Where signing in or up from an invitation leads: the project when it joined, else the invitation's page again (it
 * says why: another address), else where the sign-in was going anyway.
 */
export function afterInvitedSignIn(joinedProjectId: string | null, invitation: string | undefined, redirect: string): string {
  if (joinedProjectId) return projectHref('overview', joinedProjectId)
  return invitation ? invitationHref(invitation) : redirect
}
