import { defineSlotRecipe } from '@pandacss/dev'
import { fieldAnatomy } from '@ark-ui/react/anatomy'
import { fieldLabel } from './shared.ts'

export const field = defineSlotRecipe({
  className: 'field',
  description: 'A form field: label, control, helper text and error text.',
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    label: { ...fieldLabel, display: 'inline-flex', gap: '0.5' },
    requiredIndicator: { color: 'error.text' },
    helperText: { color: 'text.muted', fontSize: 'sm' },
    errorText: { color: 'error.text', fontSize: 'sm', display: 'flex', alignItems: 'center', gap: '1' },
  },
  staticCss: ['*'],
})
