import { render } from 'vike/abort'
import { roleAtLeast, type ProjectRole } from '../../lib/domain/test-management.ts'
import type { Messages } from '../../lib/i18n/catalog.ts'
import { intlFor, translator } from '../../lib/i18n/intl.ts'
import type { Locale } from '../../lib/i18n/locales.ts'

/**
 * For the editors' +data hooks: a member below editor gets the 403 page with the reason the API gives when such a
 * member tries to save (reading the case is allowed to viewers, so the read itself does not refuse).
 */
export function requireEditorRole(pageContext: { locale: Locale; messages: Messages }, role: ProjectRole): void {
  if (roleAtLeast(role, 'editor')) return
  const t = translator(intlFor(pageContext.locale, pageContext.messages))
  throw render(403, { userMessage: t('projects.roleTooLow', { role: t('projects.role_editor') }) })
}
