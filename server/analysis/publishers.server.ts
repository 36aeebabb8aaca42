// Pure rules, no I/O: server/queries/publishers.server.ts applies them at each rollup refresh.
// One publisher often appears on several portals (a ministry on the national catalogue and on its own CKAN). They
// are merged only when they are clearly the same (docs/organizations.md):
//   1. the same website host (an organization's `url`, `website` or `homepage` field or extra), or
//   2. the same name, compared without case, diacritics and punctuation, on portals of the same country.
// The merged publisher's id is `<country>-<name key>` (`cz-ministerstvo-financi`) when the portal's country is known,
// so it stays the same as portals are added or harvested again; an organization on a portal without a country keeps
// its own id unless a website host links it to others. A group linked only by host takes the id of its member whose
// id sorts first.

export type OrganizationFacts = { id: string; title: string; country: string | null; extra: Record<string, unknown> | null }

/** A name as compared for merging: lower case, no diacritics, words joined by dashes. */
export function nameKey(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
}

const WEBSITE_FIELDS = new Set(['url', 'website', 'homepage', 'web', 'site_url'])

/** The host of an organization's website, from its fields or extras, without `www.`. */
export function websiteHost(extra: Record<string, unknown> | null): string | null {
  if (!extra) return null
  const candidates: unknown[] = []
  for (const [key, value] of Object.entries(extra)) if (WEBSITE_FIELDS.has(key.toLowerCase())) candidates.push(value)
  const extras = extra.extras
  if (Array.isArray(extras)) {
    for (const item of extras) {
      if (item && typeof item === 'object' && WEBSITE_FIELDS.has(String((item as { key?: unknown }).key ?? '').toLowerCase())) {
        candidates.push((item as { value?: unknown }).value)
      }
    }
  }
  for (const value of candidates) {
    if (typeof value !== 'string' || !value.trim()) continue
    const text = value.trim()
    // "mailto:…", "tel:…": a scheme other than the web's is not a website.
    if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:\/\//i.test(text)) continue
    try {
      const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`)
      if (url.username || url.password) continue
      const host = url.hostname.toLowerCase().replace(/^www\./, '')
      if (host.includes('.')) return host
    } catch {
      // Not a URL: no host to merge on.
    }
  }
  return null
}

/** Publisher id per organization id, by the rule above. Pure, so the rule can be tested on its own. */
export function publisherIds(organizations: OrganizationFacts[]): Map<string, string> {
  const parent = new Map<string, string>()
  const find = (id: string): string => {
    let root = id
    while (parent.get(root) !== root) root = parent.get(root)!
    // Path compression keeps repeated finds flat.
    let node = id
    while (node !== root) {
      const next = parent.get(node)!
      parent.set(node, root)
      node = next
    }
    return root
  }
  const union = (a: string, b: string) => {
    const ra = find(a)
    const rb = find(b)
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb)
  }
  const nameKeyOf = new Map<string, string | null>()
  const byName = new Map<string, string>()
  const byHost = new Map<string, string>()
  for (const org of organizations) {
    parent.set(org.id, org.id)
    const key = nameKey(org.title)
    const named = org.country && key ? `${org.country.toLowerCase()}-${key}` : null
    nameKeyOf.set(org.id, named)
    if (named) {
      const other = byName.get(named)
      if (other) union(org.id, other)
      else byName.set(named, org.id)
    }
    const host = websiteHost(org.extra)
    if (host) {
      const other = byHost.get(host)
      if (other) union(org.id, other)
      else byHost.set(host, org.id)
    }
  }
  const members = new Map<string, string[]>()
  for (const org of organizations) {
    const root = find(org.id)
    const list = members.get(root)
    if (list) list.push(org.id)
    else members.set(root, [org.id])
  }
  const out = new Map<string, string>()
  for (const list of members.values()) {
    const named = list.map((id) => nameKeyOf.get(id)).filter((key): key is string => !!key).sort()
    const id = named[0] ?? [...list].sort()[0]!
    for (const member of list) out.set(member, id)
  }
  return out
}
