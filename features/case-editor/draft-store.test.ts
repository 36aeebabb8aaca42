import { describe, expect, it } from 'vitest'
import { emptyDraft, type CaseDraft } from './case-draft.ts'
import { defaultCheckDraft } from './check-draft.ts'
import { clearDraft, DRAFT_MAX_AGE_MS, draftKey, draftOffer, loadDraft, newDrafts, parseStoredDraft, saveDraft, type DraftStorage } from './draft-store.ts'

class MemoryStorage implements DraftStorage {
  private items = new Map<string, string>()
  full = false
  get length() {
    return this.items.size
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError')
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

const owner = { userId: 'u1', projectId: 'p1' }
const saved: CaseDraft = { ...emptyDraft(), title: 'Search finds air' }
const typed: CaseDraft = { ...saved, title: 'Search finds air quality' }

describe('drafts in localStorage', () => {
  it('keeps a draft per user, project and case, with the version it was written over', () => {
    const storage = new MemoryStorage()
    expect(saveDraft(storage, owner, { caseId: 'c1' }, { baseVersion: 3, base: saved, draft: typed }, 1000)).toBe(true)
    expect(loadDraft(storage, owner, { caseId: 'c1' })).toMatchObject({ baseVersion: 3, base: saved, draft: typed, savedAt: 1000 })
    expect(loadDraft(storage, { ...owner, userId: 'u2' }, { caseId: 'c1' })).toBeNull()
    expect(loadDraft(storage, { ...owner, projectId: 'p2' }, { caseId: 'c1' })).toBeNull()
    clearDraft(storage, owner, { caseId: 'c1' })
    expect(loadDraft(storage, owner, { caseId: 'c1' })).toBeNull()
  })

  it('drops an entry that does not parse, and says when the browser refuses to store', () => {
    const storage = new MemoryStorage()
    const key = draftKey(owner, { caseId: 'c1' })
    storage.setItem(key, '{"v":1,"draft":{"title":5}}')
    expect(loadDraft(storage, owner, { caseId: 'c1' })).toBeNull()
    expect(storage.getItem(key)).toBeNull()
    storage.full = true
    expect(saveDraft(storage, owner, { caseId: 'c1' }, { baseVersion: 1, base: saved, draft: typed })).toBe(false)
  })

  it('lists the drafts of new cases, newest first, dropping old ones', () => {
    const storage = new MemoryStorage()
    const now = DRAFT_MAX_AGE_MS * 2
    saveDraft(storage, owner, { newDraftId: 'old' }, { baseVersion: null, base: null, draft: typed }, now - DRAFT_MAX_AGE_MS - 1)
    saveDraft(storage, owner, { newDraftId: 'a' }, { baseVersion: null, base: null, draft: typed }, now - 10)
    saveDraft(storage, owner, { newDraftId: 'b' }, { baseVersion: null, base: null, draft: typed }, now - 5)
    saveDraft(storage, owner, { caseId: 'c1' }, { baseVersion: 1, base: saved, draft: typed }, now)
    saveDraft(storage, { ...owner, projectId: 'p2' }, { newDraftId: 'c' }, { baseVersion: null, base: null, draft: typed }, now)
    expect(newDrafts(storage, owner, now).map((draft) => draft.newDraftId)).toEqual(['b', 'a'])
    expect(storage.getItem(draftKey(owner, { newDraftId: 'old' }))).toBeNull()
  })

  it('offers a draft only when it differs from the saved case, noting a newer saved version', () => {
    const storage = new MemoryStorage()
    saveDraft(storage, owner, { caseId: 'c1' }, { baseVersion: 2, base: saved, draft: typed }, 1000)
    const stored = loadDraft(storage, owner, { caseId: 'c1' })
    expect(draftOffer(null, { version: 2, draft: saved }, 1000)).toEqual({ kind: 'none' })
    expect(draftOffer(stored, { version: 2, draft: typed }, 1000)).toEqual({ kind: 'same' })
    expect(draftOffer(stored, { version: 2, draft: saved }, 1000)).toMatchObject({ kind: 'offer', caseChanged: false })
    expect(draftOffer(stored, { version: 3, draft: saved }, 1000)).toMatchObject({ kind: 'offer', caseChanged: true })
  })

  it('keeps the check of an automated case, and reads drafts kept before checks existed', () => {
    const storage = new MemoryStorage()
    const automated: CaseDraft = { ...typed, type: 'automated', check: { ...defaultCheckDraft(), type: 'csv-valid', dataset: 'a', columns: 'id, name', maxErrors: '5x' } }
    saveDraft(storage, owner, { caseId: 'c1' }, { baseVersion: 1, base: saved, draft: automated }, 1000)
    expect(loadDraft(storage, owner, { caseId: 'c1' })?.draft).toEqual(automated)
    const { check: _check, ...before } = typed
    storage.setItem(draftKey(owner, { caseId: 'c2' }), JSON.stringify({ v: 1, userId: 'u1', projectId: 'p1', caseId: 'c2', newDraftId: null, baseVersion: 1, base: null, savedAt: 1000, draft: before }))
    expect(loadDraft(storage, owner, { caseId: 'c2' })?.draft).toEqual({ ...before, check: null })
  })

  it('reads back only what a draft holds, and refuses an entry with anything out of place', () => {
    const entry = { v: 1, userId: 'u1', projectId: 'p1', caseId: 'c1', newDraftId: null, baseVersion: 2, base: null, savedAt: 1000, draft: { ...typed, extra: 'x' }, other: true }
    expect(parseStoredDraft(entry)).toEqual({ v: 1, userId: 'u1', projectId: 'p1', caseId: 'c1', newDraftId: null, baseVersion: 2, base: null, savedAt: 1000, draft: typed })
    const shared = { kind: 'shared', id: 's1', sharedStepId: 'st1' } as const
    const withSteps = { ...entry, draft: { ...typed, steps: [{ kind: 'step', id: 'a', action: 'Open', data: '', expected: 'Opens', note: 'x' }, shared] } }
    expect(parseStoredDraft(withSteps)?.draft.steps).toEqual([{ kind: 'step', id: 'a', action: 'Open', data: '', expected: 'Opens' }, shared])
    const refused: unknown[] = [
      null,
      [],
      { ...entry, v: 2 },
      { ...entry, savedAt: '1000' },
      { ...entry, baseVersion: 1.5 },
      { ...entry, userId: 7 },
      { ...entry, draft: { ...typed, priority: 'urgent' } },
      { ...entry, draft: { ...typed, custom: [] } },
      { ...entry, draft: { ...typed, steps: [{ kind: 'note', id: 'a' }] } },
      { ...entry, draft: { ...typed, steps: [{ ...shared, id: '' }] } },
      { ...entry, draft: { ...typed, target: { kind: 'dataset', id: 'x'.repeat(401), label: '' } } },
      { ...entry, draft: { ...typed, title: 'x'.repeat(100_001) } },
      { ...entry, draft: { ...typed, check: { ...defaultCheckDraft(), scope: 'everything' } } },
      { ...entry, base: { ...typed, tags: ['a'] } },
    ]
    for (const json of refused) expect(parseStoredDraft(json)).toBeNull()
  })
})
