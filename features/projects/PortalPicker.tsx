import { useId, useState } from 'react'
import { css } from '../../styled-system/css'
import { Badge } from '../../components/ui/badge.tsx'
import { Input } from '../../components/ui/input.tsx'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

export type PortalChoice = { id: string; name: string; isDemo: boolean }

/** Above this many portals the list gets a filter box. */
const FILTER_FROM = 8

const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '10',
  px: '2',
  borderRadius: 'l2',
  cursor: 'pointer',
  _hover: { bg: 'surface.hover' },
})

/**
 * The portals a project tests, chosen from the registry with native checkboxes (named `portalIds`). The chosen ones
 * stay listed while a filter hides others, so a choice is never out of sight.
 */
export function PortalPicker({
  portals,
  selected,
  onChange,
  legend,
  description,
  error,
  disabled,
}: {
  portals: readonly PortalChoice[]
  selected: readonly string[]
  onChange: (ids: string[]) => void
  legend: string
  description?: string
  error?: string
  disabled?: boolean
}) {
  const t = useT()
  const id = useId()
  const [filter, setFilter] = useState('')
  const chosen = new Set(selected)
  const needle = filter.trim().toLocaleLowerCase()
  const shown = needle ? portals.filter((portal) => chosen.has(portal.id) || portal.name.toLocaleLowerCase().includes(needle) || portal.id.includes(needle)) : portals

  function toggle(portalId: string, on: boolean) {
    // In the registry's order, whatever order they were ticked in.
    onChange(portals.filter((portal) => (portal.id === portalId ? on : chosen.has(portal.id))).map((portal) => portal.id))
  }

  return (
    <fieldset aria-describedby={[description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined} disabled={disabled} className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: '500', mb: '1' })}>{legend}</legend>
      {description ? (
        <p id={`${id}-description`} className={css({ fontSize: 'sm', color: 'text.muted', mb: '2' })}>
          {description}
        </p>
      ) : null}
      {portals.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'text.muted' })}>{t('projects.portalsNoneRegistered')}</p>
      ) : (
        <>
          {portals.length > FILTER_FROM ? (
            <div className={css({ mb: '2' })}>
              <label htmlFor={`${id}-filter`} className={css({ srOnly: true })}>
                {t('projects.portalsFilter')}
              </label>
              <Input id={`${id}-filter`} type="search" value={filter} placeholder={t('projects.portalsFilter')} onChange={(event) => setFilter(event.currentTarget.value)} />
            </div>
          ) : null}
          <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'grid', gap: '0.5', maxH: { md: '20rem' }, overflowY: { md: 'auto' } })}>
            {shown.map((portal) => (
              <li key={portal.id}>
                <label className={option}>
                  <input
                    type="checkbox"
                    name="portalIds"
                    value={portal.id}
                    checked={chosen.has(portal.id)}
                    onChange={(event) => toggle(portal.id, event.currentTarget.checked)}
                    className={css({ w: '4', h: '4', accentColor: 'primary', flexShrink: 0 })}
                  />
                  <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>{portal.name}</span>
                  {portal.isDemo ? (
                    <Badge size="sm" tone="accent">
                      {t('common.demoData')}
                    </Badge>
                  ) : null}
                </label>
              </li>
            ))}
          </ul>
          <p role="status" className={css({ fontSize: 'sm', color: 'text.muted', mt: '1' })}>
            {t('projects.portalsChosen', { count: chosen.size })}
          </p>
        </>
      )}
      {error ? (
        <p id={`${id}-error`} className={css({ fontSize: 'sm', color: 'error.text', mt: '1' })}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
