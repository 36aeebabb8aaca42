import { useRef, useSyncExternalStore } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { css } from '../../../styled-system/css'
import { FormAlert } from '../../../components/FormAlert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { TextField } from '../../../components/ui/input.tsx'
import { postProfileUpdate } from '../../../lib/api/post-mutation.ts'
import { useT } from '../../../lib/i18n/I18nProvider.tsx'
import { NewPasswordFields } from '../NewPasswordFields.tsx'
import { applyTheme, followSystem, subscribeTheme, systemTheme, themePreference, type ThemePreference } from '../../../lib/theme/theme.ts'
import { useSchemaForm } from '../../../lib/forms/use-form.ts'
import { useChoiceBeforeHydration } from '../../../lib/use-choice-before-hydration.ts'

const loadDetailsSchema = () => import('../../../lib/forms/account-schemas.ts').then((schemas) => schemas.ProfileDetailsFormSchema)
const loadPasswordSchema = () => import('../../../lib/forms/account-schemas.ts').then((schemas) => schemas.ChangePasswordFormSchema)

export function DetailsSection({ user }: { user: { name: string; email: string; role: 'admin' | 'member' } }) {
  const t = useT()
  // The header's name and address come from the page context, which the server filled: the page's data is read again
  // in place after the save (no scroll, no new history entry), so the header shows the new name at once.
  const form = useSchemaForm(loadDetailsSchema, (client, value) => client.profile.update.mutate(value))
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('auth.profileDetails')}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <form method="post" noValidate onSubmit={form.onSubmit} className={css({ display: 'grid', gap: '4', maxW: '480px' })}>
          {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
          {form.done ? <FormAlert tone="success">{t('auth.profileSaved')}</FormAlert> : null}
          <TextField name="name" label={t('auth.name')} defaultValue={user.name} autoComplete="name" required invalid={!!form.errors.name} errorText={form.errors.name} />
          <TextField name="email" type="email" label={t('auth.email')} defaultValue={user.email} autoComplete="email" required invalid={!!form.errors.email} errorText={form.errors.email} />
          <p>
            {t('auth.role')}: <Badge variant="subtle">{user.role === 'admin' ? t('auth.roleAdmin') : t('auth.roleMember')}</Badge>
          </p>
          <div>
            <Button type="submit" loading={form.pending}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  )
}

export function PasswordSection() {
  const t = useT()
  const form = useSchemaForm(loadPasswordSchema, (client, { currentPassword, newPassword }) => client.profile.changePassword.mutate({ currentPassword, newPassword }), { refresh: false })
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('auth.changePassword')}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <form method="post" noValidate onSubmit={form.onSubmit} className={css({ display: 'grid', gap: '4', maxW: '480px' })}>
          {form.formError ? <FormAlert tone="error">{form.formError}</FormAlert> : null}
          {form.done ? <FormAlert tone="success">{t('auth.passwordChanged')}</FormAlert> : null}
          <TextField name="currentPassword" type="password" label={t('auth.currentPassword')} autoComplete="current-password" required invalid={!!form.errors.currentPassword} errorText={form.errors.currentPassword} />
          <NewPasswordFields errors={form.errors} name="newPassword" label={t('auth.newPassword')} />
          <div>
            <Button type="submit" loading={form.pending}>
              {t('auth.changePassword')}
            </Button>
          </div>
        </form>
      </Card.Body>
    </Card.Root>
  )
}

/** Language and theme, applied at once and kept with the account. */
export function PreferencesSection() {
  const t = useT()
  const { locale, user } = usePageContext()
  // The choice in this browser and what the system's setting means now; on the server (and while hydrating) the
  // account's choice, with the system's meaning unknown.
  const [preference, system] = useSyncExternalStore(
    subscribeTheme,
    () => `${themePreference()} ${systemTheme()}`,
    () => `${user?.theme ?? 'system'} unknown`,
  ).split(' ') as [ThemePreference, 'light' | 'dark' | 'unknown']
  async function chooseLanguage(next: typeof locale) {
    await postProfileUpdate({ locale: next })
    window.location.assign(`${window.location.pathname}?lang=${next}`)
  }
  async function chooseTheme(next: ThemePreference) {
    if (next === 'system') followSystem()
    else applyTheme(next)
    // Null clears the account's theme, so every device follows its own system.
    await postProfileUpdate({ theme: next === 'system' ? null : next })
  }
  const languageSelect = useRef<HTMLSelectElement>(null)
  const themeSelect = useRef<HTMLSelectElement>(null)
  useChoiceBeforeHydration(languageSelect, locale, (next) => void chooseLanguage(next as typeof locale))
  useChoiceBeforeHydration(themeSelect, preference, (next) => void chooseTheme(next as ThemePreference))
  const select = css({ h: '10', px: '3', borderRadius: 'l2', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border.strong', bg: 'surface', color: 'text', minW: '220px' })
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title asChild>
          <h2>{t('auth.preferences')}</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body className={css({ display: 'flex', gap: '6', flexWrap: 'wrap' })}>
        <label className={css({ display: 'grid', gap: '1' })}>
          <span>{t('auth.preferredLanguage')}</span>
          <select
            className={select}
            ref={languageSelect}
            defaultValue={locale}
            data-testid="profile-language"
            onChange={(event) => void chooseLanguage(event.currentTarget.value as typeof locale)}
          >
            <option value="cs">Čeština</option>
            <option value="en">English</option>
            <option value="de">Deutsch</option>
            <option value="fr">Français</option>
            <option value="pl">Polski</option>
            <option value="zh">中文</option>
          </select>
        </label>
        <label className={css({ display: 'grid', gap: '1' })}>
          <span>{t('auth.preferredTheme')}</span>
          <select
            className={select}
            ref={themeSelect}
            value={preference}
            data-testid="profile-theme"
            onChange={(event) => void chooseTheme(event.currentTarget.value as ThemePreference)}
          >
            <option value="system">{t('auth.themeSystem', { current: system })}</option>
            <option value="light">{t('common.themeLight')}</option>
            <option value="dark">{t('common.themeDark')}</option>
          </select>
        </label>
      </Card.Body>
    </Card.Root>
  )
}
