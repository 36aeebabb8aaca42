import { css } from '../../styled-system/css'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { lazyWithGroups } from '../../lib/i18n/lazy-with-groups.tsx'

// Parts of both editors that few cases show (decision 021): the check of an automated case, with "Try it now" and
// its evidence, and the comparison shown when someone else saved meanwhile. Their code and their catalogue groups
// (the check's texts, check types, evidence) are not in the editors' first load; the server renders them in place.
// Callers put them in a Suspense boundary: a case made automated, or a conflict, shows one after the page has
// hydrated, and it says "Loading…" until its code and texts are there.
export const CheckEditor = lazyWithGroups(['checks', 'checktypes', 'evidence'], () => import('./CheckEditor.tsx'))
export const ConflictPanel = lazyWithGroups(['checks', 'checktypes'], () => import('./ConflictPanel.tsx'))

/** What a part's Suspense boundary shows while its code and texts load. */
export function PartLoading() {
  const t = useT()
  return <p className={css({ color: 'text.muted' })}>{t('common.loading')}</p>
}
