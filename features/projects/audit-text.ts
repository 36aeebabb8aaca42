import { CASE_STATES, PROJECT_ROLES, caseKey } from '../../lib/domain/test-management.ts'
import type { MessageKey } from '../../lib/i18n/catalog.ts'
import type { Translate } from '../../lib/i18n/intl.ts'
import { fieldTypeText } from './custom-field-drafts.ts'

// The audit log in sentences people read: "Added Tomáš Tester as tester". The server keeps each event as an entity, an
// action and a free-form detail (server/queries/*.server.ts write them); a page's +data reduces the detail to the few
// facts a sentence names (a bulk edit's thousand case ids become a count), and the page words them in the user's
// language. The actor is shown beside the sentence, not in it: Czech verbs take the actor's gender, which we do not know.

export type AuditFacts = { [name: string]: string | number }

/** One event as the pages get it. */
export type AuditView = { id: number; at: Date; actor: string | null; entity: string; action: string; facts: AuditFacts }

/** What the server's audit log answers (projects.byId `activity`, projects.debug `audit`). */
export type AuditEvent = { id: number; at: Date; actorName: string | null; entity: string; action: string; detail: unknown }

const MAX_TEXT = 200

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value
}

function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** The facts of an event that its sentence names; `projectKey` makes case numbers into keys (`PRG-12`). */
export function auditFacts(event: Pick<AuditEvent, 'detail'>, projectKey: string): AuditFacts {
  const detail = record(event.detail)
  const facts: AuditFacts = {}
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined) facts[name] = value
  }
  for (const name of ['name', 'key', 'title', 'label', 'type', 'role', 'from', 'kind'] as const) put(name, text(detail[name]))
  for (const name of ['created', 'updated', 'refused', 'sections', 'cases'] as const) put(name, whole(detail[name]))
  const number = whole(detail.number)
  if (number !== undefined) facts.case = caseKey(projectKey, number)
  if (detail.left === true) facts.left = 1
  if (typeof detail.description === 'string') facts.description = 1
  const state = record(detail.state)
  put('stateFrom', text(state.from))
  put('stateTo', text(state.to))
  if (Array.isArray(detail.portalIds)) facts.count = detail.portalIds.length
  if (Array.isArray(detail.caseIds)) facts.count = detail.caseIds.length
  put('change', text(record(detail.change).kind))
  return facts
}

/** The view of an event for a page. */
export function auditView(event: AuditEvent, projectKey: string): AuditView {
  return { id: event.id, at: event.at, actor: event.actorName, entity: event.entity, action: event.action, facts: auditFacts(event, projectKey) }
}

const BULK_CHANGES = ['priority', 'state', 'addTags', 'removeTags', 'folder', 'addToSuite'] as const

function oneOf<T extends string>(list: readonly T[], value: string | number | undefined): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}

/** A role or state in words; an unknown value as it came. */
function roleText(t: Translate, value: string | number | undefined): string {
  return oneOf(PROJECT_ROLES, value) ? t(`projects.role_${value}`) : String(value ?? '?')
}
function stateText(t: Translate, value: string | number | undefined): string {
  return oneOf(CASE_STATES, value) ? t(`projects.state_${value}`) : String(value ?? '?')
}

/** The event in one sentence, in the language of `t`. */
export function auditSentence(event: Pick<AuditView, 'entity' | 'action' | 'facts'>, t: Translate): string {
  const f = event.facts
  const str = (name: string) => String(f[name] ?? '')
  const num = (name: string) => (typeof f[name] === 'number' ? f[name] : 0)
  const say = (key: MessageKey, values?: Record<string, string | number>) => t(key, values)
  switch (`${event.entity}:${event.action}`) {
    case 'project:created':
      return say('projects.audit_projectCreated', { name: str('name'), key: str('key') })
    case 'project:updated':
      if (f.name !== undefined) return say('projects.audit_projectRenamed', { name: str('name') })
      if (f.key !== undefined) return say('projects.audit_projectKeyChanged', { key: str('key') })
      return say('projects.audit_projectUpdated')
    case 'member:added':
      return say('projects.audit_memberAdded', { name: str('name'), role: roleText(t, f.role) })
    case 'member:role-changed':
      return f.from === undefined
        ? say('projects.audit_memberRoleSet', { name: str('name'), role: roleText(t, f.role) })
        : say('projects.audit_memberRoleChanged', { name: str('name'), from: roleText(t, f.from), role: roleText(t, f.role) })
    case 'member:removed':
      return f.left ? say('projects.audit_memberLeft', { name: str('name') }) : say('projects.audit_memberRemoved', { name: str('name') })
    case 'portal:targets-changed':
      return say('projects.audit_portalsChanged', { count: num('count') })
    case 'field:created':
      return say('projects.audit_fieldCreated', { label: str('label'), type: fieldTypeText(t, f.type) })
    case 'field:updated':
      return say('projects.audit_fieldUpdated', { label: str('label') })
    case 'field:deleted':
      return say('projects.audit_fieldDeleted')
    case 'shared-step:created':
      return say('projects.audit_sharedStepCreated', { title: str('title') })
    case 'shared-step:updated':
      return say('projects.audit_sharedStepUpdated', { title: str('title') })
    case 'shared-step:deleted':
      return say('projects.audit_sharedStepDeleted', { title: str('title') })
    case 'case:created':
      return say('projects.audit_caseCreated', { case: str('case'), title: str('title') })
    case 'case:imported':
      return f.case !== undefined
        ? say('projects.audit_caseImportedOne', { case: str('case'), title: str('title') })
        : say('projects.audit_caseImported', { created: num('created'), updated: num('updated'), refused: num('refused') })
    case 'case:updated':
      return say('projects.audit_caseUpdated', { case: str('case'), title: str('title') })
    case 'case:state-changed':
      return say('projects.audit_caseStateChanged', { case: str('case'), title: str('title'), from: stateText(t, f.stateFrom), to: stateText(t, f.stateTo) })
    case 'case:deleted':
      return say('projects.audit_caseDeleted', { count: num('count') })
    case 'case:bulk-updated':
      return say('projects.audit_caseBulkUpdated', { count: num('count'), change: oneOf(BULK_CHANGES, f.change) ? t(`projects.bulkChange_${f.change}`) : str('change') })
    case 'case:restored':
      return say('projects.audit_caseRestored')
    case 'suite:created':
      return say('projects.audit_suiteCreated', { name: str('name') })
    case 'suite:updated':
      return f.name === undefined ? say('projects.audit_suiteUpdatedUnnamed') : say('projects.audit_suiteUpdated', { name: str('name') })
    case 'suite:deleted':
      return say('projects.audit_suiteDeleted', { name: str('name') })
    case 'suite:reordered':
      return say('projects.audit_suiteReordered')
    case 'suite:cases-added':
      return say('projects.audit_suiteCasesAdded', { count: num('count') })
    default:
      return say('projects.audit_other', { entity: event.entity, action: event.action })
  }
}
