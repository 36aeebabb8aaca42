import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react'
import { tabs } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'

// Tabs in plain markup wired as the WAI-ARIA tabs pattern (and as Ark's Tabs, which they replaced: its machine, zag's
// DOM helpers and presence were about 15 KB gzip of the pages with tabs, decision 021): a `tablist` of `tab` buttons,
// only the selected one in the Tab order, arrow keys (round the ends), Home and End move to a tab and select it; each
// panel is a `tabpanel` named by its tab. Every panel stays mounted and the others are `hidden`, so what a panel holds
// (a case being edited) is kept while another is shown. The recipe's `_selected` and `_disabled` read the same
// attributes Ark set.

type TabsState = { base: string; value: string; select: (value: string) => void; classes: ReturnType<typeof tabs> }

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error('Tabs parts belong inside Tabs.Root')
  return state
}

/** Ids from a tab's value: a value may hold any text, an id may not hold spaces. */
const part = (base: string, kind: 'trigger' | 'content', value: string) => `${base}-${kind}-${encodeURIComponent(value).replace(/%/g, '_')}`

/**
 * Which of `count` enabled tabs a key moves to from the focused one (`at`, -1 when none has the focus): the next or
 * the previous (round the ends), the first or the last; null for any other key.
 */
export function tabAfterKey(count: number, at: number, key: string): number | null {
  if (count === 0 || at < 0) return null
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  if (key === 'ArrowRight') return (at + 1) % count
  if (key === 'ArrowLeft') return (at - 1 + count) % count
  return null
}

type RootProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  /** The selected tab, when the caller keeps it. */
  value?: string | undefined
  defaultValue?: string | undefined
  onValueChange?: ((details: { value: string }) => void) | undefined
}

function Root({ value, defaultValue = '', onValueChange, className, children, ...props }: RootProps) {
  const base = `tabs-${useId().replace(/:/g, '')}`
  const [own, setOwn] = useState(defaultValue)
  const classes = tabs()
  const selected = value ?? own
  const select = (next: string) => {
    if (next === selected) return
    if (value === undefined) setOwn(next)
    onValueChange?.({ value: next })
  }
  return (
    <TabsContext.Provider value={{ base, value: selected, select, classes }}>
      <div {...props} className={cx(classes.root, className)} data-orientation="horizontal">
        {children}
      </div>
    </TabsContext.Provider>
  )
}

function List({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { classes, select } = useTabs()
  function move(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event)
    if (event.defaultPrevented) return
    const all = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
    const index = tabAfterKey(all.length, all.findIndex((tab) => tab === document.activeElement), event.key)
    if (index === null) return
    event.preventDefault()
    const next = all[index]!
    next.focus()
    select(next.dataset.value!)
  }
  return <div role="tablist" aria-orientation="horizontal" {...props} onKeyDown={move} className={cx(classes.list, className)} data-orientation="horizontal" />
}

function Trigger({ value, disabled, className, onClick, ...props }: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const { base, value: selected, select, classes } = useTabs()
  const on = value === selected
  return (
    <button
      type="button"
      role="tab"
      id={part(base, 'trigger', value)}
      aria-controls={part(base, 'content', value)}
      aria-selected={on}
      tabIndex={on ? 0 : -1}
      disabled={disabled}
      data-value={value}
      data-selected={on ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      {...props}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) select(value)
      }}
      className={cx(classes.trigger, className)}
    />
  )
}

function Content({ value, className, ...props }: Omit<ComponentProps<'div'>, 'value'> & { value: string }) {
  const { base, value: selected, classes } = useTabs()
  const on = value === selected
  return (
    <div
      role="tabpanel"
      id={part(base, 'content', value)}
      aria-labelledby={part(base, 'trigger', value)}
      tabIndex={0}
      hidden={!on}
      data-selected={on ? '' : undefined}
      data-orientation="horizontal"
      {...props}
      className={cx(classes.content, className)}
    />
  )
}

/**
 * Tabs: `<Tabs.Root value|defaultValue onValueChange> <Tabs.List aria-label> <Tabs.Trigger value/> </Tabs.List>
 * <Tabs.Content value/> </Tabs.Root>`.
 */
export const Tabs = { Root, List, Trigger, Content }
