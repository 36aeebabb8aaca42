import { useState, type FormEvent } from 'react'
import { css } from '../../../../styled-system/css'
import { FormAlert } from '../../../../components/FormAlert.tsx'
import { Badge } from '../../../../components/ui/badge.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { SelectField, TextareaField, TextField } from '../../../../components/ui/input.tsx'
import { ConfirmDialog } from '../../../../features/projects/ConfirmDialog.tsx'
import { CheckboxField } from '../../../../features/projects/CheckboxField.tsx'
import { errorAt, fieldTypeText, optionsFromText } from '../../../../features/projects/custom-field-drafts.ts'
import type { ApiClient } from '../../../../lib/api/browser-client.ts'
import { useApiAction } from '../../../../lib/api/use-api-action.ts'
import { CUSTOM_FIELD_TYPES, type CustomFieldType, type ProjectRole } from '../../../../lib/domain/test-management.ts'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'
import type { Data } from './+data.ts'
import { SettingsCard } from './SettingsCard.tsx'
import { checkForm } from '../../../../lib/forms/form-checks.ts'
import type { Translate } from '../../../../lib/i18n/intl.ts'

const loadCustomFieldSchema = () => import('../../../../lib/forms/test-management-schemas.ts').then((schemas) => schemas.CustomFieldSchema)

type CustomField = Data['fields'][number]
type FieldCreate = Parameters<ApiClient['projects']['fields']['create']['mutate']>[0]
type FieldUpdate = Parameters<ApiClient['projects']['fields']['update']['mutate']>[0]
type Draft = { label: string; type: CustomFieldType; options: string; required: boolean }

const hasOptions = (type: CustomFieldType) => type === 'select' || type === 'multiselect'

