import { describe, expect, it } from 'vitest'
import { DEFAULT_CHECK, type CaseCheck } from '../../lib/domain/checks.ts'
import { CaseCheckSchema } from '../../lib/forms/check-schemas.ts'
import { checkComparable, checkDraftFrom, checkFromDraft, defaultCheckDraft } from './check-draft.ts'
import { checkFields, checkParameters } from './check-fields.ts'
import { minimumRange } from './check-range.ts'

const csv: CaseCheck = { ...DEFAULT_CHECK, type: 'csv-valid', dataset: 'jizdni-rady', columns: ['id', 'name'], tableSchema: '{"fields":[]}', maxErrors: 5 }

describe('check drafts', () => {
  it('round-trips a check through the texts the editor holds', () => {
    const draft = checkDraftFrom(csv)
    expect(draft).toMatchObject({ columns: 'id, name', maxErrors: '5', limit: '50' })
    expect(checkFromDraft(draft)).toEqual({ check: csv, numberErrors: {} })
  })

  it('names numbers that are not numbers, only for fields the type shows', () => {
    const draft = { ...checkDraftFrom({ ...DEFAULT_CHECK, type: 'modified-within', dataset: 'a' }), days: '3.5', minimum: 'lots' }
    const { check, numberErrors } = checkFromDraft(draft)
    expect(numberErrors).toEqual({ days: 'validation.integer' })
    expect(check.minimum).toBe(DEFAULT_CHECK.minimum)
    const mqa = checkFromDraft({ ...draft, type: 'mqa-at-least', minimum: '120,5' })
    expect(mqa.check.minimum).toBe(120.5)
    expect(mqa.numberErrors).toEqual({})
  })

  it('drops what another type left behind, so a hidden field never refuses a save', () => {
    const draft = { ...checkDraftFrom(csv), tableSchema: 'not json', type: 'dataset-active' as const }
    const { check } = checkFromDraft(draft)
    expect(check).toEqual({ ...DEFAULT_CHECK, dataset: 'jizdni-rady' })
    expect(CaseCheckSchema.safeParse(check).success).toBe(true)
    // The draft itself still has it, for switching back.
    expect(draft.tableSchema).toBe('not json')
  })

  it('shows only the fields a type and scope need', () => {
    expect(checkFields('portal-answers', 'single')).toEqual(['minVersion'])
    expect(checkFields('organization-datasets', 'portal-datasets')).toEqual(['organization', 'minimum'])
    expect(checkFields('dataset-active', 'single')).toEqual(['scope', 'dataset'])
    expect(checkFields('resource-format', 'organization-datasets')).toEqual(['scope', 'organization', 'format', 'limit'])
    expect(checkFields('csv-valid', 'single')).toEqual(['scope', 'dataset', 'resource', 'columns', 'tableSchema', 'maxErrors'])
    expect(checkFields('resource-reachable', 'portal-resources')).toEqual(['scope', 'format', 'limit', 'contentType'])
    expect(checkFields('metadata-present', 'portal-datasets')).toEqual(['scope', 'limit', 'fields'])
    expect(checkFields('stars-at-least', 'single')).toContain('minimum')
    expect(minimumRange('mqa-at-least')).toEqual({ min: 0, max: 405 })
    expect(minimumRange('stars-at-least')).toEqual({ min: 0, max: 5 })
    expect(minimumRange('modified-within')).toBeNull()
  })

  it('names the parameters with a value, and compares checks by what would be saved', () => {
    expect(checkParameters(csv)).toEqual([
      { field: 'dataset', value: 'jizdni-rady' },
      { field: 'columns', value: 'id, name' },
      { field: 'tableSchema', value: '{"fields":[]}' },
      { field: 'maxErrors', value: '5' },
    ])
    const draft = defaultCheckDraft()
    expect(checkComparable({ ...draft, tableSchema: 'hidden' })).toBe(checkComparable(draft))
    expect(checkComparable({ ...draft, dataset: ' a ' })).toBe(checkComparable({ ...draft, dataset: 'a' }))
    expect(checkComparable({ ...draft, dataset: 'b' })).not.toBe(checkComparable(draft))
    expect(checkComparable(null)).toBeNull()
  })
})
