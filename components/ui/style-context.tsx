import { createContext, useContext, type ComponentProps, type ElementType } from 'react'
import { cx } from '../../styled-system/css'

// Wires a Panda slot recipe to the parts of a compound component: the root part computes the class of every slot
// once (from its variant props) and shares them through context; every other part takes its slot's class. No style
// props and no runtime CSS: a part only ever gets its recipe class (plus a className, for layout by the caller).

type Classes = Record<string, string>

interface SlotRecipe {
  __slot: string
  __type: object
  variantKeys: readonly PropertyKey[]
}

/** The recipe's variants as plain values (Panda also types responsive objects, which static CSS does not cover). */
export type VariantProps<R extends { __type: object }> = {
  [K in keyof R['__type']]?: Extract<R['__type'][K], string | boolean>
}

type WithClassName = { className?: string | undefined }

export function createStyleContext<R extends SlotRecipe>(recipe: R) {
  type Slot = R['__slot']
  const Context = createContext<Classes | null>(null)
  const compute = recipe as unknown as (variants: object) => Classes

  function splitVariants(props: Record<string, unknown>): [Record<string, unknown>, Record<string, unknown>] {
    const variants: Record<string, unknown> = {}
    const rest: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(props)) {
      if (recipe.variantKeys.includes(key)) variants[key] = value
      else rest[key] = value
    }
    return [variants, rest]
  }

  /** A root part that renders an element: takes the variant props, styles itself and provides the classes. */
  function withProvider<T extends ElementType>(Component: T, slot: Slot, defaults?: Partial<ComponentProps<T>>) {
    const Element = Component as ElementType
    function StyledRoot(props: ComponentProps<T> & VariantProps<R> & WithClassName) {
      const [variants, rest] = splitVariants(props as Record<string, unknown>)
      const classes = compute(variants)
      return (
        <Context.Provider value={classes}>
          <Element {...defaults} {...rest} className={cx(classes[slot], rest.className as string | undefined)} />
        </Context.Provider>
      )
    }
    return StyledRoot
  }

  /** A root part that renders no element of its own (Ark's Dialog.Root, Menu.Root...): only provides the classes. */
  function withRootProvider<T extends ElementType>(Component: T, defaults?: Partial<ComponentProps<T>>) {
    const Element = Component as ElementType
    function StyledRootProvider(props: ComponentProps<T> & VariantProps<R>) {
      const [variants, rest] = splitVariants(props as Record<string, unknown>)
      return (
        <Context.Provider value={compute(variants)}>
          <Element {...defaults} {...rest} />
        </Context.Provider>
      )
    }
    return StyledRootProvider
  }

  /** Any other part: the class of its slot, from the nearest root. */
  function withContext<T extends ElementType>(Component: T, slot: Slot, defaults?: Partial<ComponentProps<T>>) {
    const Element = Component as ElementType
    function StyledPart(props: ComponentProps<T> & WithClassName) {
      const classes = useContext(Context) ?? compute({})
      return <Element {...defaults} {...props} className={cx(classes[slot], props.className)} />
    }
    return StyledPart
  }

  /** The slot classes for parts composed by hand inside a root. */
  function useClasses(): Classes {
    return useContext(Context) ?? compute({})
  }

  return { withProvider, withRootProvider, withContext, useClasses }
}
