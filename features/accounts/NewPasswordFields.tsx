import { TextField } from '../../components/ui/input.tsx'
import type { FieldErrors } from '../../lib/forms/validation.ts'
import { useT } from '../../lib/i18n/I18nProvider.tsx'

/** A new password typed twice, with the policy as a hint: sign-up, password reset and the profile use it. */
export function NewPasswordFields({ errors, name = 'password', label }: { errors: FieldErrors; name?: string; label?: string }) {
  const t = useT()
  return (
    <>
      <TextField
        name={name}
        type="password"
        label={label ?? t('auth.password')}
        autoComplete="new-password"
        required
        helperText={t('auth.passwordHint')}
        invalid={!!errors[name]}
        errorText={errors[name]}
      />
      <TextField
        name="passwordConfirm"
        type="password"
        label={t('auth.passwordConfirm')}
        autoComplete="new-password"
        required
        invalid={!!errors.passwordConfirm}
        errorText={errors.passwordConfirm}
      />
    </>
  )
}
