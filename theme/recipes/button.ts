import { defineRecipe } from '@pandacss/dev'
import { focusRing } from './shared.ts'
import { feedbackTones } from './tones.ts'

// An overlay in the hover colour painted over the fill, so hover works on any tone in both themes.
const hoverOverlay = 'linear-gradient(token(colors.surface.hover), token(colors.surface.hover))'

export const button = defineRecipe({
  className: 'button',
  description: 'Buttons: variant (solid, outline, ghost, subtle) × tone (primary, secondary, error) × size.',
  base: {
    appearance: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: 0,
    borderRadius: 'l2',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    boxShadow: 'none',
    fontFamily: 'inherit',
    fontWeight: '500',
    lineHeight: '1.25',
    textTransform: 'none',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: 'fast',
    _hover: { backgroundImage: hoverOverlay },
    _focusVisible: focusRing,
    _disabled: { opacity: 0.5, cursor: 'not-allowed', _hover: { backgroundImage: 'none' } },
    _icon: { flexShrink: 0, width: '1.25em', height: '1.25em' },
    '& [data-spinner]': { animation: 'spin', _motionReduce: { animation: 'none' } },
    _loading: { cursor: 'progress' },
  },
  variants: {
    variant: {
      solid: { bgColor: 'var(--tone-fill)', color: 'var(--tone-on-fill)' },
      outline: { bgColor: 'transparent', color: 'var(--tone-text)', borderColor: 'var(--tone-text)' },
      ghost: { bgColor: 'transparent', color: 'var(--tone-text)' },
      subtle: { bgColor: 'var(--tone-tint)', color: 'var(--tone-text)' },
    },
    tone: {
      primary: feedbackTones.primary,
      secondary: feedbackTones.secondary,
      error: feedbackTones.error,
    },
    size: {
      sm: { h: '8', minW: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', minW: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', minW: '12', px: '6', fontSize: 'md' },
    },
    iconOnly: {
      true: { px: '0', aspectRatio: 'square' },
    },
  },
  defaultVariants: { variant: 'solid', tone: 'primary', size: 'md' },
  staticCss: ['*'],
})
