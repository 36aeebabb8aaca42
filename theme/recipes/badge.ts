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
    lineHeight: '1.2',
    // A short label stays on one line; a long one (a portal's error) wraps inside its container rather than widening it.
    maxW: 'full',
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
      sm: { minH: '5', px: '2', py: '0.5', fontSize: 'xs' },
      md: { minH: '6', px: '2.5', py: '0.5', fontSize: 'xs' },
      lg: { minH: '8', px: '3', py: '1', fontSize: 'sm' },
    },
  },
  defaultVariants: { variant: 'subtle', tone: 'neutral', size: 'md' },
  staticCss: ['*'],
})
