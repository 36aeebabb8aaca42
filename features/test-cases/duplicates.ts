/** A title as the server compares titles for duplicates: trimmed, inner spaces single, ignoring case. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * For each case whose title another case in `items` shares, the keys of those others (in list order): the list warns
 * about them so a case written twice is noticed.
 */
export function duplicateTitles(items: ReadonlyArray<{ id: string; key: string; title: string }>): Map<string, string[]> {
  const byTitle = new Map<string, Array<{ id: string; key: string }>>()
  for (const item of items) {
    const key = titleKey(item.title)
    if (!key) continue
    const group = byTitle.get(key) ?? []
    group.push(item)
    byTitle.set(key, group)
  }
  const others = new Map<string, string[]>()
  for (const group of byTitle.values()) {
    if (group.length < 2) continue
    for (const item of group) others.set(item.id, group.filter((other) => other.id !== item.id).map((other) => other.key))
  }
  return others
}