/** The label, options and required flag of a field; the type only when it is new (values are stored by type). */
function FieldForm({
  draft,
  onChange,
  errors,
  typeFixed,
  autoFocus,
}: {
  draft: Draft
  onChange: (draft: Draft) => void
  errors: Readonly<Record<string, string>>
  typeFixed?: boolean
  autoFocus?: boolean
}) {
  const t = useT()
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'start' })}>
        <TextField
          label={t('projects.fieldLabel')}
          required
          maxLength={60}
          autoFocus={autoFocus}
          value={draft.label}
          onChange={(event) => onChange({ ...draft, label: event.currentTarget.value })}
          invalid={!!errors.label}
          errorText={errors.label}
          className={css({ flex: '1 1 14rem' })}
        />
        {typeFixed ? null : (
          <SelectField label={t('projects.fieldType')} value={draft.type} onChange={(event) => onChange({ ...draft, type: event.currentTarget.value as CustomFieldType })} className={css({ w: 'auto', minW: '12rem' })}>
            {CUSTOM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {fieldTypeText(t, type)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {hasOptions(draft.type) ? (
        <TextareaField
          label={t('projects.fieldOptions')}
          required
          rows={4}
          value={draft.options}
          onChange={(event) => onChange({ ...draft, options: event.currentTarget.value })}
          invalid={!!errorAt(errors, 'options')}
          errorText={errorAt(errors, 'options')}
          helperText={t('projects.fieldOptionsHelp')}
        />
      ) : null}
      <CheckboxField label={t('projects.fieldRequired')} checked={draft.required} onChange={(event) => onChange({ ...draft, required: event.currentTarget.checked })} />
    </div>
  )
}

function parseDraft(draft: Draft, t: Translate) {
  return checkForm(loadCustomFieldSchema, { label: draft.label, type: draft.type, options: hasOptions(draft.type) ? optionsFromText(draft.options) : [], required: draft.required }, t)
}

/**
 * Fields every test case of the project gets, from the page's data (read again after each change). Owners define
 * them; the others see what exists.
 */
export function CustomFieldsSection({ projectId, role, fields }: { projectId: string; role: ProjectRole; fields: CustomField[] }) {
  const t = useT()
  const remove = useApiAction((client, fieldId: string) => client.projects.fields.remove.mutate({ projectId, fieldId }))
  const [editing, setEditing] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const isOwner = role === 'owner'

  return (
    <SettingsCard id="fields" title={t('projects.fieldsHeading')} description={t('projects.fieldsHelp')}>
      <div aria-live="polite">{notice ? <FormAlert tone="success">{notice}</FormAlert> : null}</div>
      {fields.length === 0 ? (
        <p className={css({ color: 'text.muted' })}>{t('projects.noFields')}</p>
      ) : (
        <ul className={css({ listStyle: 'none', p: '0', m: '0' })} data-testid="custom-fields">
          {fields.map((field) => (
            <li key={field.id} data-testid="custom-field" className={css({ py: '3', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'border', _last: { borderBottomWidth: '0' } })}>
              {editing === field.id ? (
                <EditField
                  projectId={projectId}
                  field={field}
                  onDone={(saved) => {
                    setEditing(null)
                    if (saved) setNotice(t('projects.fieldSaved', { label: saved }))
                  }}
                />
              ) : (
                <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
                  <div className={css({ flex: '1 1 14rem', minW: '0' })}>
                    <p className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>{field.label}</p>
                    <p className={css({ fontSize: 'sm', color: 'text.muted', display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
                      <span>{fieldTypeText(t, field.type)}</span>
                      {field.required ? <Badge size="sm">{t('projects.fieldRequiredBadge')}</Badge> : null}
                    </p>
                    {field.options.length > 0 ? <p className={css({ fontSize: 'sm', mt: '1', overflowWrap: 'anywhere' })}>{t('projects.fieldOptionsList', { options: field.options.join(', ') })}</p> : null}
                  </div>
                  {isOwner ? (
                    <div className={css({ display: 'flex', gap: '2' })}>
                      <Button size="sm" variant="outline" className={css({ minH: '10' })} onClick={() => setEditing(field.id)}>
                        {t('projects.edit')}
                        <span className={css({ srOnly: true })}> {field.label}</span>
                      </Button>
                      <ConfirmDialog
                        trigger={
                          <Button size="sm" variant="outline" tone="error" className={css({ minH: '10' })}>
                            {t('projects.delete')}
                            <span className={css({ srOnly: true })}> {field.label}</span>
                          </Button>
                        }
                        title={t('projects.fieldDeleteTitle', { label: field.label })}
                        description={t('projects.fieldDeleteText')}
                        confirmLabel={t('projects.delete')}
                        onConfirm={async () => {
                          const outcome = await remove.run(field.id)
                          if (!outcome.ok) throw new Error(outcome.failure.message)
                          setNotice(t('projects.fieldDeleted', { label: field.label }))
                        }}
                      />
                    </div>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {isOwner ? <NewField projectId={projectId} onCreated={(label) => setNotice(t('projects.fieldCreated', { label }))} /> : null}
    </SettingsCard>
  )
}

function NewField({ projectId, onCreated }: { projectId: string; onCreated: (label: string) => void }) {
  const t = useT()
  const create = useApiAction((client, input: FieldCreate) => client.projects.fields.create.mutate(input))
  const empty: Draft = { label: '', type: 'text', options: '', required: false }
  const [draft, setDraft] = useState<Draft>(empty)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    const parsed = await parseDraft(draft, t)
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      if (!parsed.errors) setFormError(t('common.networkError'))
      return
    }
    setErrors({})
    const outcome = await create.run({ projectId, field: parsed.data })
    if (!outcome.ok) {
      const refused = outcome.failure
      // The server's paths are under `field.`; the form's are the field's own.
      setErrors(Object.fromEntries(Object.entries(refused.fieldErrors).map(([path, message]) => [path.replace(/^field\./, ''), message])))
      if (Object.keys(refused.fieldErrors).length === 0) setFormError(refused.message)
      return
    }
    setDraft(empty)
    onCreated(parsed.data.label)
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="new-field-title" className={css({ display: 'grid', gap: '3', pt: '4', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border' })} data-testid="new-field-form">
      <h3 id="new-field-title" className={css({ fontWeight: '600' })}>
        {t('projects.newField')}
      </h3>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <FieldForm draft={draft} onChange={setDraft} errors={errors} />
      <div>
        <Button type="submit" loading={create.pending}>
          {t('projects.addField')}
        </Button>
      </div>
    </form>
  )
}

function EditField({ projectId, field, onDone }: { projectId: string; field: CustomField; onDone: (savedLabel: string | null) => void }) {
  const t = useT()
  const update = useApiAction((client, input: FieldUpdate) => client.projects.fields.update.mutate(input))
  const [draft, setDraft] = useState<Draft>({ label: field.label, type: field.type, options: field.options.join('\n'), required: field.required })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    const parsed = await parseDraft(draft, t)
    if (!parsed.ok) {
      setErrors(parsed.errors ?? {})
      if (!parsed.errors) setFormError(t('common.networkError'))
      return
    }
    setErrors({})
    const outcome = await update.run({ projectId, fieldId: field.id, label: parsed.data.label, options: parsed.data.options, required: parsed.data.required })
    if (!outcome.ok) {
      setErrors(outcome.failure.fieldErrors)
      if (Object.keys(outcome.failure.fieldErrors).length === 0) setFormError(outcome.failure.message)
      return
    }
    onDone(parsed.data.label)
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('projects.fieldEditLabel', { label: field.label })} className={css({ display: 'grid', gap: '3' })}>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('projects.fieldTypeFixed', { type: fieldTypeText(t, field.type) })}</p>
      <FieldForm draft={draft} onChange={setDraft} errors={errors} typeFixed autoFocus />
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button type="submit" loading={update.pending}>
          {t('common.save')}
        </Button>
        <Button variant="ghost" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  )
}
