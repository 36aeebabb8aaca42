import { useState, type KeyboardEvent, type ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { SortableList } from '../../components/SortableList.tsx'
import { PriorityBadge } from '../../components/ui/badge.tsx'
import { Button, IconButton } from '../../components/ui/button.tsx'
import { XIcon } from '../../components/ui/icons.tsx'
import { TextField } from '../../components/ui/input.tsx'
import { input } from '../../styled-system/recipes'
import type { Priority } from '../../lib/domain/test-management.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { stateKey } from './labels.ts'
import { reorderOp, reorderSectionOp, UNSECTIONED, type ContentOp, type DraftSection, type SuiteContent } from './suite-draft.ts'

export type CaseInfo = { id: string; key: string; title: string; priority: Priority; state: string }

type Props = {
  content: SuiteContent
  cases: ReadonlyMap<string, CaseInfo>
  /** A change, with what to announce about it. */
  onChange: (op: ContentOp, announcement: string) => void
  /** A new section's key (unique in this editor). */
  newKey: () => string
  /** Name errors by section key. */
  errors: Record<string, string>
  disabled?: boolean
}

const card = css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface', p: { base: '3', md: '4' }, display: 'grid', gap: '3', minW: '0' })
const emptyText = css({ color: 'text.muted', fontSize: 'sm', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.strong', borderRadius: 'l2', p: '3' })

/** Focus after the React update that moves or removes what had it. */
function focusSoon(find: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => find()?.focus())
}

/** A static suite's sections (the first holds cases before any section), each with its cases in order. */
export function StaticContentEditor({ content, cases, onChange, newKey, errors, disabled }: Props) {
  const t = useT()
  const [newName, setNewName] = useState('')
  const [newError, setNewError] = useState<string | null>(null)
  const sectionName = (section: DraftSection) => (section.key === UNSECTIONED ? t('suites.unsectioned') : section.name.trim() || t('suites.untitledSection'))

  function addSection() {
    const name = newName.trim()
    if (!name) {
      setNewError(t('validation.required'))
      return
    }
    if (name.length > 120) {
      setNewError(t('validation.maxLength', { max: 120 }))
      return
    }
    onChange({ kind: 'addSection', key: newKey(), name }, t('suites.sectionAdded', { name }))
    setNewName('')
    setNewError(null)
  }

  function onNewKey(event: KeyboardEvent<HTMLInputElement>) {
    // The editor is inside the page's form: Enter here adds the section instead of saving.
    if (event.key === 'Enter') {
      event.preventDefault()
      addSection()
    }
  }

  const block = (section: DraftSection, index: number, handle?: ReactNode) => (
    <SectionBlock
      section={section}
      index={index}
      handle={handle}
      content={content}
      cases={cases}
      onChange={onChange}
      name={sectionName(section)}
      sectionName={sectionName}
      error={errors[section.key]}
      disabled={disabled}
    />
  )

  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      {block(content[0]!, 0)}
      {content.length > 1 ? (
        <SortableList
          items={content.slice(1)}
          getKey={(section) => section.key}
          itemLabel={(section) => t('suites.sectionItem', { name: sectionName(section) })}
          onMove={(from, to) => {
            const op = reorderSectionOp(content, from, to)
            if (op) onChange(op, '')
          }}
          label={t('suites.sectionsLabel')}
          renderItem={(section, index, handle) => block(section, index + 1, handle)}
          disabled={disabled}
          testId="suite-sections"
          className={css({ gap: '4' })}
        />
      ) : null}
      <div className={css({ display: 'flex', gap: '3', alignItems: 'start', flexWrap: 'wrap' })} data-new-section="">
        <TextField
          label={t('suites.newSectionName')}
          value={newName}
          maxLength={120}
          onChange={(event) => setNewName(event.target.value)}
          onKeyDown={onNewKey}
          invalid={Boolean(newError)}
          errorText={newError}
          disabled={disabled}
          className={css({ flex: '1 1 14rem', minW: '0', maxW: '96' })}
        />
        <Button variant="outline" onClick={addSection} disabled={disabled} className={css({ mt: { base: '0', sm: '6' } })}>
          {t('suites.addSection')}
        </Button>
      </div>
    </div>
  )
}

type SectionBlockProps = {
  section: DraftSection
  index: number
  handle?: ReactNode
  content: SuiteContent
  cases: ReadonlyMap<string, CaseInfo>
  onChange: Props['onChange']
  name: string
  sectionName: (section: DraftSection) => string
  error?: string
  disabled?: boolean
}

function SectionBlock({ section, index, handle, content, cases, onChange, name, sectionName, error, disabled }: SectionBlockProps) {
  const t = useT()
  const titleId = `section-${section.key}-title`
  const info = (id: string): CaseInfo => cases.get(id) ?? { id, key: '?', title: id, priority: 'medium', state: 'draft' }
  const unsectioned = section.key === UNSECTIONED
  return (
    <section aria-labelledby={titleId} className={card} data-testid="section-editor" data-section={unsectioned ? UNSECTIONED : section.name}>
      <div className={css({ display: 'flex', gap: '2', alignItems: unsectioned ? 'center' : 'end', flexWrap: 'wrap' })}>
        {handle}
        {unsectioned ? (
          <h3 id={titleId} className={css({ fontSize: 'md', fontWeight: '600' })}>
            {name}
          </h3>
        ) : (
          <>
            <h3 id={titleId} className={css({ srOnly: true })}>
              {name}
            </h3>
            <TextField
              label={t('suites.sectionNameN', { n: index })}
              value={section.name}
              maxLength={120}
              required
              onChange={(event) => onChange({ kind: 'renameSection', key: section.key, name: event.target.value }, '')}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault()
              }}
              invalid={Boolean(error)}
              errorText={error}
              disabled={disabled}
              className={css({ flex: '1 1 14rem', minW: '0', maxW: '96' })}
            />
            <Button
              variant="ghost"
              tone="error"
              disabled={disabled}
              aria-label={t('suites.removeSectionNamed', { name })}
              onClick={() => {
                onChange({ kind: 'removeSection', key: section.key }, t('suites.sectionRemoved', { name, count: section.caseIds.length }))
                focusSoon(() => document.querySelector<HTMLElement>('[data-new-section] input'))
              }}
            >
              {t('suites.removeSection')}
            </Button>
          </>
        )}
        <span className={css({ color: 'text.muted', fontSize: 'sm', ms: 'auto' })}>{t('suites.caseCount', { count: section.caseIds.length })}</span>
      </div>
      {section.caseIds.length === 0 ? (
        <p className={emptyText}>{unsectioned && content.length === 1 ? t('suites.noCasesYet') : t('suites.sectionEmpty')}</p>
      ) : (
        <SortableList
          items={section.caseIds}
          getKey={(id) => id}
          itemLabel={(id) => `${info(id).key} ${info(id).title}`}
          onMove={(from, to) => {
            const op = reorderOp(section, from, to)
            if (op) onChange(op, '')
          }}
          label={t('suites.sectionCases', { name })}
          disabled={disabled}
          testId={`section-${section.key}-cases`}
          renderItem={(id, _index, caseHandle) => (
            <CaseRow item={info(id)} handle={caseHandle} section={section} content={content} onChange={onChange} sectionName={sectionName} disabled={disabled} />
          )}
        />
      )}
    </section>
  )
}

