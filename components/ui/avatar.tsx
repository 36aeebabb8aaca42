import type { ComponentProps } from 'react'
import { Avatar as ArkAvatar } from '@ark-ui/react/avatar'
import { avatar } from '../../styled-system/recipes'
import { createStyleContext } from './style-context.tsx'

const { withProvider, withContext } = createStyleContext(avatar)

const Parts = {
  Root: withProvider(ArkAvatar.Root, 'root'),
  Image: withContext(ArkAvatar.Image, 'image'),
  Fallback: withContext(ArkAvatar.Fallback, 'fallback'),
}

/** Up to two initials of a name: "Jana Nováková" → "JN". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((word) => Array.from(word ?? '')[0]?.toLocaleUpperCase() ?? '').join('')
}

export type AvatarProps = Omit<ComponentProps<typeof Parts.Root>, 'children'> & {
  /** Whose avatar: the image's alt text and the source of the initials. */
  name: string
  src?: string | undefined
}

/**
 * A round avatar (Ark Avatar): the picture when `src` loads, the initials of `name` until then or instead.
 * `size`: sm, md (default), lg. The parts are on `Avatar.Root`, `Avatar.Image`, `Avatar.Fallback`.
 */
export function Avatar({ name, src, ...props }: AvatarProps) {
  return (
    <Parts.Root {...props}>
      <Parts.Fallback role="img" aria-label={name}>
        <span aria-hidden="true">{initials(name)}</span>
      </Parts.Fallback>
      {src ? <Parts.Image src={src} alt={name} /> : null}
    </Parts.Root>
  )
}
Avatar.Root = Parts.Root
Avatar.Image = Parts.Image
Avatar.Fallback = Parts.Fallback
