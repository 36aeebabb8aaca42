import { caseKey } from '../../lib/domain/test-management.ts'
import type { CaseRow } from './test-cases.server.ts'

/** What a case says: the fields its editors fill in, as the API and the project export both show them. */
export function caseFields(row: CaseRow) {
  return {
    title: row.title,
    description: row.description,
    preconditions: row.preconditions,
    steps: row.steps,
    priority: row.priority,
    type: row.type,
    state: row.state,
    tags: row.tags,
    estimateMinutes: row.estimateMinutes,
    references: row.references,
    folder: row.folder,
    target: row.target,
  }
}

/** A case as the API shows it: its key, fields, version and who last saved it. */
export function caseDto(row: CaseRow, projectKey: string) {
  return {
    id: row.id,
    projectId: row.projectId,
    key: caseKey(projectKey, row.number),
    number: row.number,
    ...caseFields(row),
    check: row.check,
    custom: row.custom,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deleted: row.deletedAt !== null,
  }
}