type CaseRowProps = {
  item: CaseInfo
  handle: ReactNode
  section: DraftSection
  content: SuiteContent
  onChange: Props['onChange']
  sectionName: (section: DraftSection) => string
  disabled?: boolean
}

function CaseRow({ item, handle, section, content, onChange, sectionName, disabled }: CaseRowProps) {
  const t = useT()
  const state = stateKey(item.state)
  return (
    <div
      className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', p: '1.5', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border', borderRadius: 'l2', bg: 'surface' })}
      data-testid="case-row"
      data-case-id={item.id}
      data-case-key={item.key}
    >
      {handle}
      <span className={css({ fontFamily: 'mono', fontSize: 'sm', color: 'text.muted', whiteSpace: 'nowrap' })}>{item.key}</span>
      <span className={css({ flex: '1 1 12rem', minW: '0', overflowWrap: 'anywhere' })}>{item.title}</span>
      <PriorityBadge priority={item.priority} size="sm" />
      {item.state !== 'active' && state ? <span className={css({ fontSize: 'xs', color: 'text.muted' })}>{t(state)}</span> : null}
      <div className={css({ display: 'flex', gap: '1', alignItems: 'center', ms: 'auto' })}>
        {content.length > 1 ? (
          <select
            aria-label={t('suites.moveToSection', { case: item.key })}
            value={section.key}
            disabled={disabled}
            onChange={(event) => {
              const target = content.find((candidate) => candidate.key === event.target.value)
              if (!target) return
              onChange({ kind: 'placeCase', caseId: item.id, section: target.key, place: 'end' }, t('suites.caseMoved', { case: item.key, section: sectionName(target) }))
              // The row is drawn again in its new section: the focus follows it there.
              focusSoon(() => document.querySelector<HTMLElement>(`[data-case-id="${CSS.escape(item.id)}"] select`))
            }}
            className={cx(input({ size: 'md' }), css({ appearance: 'auto', w: 'auto', maxW: '48', pe: '2' }))}
          >
            {content.map((candidate) => (
              <option key={candidate.key} value={candidate.key}>
                {sectionName(candidate)}
              </option>
            ))}
          </select>
        ) : null}
        <IconButton
          aria-label={t('suites.removeCase', { case: item.key })}
          tone="error"
          disabled={disabled}
          data-remove=""
          onClick={(event) => {
            // The focus goes to the next row's remove button (or the previous one's), not to the page's start.
            const row = event.currentTarget.closest('li')
            const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLElement>('[data-remove]')
            onChange({ kind: 'removeCase', caseId: item.id }, t('suites.caseRemoved', { case: item.key }))
            focusSoon(() => neighbour ?? document.querySelector<HTMLElement>('[data-add-cases]'))
          }}
        >
          <XIcon />
        </IconButton>
      </div>
    </div>
  )
}

// The module's part for a lazy import (the suite pages load it with their code: lazyWithGroups).
export default StaticContentEditor
