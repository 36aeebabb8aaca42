import { defineSlotRecipe } from '@pandacss/dev'
import { avatarAnatomy } from '@ark-ui/react/anatomy'

export const avatar = defineSlotRecipe({
  className: 'avatar',
  description: 'A round picture of a person or an organisation, with initials as the fallback.',
  slots: avatarAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      overflow: 'hidden',
      borderRadius: 'full',
      bg: 'primary.subtle',
      color: 'primary.text',
      fontWeight: '600',
      userSelect: 'none',
      verticalAlign: 'middle',
    },
    image: { width: '100%', height: '100%', objectFit: 'cover' },
    fallback: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '100%', height: '100%', lineHeight: '1' },
  },
  variants: {
    size: {
      sm: { root: { w: '8', h: '8', fontSize: 'xs' } },
      md: { root: { w: '10', h: '10', fontSize: 'sm' } },
      lg: { root: { w: '14', h: '14', fontSize: 'lg' } },
    },
  },
  defaultVariants: { size: 'md' },
  staticCss: ['*'],
})
