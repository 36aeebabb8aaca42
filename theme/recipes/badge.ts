import { defineRecipe } from '@pandacss/dev'
import { feedbackTones, neutralTone, priorityTones, statusTones } from './tones.ts'

export const badge = defineRecipe({
  className: 'badge',
  description: 'Chip-like labels: variant (solid, subtle, outline) × tone, including test statuses and priorities.',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    flexShrink: 0,
    borderRadius: 'full',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    fontWeight: '500',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    _icon: { w: '1em', h: '1em', flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: { bgColor: 'var(--tone-fill)', color: 'var(--tone-on-fill)' },
      subtle: { bgColor: 'var(--tone-tint)', color: 'var(--tone-text)' },
      outline: { bgColor: 'transparent', color: 'var(--tone-text)', borderColor: 'var(--tone-text)' },
    },
    tone: { neutral: neutralTone, ...feedbackTones, ...statusTones, ...priorityTones },
    size: {
      sm: { h: '5', px: '2', fontSize: 'xs' },
      md: { h: '6', px: '2.5', fontSize: 'xs' },
      lg: { h: '8', px: '3', fontSize: 'sm' },
    },
  },
  defaultVariants: { variant: 'subtle', tone: 'neutral', size: 'md' },
  staticCss: ['*'],
})
