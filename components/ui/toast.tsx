import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast'
import { activateToaster } from './toast-host.tsx'
import { toast as toastRecipe } from '../../styled-system/recipes'
import { useT } from '../../lib/i18n/I18nProvider.tsx'
import { IconButton } from './button.tsx'
import { ErrorIcon, InfoIcon, SpinnerIcon, SuccessIcon, WarningIcon, XIcon } from './icons.tsx'

/**
 * The app's toast queue. Anywhere in client code: `toaster.create({ title, description, type })` with `type` one of
 * success, error, warning, info, loading; `toaster.promise(...)`, `toaster.dismiss(id)`. Toasts show bottom-end.
 */
export const toaster = createToaster({ placement: 'bottom-end', overlap: false, gap: 12, max: 5 })

const classes = toastRecipe()

const ICONS = {
  success: SuccessIcon,
  error: ErrorIcon,
  warning: WarningIcon,
  info: InfoIcon,
  loading: SpinnerIcon,
} as const

/** Renders the toasts of `toaster`. Mount it once, in the app layout. */
export function Toaster() {
  const t = useT()
  return (
    <ArkToaster toaster={toaster} className={classes.group}>
      {(toast) => {
        const Icon = ICONS[toast.type as keyof typeof ICONS] ?? InfoIcon
        return (
          <Toast.Root className={classes.root}>
            <span className={classes.icon}>
              <Icon data-spinner={toast.type === 'loading' ? '' : undefined} />
            </span>
            <div className={classes.body}>
              {toast.title ? <Toast.Title className={classes.title}>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description className={classes.description}>{toast.description}</Toast.Description>
              ) : null}
              {toast.action ? (
                <Toast.ActionTrigger className={classes.actionTrigger}>{toast.action.label}</Toast.ActionTrigger>
              ) : null}
            </div>
            {toast.closable !== false ? (
              <Toast.CloseTrigger asChild className={classes.closeTrigger}>
                <IconButton size="sm" aria-label={t('common.close')}>
                  <XIcon />
                </IconButton>
              </Toast.CloseTrigger>
            ) : null}
          </Toast.Root>
        )
      }}
    </ArkToaster>
  )
}

// Whoever loads this module wants toasts: the layout's ToastHost mounts the Toaster now.
activateToaster()
