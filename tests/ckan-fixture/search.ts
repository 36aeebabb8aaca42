// Why this file is long: the fixture's search is one index (the corpus, the changes, the cached matches) and every
// query form it answers reads that index's internals.
// A portal's live state (the generated corpus plus modify() changes) and a small Solr-like search over
// it. Memory stays bounded: the corpus itself is never stored; what is stored is O(changes) plus, per
// cached query, at most one Int32Array of matching indices (LRU, a handful of entries).
//
// Order model: base dataset i has metadata_modified increasing with i. Datasets touched by modify()
// (updated or added) move to the "tail", ordered by their new timestamps, all newer than any base
// dataset. So "sort by metadata_modified asc" = base indices ascending (minus the touched/deleted ones)
// followed by the tail; a page of it is computed by arithmetic, never by sorting.

import { GROUPS, LICENSES } from '../../server/ckan/demo/vocab.server.ts'
import { Rng, hash32 } from '../../server/ckan/demo/random.server.ts'
import { BASE_MODIFIED_END_US, fold } from './corpus.ts'
import type { Attrs, Corpus } from './corpus.ts'

// ---------------------------------------------------------------------------------------------- errors

/** An Action API failure: HTTP status plus the `error` object (or, for 400 "Bad request", a bare string). */
export class ActionError extends Error {
  status: number
  error: Record<string, unknown> | string
  constructor(status: number, error: Record<string, unknown> | string) {
    super(typeof error === 'string' ? error : String(error.message ?? error.__type))
    this.status = status
    this.error = error
  }
}

export function notFound(detail?: string): ActionError {
  return new ActionError(404, { __type: 'Not Found Error', message: detail ? `Not found: ${detail}` : 'Not found' })
}

/**
 * CKAN's Validation Error has one key per invalid field (`{"rows": ["Invalid integer"]}`) and no
 * `message`; the fixture adds `message` too (joined field errors) for clients coded against the contract.
 */
export function validationError(fields: Record<string, string[]>): ActionError {
  const message = Object.entries(fields).map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')
  return new ActionError(409, { __type: 'Validation Error', message, ...fields })
}

function pyRepr(s: string): string {
  return s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/'/g, "\\'")}'`
}

export function searchQueryError(detail: string): ActionError {
  return new ActionError(400, { __type: 'Search Query Error', message: `Search Query is invalid: (${pyRepr(detail)},)` })
}

export function searchError(detail: string): ActionError {
  return new ActionError(409, { __type: 'Search Error', message: `Search error: (${pyRepr(`SOLR returned an error running query: ${detail}`)},)` })
}

// ---------------------------------------------------------------------------------------------- queries

type RangeBound = { ms: number | null; inclusive: boolean }
type Clause =
  | { kind: 'all'; neg: boolean }
  | { kind: 'field'; field: string; values: string[]; neg: boolean }
  | { kind: 'range'; field: string; from: RangeBound; to: RangeBound; neg: boolean }
  | { kind: 'text'; field: string; term: string; neg: boolean }

const TEXT_FIELDS = new Set(['text', 'title', 'notes', 'title_ngram'])
const TRIVIAL: Record<string, string[]> = { type: ['dataset'], state: ['active'], capacity: ['public'], private: ['false'], dataset_type: ['dataset'], entity_type: ['package'] }
const DATE_FIELDS = new Set(['metadata_modified', 'metadata_created'])

function parseSolrDate(raw: string, field: string): number | null {
  if (raw === '*') return null
  const now = /^NOW(?:([+-])(\d+)(YEARS?|MONTHS?|DAYS?|HOURS?|MINUTES?|SECONDS?))?(?:\/(DAY|HOUR))?$/.exec(raw)
  if (now) {
    let ms = Date.now()
    if (now[1] && now[2] && now[3]) {
      const unit = now[3].replace(/S$/, '')
      const n = Number(now[2]) * (now[1] === '-' ? -1 : 1)
      const d = new Date(ms)
      if (unit === 'YEAR') d.setUTCFullYear(d.getUTCFullYear() + n)
      else if (unit === 'MONTH') d.setUTCMonth(d.getUTCMonth() + n)
      else d.setTime(ms + n * { DAY: 86_400_000, HOUR: 3_600_000, MINUTE: 60_000, SECOND: 1000 }[unit as 'DAY'])
      ms = d.getTime()
    }
    if (now[4] === 'DAY') ms = Math.floor(ms / 86_400_000) * 86_400_000
    if (now[4] === 'HOUR') ms = Math.floor(ms / 3_600_000) * 3_600_000
    return ms
  }
  // Solr only accepts full ISO instants with a trailing Z; CKAN's own timestamps (no Z) are rejected.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(raw)) {
    throw searchError(`Invalid Date String:'${raw}' (field ${field})`)
  }
  const ms = Date.parse(raw.replace(/(\.\d{3})\d+Z$/, '$1Z'))
  if (Number.isNaN(ms)) throw searchError(`Invalid Date String:'${raw}' (field ${field})`)
  return ms
}

function unescapeSolr(s: string): string {
  return s.replace(/\\(.)/g, '$1')
}

/** Parses the subset of Lucene/Solr syntax CKAN clients send; bare words become free-text terms. */
export function parseQuery(input: string, bareField: string): Clause[] {
  const clauses: Clause[] = []
  let p = 0
  const s = input
  const ws = () => {
    while (p < s.length && /\s/.test(s[p] as string)) p++
  }
  const readBare = (): string => {
    const start = p
    while (p < s.length && !/\s/.test(s[p] as string) && s[p] !== ')') {
      if (s[p] === '\\') p++
      p++
    }
    return s.slice(start, p)
  }
  const readQuoted = (): string => {
    p++ // opening quote
    let out = ''
    while (p < s.length && s[p] !== '"') {
      if (s[p] === '\\') p++
      out += s[p] ?? ''
      p++
    }
    if (s[p] !== '"') throw searchError(`Cannot parse '${input}': unterminated quote`)
    p++
    return out
  }
  let negateNext = false
  while (true) {
    ws()
    if (p >= s.length) break
    if (/^(AND|&&)(\s|$)/.test(s.slice(p))) {
      p += s.startsWith('&&', p) ? 2 : 3
      continue
    }
    if (/^(OR|\|\|)(\s|$)/.test(s.slice(p))) {
      throw searchError(`fixture limitation: top-level OR is not supported in '${input}' (use field:(a OR b))`)
    }
    if (/^NOT\s/.test(s.slice(p))) {
      p += 3
      negateNext = true
      continue
    }
    let neg = negateNext
    negateNext = false
    if (s[p] === '+') p++
    else if (s[p] === '-' || s[p] === '!') {
      neg = !neg
      p++
    }
    if (s[p] === '(') throw searchError(`fixture limitation: grouped clauses are not supported in '${input}'`)
    if (s[p] === ')') throw searchError(`Cannot parse '${input}': unbalanced ')'`)
    if (s[p] === '"') {
      clauses.push({ kind: 'text', field: bareField, term: fold(readQuoted()), neg })
      continue
    }
    const m = /^([A-Za-z_][A-Za-z0-9_.-]*|\*):/.exec(s.slice(p))
    if (!m) {
      const word = unescapeSolr(readBare())
      if (word) clauses.push({ kind: 'text', field: bareField, term: fold(word), neg })
      continue
    }
    const field = m[1] as string
    p += m[0].length
    if (field === '*') {
      const v = readBare()
      if (v !== '*') throw searchError(`Cannot parse '${input}'`)
      clauses.push({ kind: 'all', neg })
      continue
    }
    const c = s[p]
    if (c === '[' || c === '{') {
      const close = s.slice(p).search(/[\]}]/)
      if (close < 0) throw searchError(`Cannot parse '${input}': unterminated range`)
      const body = s.slice(p + 1, p + close)
      const endInclusive = s[p + close] === ']'
      const parts = body.trim().split(/\s+TO\s+/)
      if (parts.length !== 2) throw searchError(`Cannot parse '${input}': bad range`)
      p += close + 1
      if (DATE_FIELDS.has(field)) {
        clauses.push({
          kind: 'range', field, neg,
          from: { ms: parseSolrDate(parts[0] as string, field), inclusive: c === '[' },
          to: { ms: parseSolrDate(parts[1] as string, field), inclusive: endInclusive },
        })
      } else {
        const num = (x: string) => (x === '*' ? null : Number(x))
        clauses.push({ kind: 'range', field, neg, from: { ms: num(parts[0] as string), inclusive: c === '[' }, to: { ms: num(parts[1] as string), inclusive: endInclusive } })
      }
      continue
    }
    let values: string[]
    if (c === '"') values = [readQuoted()]
    else if (c === '(') {
      p++
      values = []
      while (true) {
        ws()
        if (p >= s.length) throw searchError(`Cannot parse '${input}': unterminated group`)
        if (s[p] === ')') {
          p++
          break
        }
        if (/^(OR|\|\|)(\s|\))/.test(s.slice(p))) {
          p += s.startsWith('||', p) ? 2 : 2
          continue
        }
        if (/^AND\s/.test(s.slice(p))) throw searchError(`fixture limitation: AND inside a group is not supported in '${input}'`)
        values.push(s[p] === '"' ? readQuoted() : unescapeSolr(readBare()))
      }
    } else values = [unescapeSolr(readBare())]
    if (TEXT_FIELDS.has(field)) {
      for (const v of values) clauses.push({ kind: 'text', field, term: fold(v), neg })
    } else clauses.push({ kind: 'field', field, values, neg })
  }
  return clauses
}

// ---------------------------------------------------------------------------------------------- sorting

export const DEFAULT_SORT = 'score desc, metadata_modified desc'
type SortKey = { field: 'score' | 'metadata_modified' | 'metadata_created' | 'name' | 'title_string' | 'zero'; desc: boolean }

export function parseSort(sort: string): SortKey[] {
  const out: SortKey[] = []
  for (const part of sort.split(',')) {
    const bits = part.trim().split(/\s+/)
    if (bits.length === 1 && bits[0] === '') continue
    if (bits.length !== 2) throw searchQueryError('Invalid "sort" parameter')
    const [field, dir] = bits as [string, string]
    if (dir !== 'asc' && dir !== 'desc') throw searchQueryError('Invalid "sort" parameter')
    if (field === 'views_recent' || field === 'views_total') out.push({ field: 'zero', desc: dir === 'desc' })
    else if (field === 'score' || field === 'metadata_modified' || field === 'metadata_created' || field === 'name' || field === 'title_string') {
      out.push({ field, desc: dir === 'desc' })
    } else throw searchError(`sort param field can't be found: ${field}`)
  }
  return out
}

// ---------------------------------------------------------------------------------------------- selection

type Facets = Map<string, Map<string, number>>
export const FACETABLE = ['organization', 'groups', 'tags', 'res_format', 'license_id'] as const

type Entry = {
  count: number
  /** ascending by metadata_modified; null when the selection is an arithmetic range of the live order */
  list: Int32Array | null
  lo: number
  hi: number
  headCount: number
  headOffset: number
  tail: number[]
  scores: Float32Array | null
  /** Counts per facet field, each counted when first asked for. */
  facets: Facets
  sorted: Map<string, Int32Array>
}

export type SearchInput = {
  q: string
  fq: string
  sort: string
  start: number
  rows: number
}

export class PortalData {
  readonly corpus: Corpus
  version = 0
  private addedCount = 0
  private readonly addedCreatedUs: number[] = []
  private readonly deleted = new Set<number>()
  private tail: number[] = []
  private readonly tailUs = new Map<number, number>()
  private excluded = new Int32Array(0)
  private readonly cache = new Map<string, Entry>()
  private modifyCalls = 0
  private lastUs = BASE_MODIFIED_END_US

  constructor(corpus: Corpus) {
    this.corpus = corpus
  }

  get total(): number {
    return this.corpus.baseN - this.excluded.length + this.tail.length
  }

  isLive(i: number): boolean {
    return i >= 0 && i < this.corpus.baseN + this.addedCount && !this.deleted.has(i)
  }

  modifiedUs(i: number): number {
    return this.tailUs.get(i) ?? this.corpus.baseModifiedUs(i)
  }

  createdUs(i: number): number {
    return i >= this.corpus.baseN ? (this.addedCreatedUs[i - this.corpus.baseN] ?? 0) : this.corpus.baseCreatedUs(i)
  }

  doc(i: number, siteUrl: string): Record<string, unknown> {
    const touched = this.tailUs.has(i)
    return this.corpus.dataset(i, siteUrl, touched ? this.modifiedUs(i) : undefined, i >= this.corpus.baseN ? this.createdUs(i) : undefined)
  }

  // -------------------------------------------------------------------------------- order arithmetic

  /** number of excluded base indices < x */
  private excludedBelow(x: number): number {
    const e = this.excluded
    let lo = 0
    let hi = e.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((e[mid] as number) < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** the r-th (0-based) base index that is not excluded */
  private kth(r: number): number {
    const e = this.excluded
    let lo = 0
    let hi = e.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((e[mid] as number) - mid <= r) lo = mid + 1
      else hi = mid
    }
    return r + lo
  }

  private headRange(entry: Entry, from: number, n: number): number[] {
    const out: number[] = []
    if (n <= 0) return out
    let idx = this.kth(entry.headOffset + from)
    let p = this.excludedBelow(idx)
    const e = this.excluded
    while (out.length < n) {
      if (p < e.length && e[p] === idx) {
        p++
        idx++
        continue
      }
      out.push(idx)
      idx++
    }
    return out
  }

  /** live-order (metadata_modified asc) slice [from, from+n) of a selection */
  private ascSlice(entry: Entry, from: number, n: number): number[] {
    from = Math.max(0, from)
    const to = Math.min(entry.count, from + n)
    if (to <= from) return []
    if (entry.list) return Array.from(entry.list.subarray(from, to))
    const headTo = Math.min(to, entry.headCount)
    const out = from < entry.headCount ? this.headRange(entry, from, headTo - from) : []
    for (let r = Math.max(from, entry.headCount); r < to; r++) out.push(entry.tail[r - entry.headCount] as number)
    return out
  }

  private forEachInSelection(entry: Entry, fn: (i: number, pos: number) => void): void {
    if (entry.list) {
      entry.list.forEach((i, pos) => fn(i, pos))
      return
    }
    const chunk = 65_536
    for (let from = 0; from < entry.count; from += chunk) {
      const part = this.ascSlice(entry, from, chunk)
      part.forEach((i, k) => fn(i, from + k))
    }
  }

  // -------------------------------------------------------------------------------- selections

  private rangeEntry(fromMs: number | null, toMs: number | null): Entry {
    const c = this.corpus
    const lo = fromMs === null ? 0 : c.firstBaseIndexModifiedAtOrAfterMs(fromMs)
    const hi = toMs === null ? c.baseN : c.firstBaseIndexModifiedAtOrAfterMs(toMs + 1)
    const clampedHi = Math.max(lo, hi)
    const exLo = this.excludedBelow(lo)
    const headCount = clampedHi - lo - (this.excludedBelow(clampedHi) - exLo)
    const tail = this.tail.filter((i) => {
      const ms = Math.floor((this.tailUs.get(i) as number) / 1000)
      return (fromMs === null || ms >= fromMs) && (toMs === null || ms <= toMs)
    })
    return {
      count: headCount + tail.length, list: null, lo, hi: clampedHi, headCount, headOffset: lo - exLo, tail,
      scores: null, facets: new Map(), sorted: new Map(),
    }
  }

  private touch(key: string, make: () => Entry): Entry {
    const hit = this.cache.get(key)
    if (hit) {
      this.cache.delete(key)
      this.cache.set(key, hit)
      return hit
    }
    const entry = make()
    this.cache.set(key, entry)
    while (this.cache.size > 12) {
      const oldest = this.cache.keys().next().value as string
      this.cache.delete(oldest)
    }
    return entry
  }

  /** The selection for (q, fq), cached. `hasText` tells whether relevance scores exist. */
  select(q: string, fq: string): { entry: Entry; hasText: boolean } {
    const qTrim = q.trim()
    const all = !qTrim || qTrim === '*:*' || qTrim === '""' || qTrim === "''"
    const clauses = [...(all ? [] : parseQuery(qTrim, 'text')), ...parseQuery(fq, 'text')]
    const hasText = !all && clauses.some((c) => c.kind === 'text' && !c.neg)
    // metadata_modified ranges (not negated) narrow the arithmetic range; everything else filters it.
    let fromMs: number | null = null
    let toMs: number | null = null
    const rest: Clause[] = []
    for (const c of clauses) {
      if (c.kind === 'range' && c.field === 'metadata_modified' && !c.neg) {
        if (c.from.ms !== null) {
          const f = c.from.inclusive ? c.from.ms : c.from.ms + 1
          fromMs = fromMs === null ? f : Math.max(fromMs, f)
        }
        if (c.to.ms !== null) {
          const t = c.to.inclusive ? c.to.ms : c.to.ms - 1
          toMs = toMs === null ? t : Math.min(toMs, t)
        }
      } else if (c.kind === 'all' && !c.neg) {
        // no-op
      } else if (c.kind === 'field' && !c.neg && TRIVIAL[c.field] && c.values.some((v) => TRIVIAL[c.field]?.includes(v) || v === '*')) {
        // no-op: every generated dataset is a public, active dataset
      } else if (c.kind === 'field' && c.field === 'site_id' && !c.neg) {
        // no-op
      } else rest.push(c)
    }
    const key = JSON.stringify([this.version, fromMs, toMs, rest])
    const entry = this.touch(key, () => {
      const range = this.rangeEntry(fromMs, toMs)
      if (rest.length === 0) return range
      return this.filter(range, rest, hasText)
    })
    return { entry, hasText }
  }

  private filter(range: Entry, clauses: Clause[], hasText: boolean): Entry {
    let buf = new Int32Array(1024)
    let scores: Float32Array | null = hasText ? new Float32Array(1024) : null
    let n = 0
    this.forEachInSelection(range, (i) => {
      const score = this.evaluate(i, clauses)
      if (score < 0) return
      if (n === buf.length) {
        const nb = new Int32Array(buf.length * 2)
        nb.set(buf)
        buf = nb
        if (scores) {
          const ns = new Float32Array(scores.length * 2)
          ns.set(scores)
          scores = ns
        }
      }
      buf[n] = i
      if (scores) scores[n] = score
      n++
    })
    return {
      count: n, list: buf.slice(0, n), lo: 0, hi: 0, headCount: 0, headOffset: 0, tail: [],
      scores: scores ? scores.slice(0, n) : null, facets: new Map(), sorted: new Map(),
    }
  }

  /** -1 when dataset i fails the clauses, otherwise its relevance score (0 without text terms). */
  private evaluate(i: number, clauses: Clause[]): number {
    const c = this.corpus
    let a: Attrs | null = null
    let text: { title: string; notes: string; tags: string } | null = null
    const attrs = () => (a ??= c.attrs(i))
    let score = 0
    for (const clause of clauses) {
      let ok: boolean
      let gained = 0
      if (clause.kind === 'all') ok = true
      else if (clause.kind === 'text') {
        text ??= c.searchText(i)
        const t = clause.term
        const inTitle = (clause.field === 'text' || clause.field === 'title' || clause.field === 'title_ngram') && text.title.includes(t)
        const inNotes = (clause.field === 'text' || clause.field === 'notes') && text.notes.includes(t)
        const inTags = clause.field === 'text' && text.tags.includes(t)
        ok = inTitle || inNotes || inTags
        gained = (inTitle ? 4 : 0) + (inTags ? 2 : 0) + (inNotes ? 1 : 0)
      } else if (clause.kind === 'range') {
        const v = clause.field === 'metadata_modified' ? Math.floor(this.modifiedUs(i) / 1000)
          : clause.field === 'metadata_created' ? Math.floor(this.createdUs(i) / 1000)
            : clause.field === 'num_resources' ? attrs().resources
              : clause.field === 'num_tags' ? attrs().tags.length : null
        ok = v !== null
          && (clause.from.ms === null || (clause.from.inclusive ? v >= clause.from.ms : v > clause.from.ms))
          && (clause.to.ms === null || (clause.to.inclusive ? v <= clause.to.ms : v < clause.to.ms))
      } else {
        const have = this.fieldValues(i, clause.field, attrs)
        ok = clause.values.some((v) => {
          if (v === '*') return have.length > 0
          if (v.endsWith('*') && !v.endsWith('\\*')) return have.some((h) => h.startsWith(v.slice(0, -1)))
          return have.includes(v)
        })
      }
      if (clause.neg) ok = !ok
      if (!ok) return -1
      score += gained
    }
    return score
  }

  private fieldValues(i: number, field: string, attrs: () => Attrs): string[] {
    const c = this.corpus
    switch (field) {
      case 'organization': return [c.orgs[c.publisherOf(i)]?.name ?? '']
      case 'owner_org': return [c.orgs[c.publisherOf(i)]?.id ?? '']
      case 'groups': return attrs().groups
      case 'tags': return attrs().tags
      case 'res_format': return attrs().formats
      case 'license_id': {
        const id = attrs().license
        return id === null ? [] : [id]
      }
      case 'name': return [c.packageName(i)]
      case 'id': return [c.packageId(i)]
      case 'num_resources': return [String(attrs().resources)]
      case 'num_tags': return [String(attrs().tags.length)]
      case 'type': case 'dataset_type': return ['dataset']
      case 'state': return ['active']
      case 'capacity': return ['public']
      case 'private': return ['false']
      default: return [] // CKAN's Solr schema has a catch-all dynamic field: unknown fields just match nothing
    }
  }

  // -------------------------------------------------------------------------------- results

  /** Indices of one page of a selection in the requested order. */
  page(entry: Entry, hasText: boolean, sort: string, start: number, rows: number): number[] {
    const keys = parseSort(sort).filter((k) => k.field !== 'zero' && (hasText || k.field !== 'score'))
    const first = keys[0]
    if (!first || first.field === 'metadata_modified') {
      // the live order is the metadata_modified order (timestamps are unique), nothing to sort
      if (!first || !first.desc) return this.ascSlice(entry, start, rows)
      const to = entry.count - start
      const from = Math.max(0, to - rows)
      return this.ascSlice(entry, from, to - from).reverse()
    }
    const sortKey = keys.map((k) => `${k.field} ${k.desc}`).join(',')
    let order = entry.sorted.get(sortKey)
    if (!order) {
      order = this.sortSelection(entry, keys)
      entry.sorted.set(sortKey, order)
    }
    return Array.from(order.subarray(Math.min(start, order.length), Math.min(start + rows, order.length)))
  }

  private sortSelection(entry: Entry, keys: SortKey[]): Int32Array {
    const n = entry.count
    const idx = new Int32Array(n)
    this.forEachInSelection(entry, (i, pos) => {
      idx[pos] = i
    })
    const c = this.corpus
    const columns = keys.map((k) => {
      if (k.field === 'score') return entry.scores ?? new Float32Array(n)
      if (k.field === 'metadata_modified') return null // position in idx is the metadata_modified rank
      if (k.field === 'metadata_created') return Float64Array.from(idx, (i) => this.createdUs(i))
      if (k.field === 'name') return Array.from(idx, (i) => c.packageName(i))
      return Array.from(idx, (i) => c.title(i))
    })
    const perm = new Int32Array(n)
    for (let k = 0; k < n; k++) perm[k] = k
    perm.sort((x, y) => {
      for (let k = 0; k < keys.length; k++) {
        const col = columns[k]
        const desc = (keys[k] as SortKey).desc
        const vx = col ? (col[x] as number | string) : x
        const vy = col ? (col[y] as number | string) : y
        if (vx < vy) return desc ? 1 : -1
        if (vx > vy) return desc ? -1 : 1
      }
      return x - y
    })
    return Int32Array.from(perm, (pos) => idx[pos] as number)
  }

  /**
   * Counts per value of the given facet fields over a selection, cached with it. Publishers cost little to count
   * (organization_list asks for them on a million datasets); the other fields need each dataset made.
   */
  facetCounts(entry: Entry, fields: readonly string[] = FACETABLE): Facets {
    const missing = FACETABLE.filter((f) => fields.includes(f) && !entry.facets.has(f))
    if (missing.length === 0) return entry.facets
    const c = this.corpus
    const counts = new Map<string, Map<string, number>>(missing.map((f) => [f, new Map()]))
    const bump = (field: string, value: string) => {
      const m = counts.get(field)
      if (m) m.set(value, (m.get(value) ?? 0) + 1)
    }
    const needAttrs = missing.some((f) => f !== 'organization')
    this.forEachInSelection(entry, (i) => {
      bump('organization', c.orgs[c.publisherOf(i)]?.name ?? '')
      if (!needAttrs) return
      const a = c.attrs(i)
      for (const g of a.groups) bump('groups', g)
      for (const t of a.tags) bump('tags', t)
      for (const f of a.formats) bump('res_format', f)
      if (a.license !== null) bump('license_id', a.license)
    })
    for (const [field, m] of counts) entry.facets.set(field, m)
    return entry.facets
  }

  /** `facets` and `search_facets` as CKAN 2.10 returns them for the requested fields. */
  facetResult(entry: Entry, fields: string[], limit: number, mincount: number): { facets: Record<string, Record<string, number>>; search_facets: Record<string, unknown> } {
    const facets: Record<string, Record<string, number>> = {}
    const search_facets: Record<string, unknown> = {}
    if (fields.length === 0) return { facets, search_facets }
    const counts = this.facetCounts(entry, fields)
    const c = this.corpus
    for (const field of fields) {
      const m = counts.get(field) ?? new Map<string, number>()
      // Solr: count desc, ties by term; facet.limit applies here (negative = unlimited)
      let items = [...m].filter(([, n]) => n >= mincount).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
      if (limit >= 0) items = items.slice(0, limit)
      facets[field] = Object.fromEntries(items)
      const display = (name: string): string => {
        if (field === 'organization') {
          const k = c.orgByKey.get(name)
          return k === undefined ? name : (c.orgs[k]?.title || name)
        }
        if (field === 'groups') return GROUPS.find((g) => g.name === name)?.title || name
        if (field === 'license_id') return LICENSES.find((l) => l.id === name)?.title ?? name
        return name
      }
      // CKAN 2.10 then sorts search_facets items by display_name, descending
      const restructured = items
        .map(([name, count]) => ({ name, display_name: display(name), count }))
        .sort((x, y) => (x.display_name < y.display_name ? 1 : x.display_name > y.display_name ? -1 : 0))
      search_facets[field] = { title: field, items: restructured }
    }
    return { facets, search_facets }
  }

  /** Counts per organization / group name over the whole live corpus (for package_count). */
  countsBy(field: 'organization' | 'groups'): Map<string, number> {
    return this.facetCounts(this.select('', '').entry, [field]).get(field) as Map<string, number>
  }

  /** Name-sorted live names (package_list). */
  namesSorted(start: number, limit: number): string[] {
    const { entry, hasText } = this.select('', '')
    return this.page(entry, hasText, 'name asc', start, limit).map((i) => this.corpus.packageName(i))
  }

  // -------------------------------------------------------------------------------- changes

  modify(changes: { updated?: number; deleted?: number; added?: number }): void {
    this.modifyCalls++
    const rng = new Rng(hash32(this.corpus.seed, this.modifyCalls, 0xd1f))
    const { entry } = this.select('', '')
    const live = entry.count
    const want = Math.min(live, Math.max(0, Math.floor(changes.updated ?? 0)) + Math.max(0, Math.floor(changes.deleted ?? 0)))
    // sparse Fisher-Yates over live ranks: distinct, deterministic, O(want)
    const swaps = new Map<number, number>()
    const ranks: number[] = []
    for (let k = 0; k < want; k++) {
      const j = k + rng.int(live - k)
      const vj = swaps.get(j) ?? j
      swaps.set(j, swaps.get(k) ?? k)
      ranks.push(vj)
    }
    const picked = ranks.map((r) => this.ascSlice(entry, r, 1)[0] as number)
    const nUpdated = Math.min(picked.length, Math.max(0, Math.floor(changes.updated ?? 0)))
    const updated = picked.slice(0, nUpdated)
    const deleted = picked.slice(nUpdated)

    let ts = Math.max(Date.now() * 1000, this.lastUs + 1000)
    const moved = new Set([...updated, ...deleted])
    this.tail = this.tail.filter((i) => !moved.has(i))
    for (const i of updated) {
      this.tail.push(i)
      this.tailUs.set(i, ts)
      ts += 1000
    }
    for (const i of deleted) {
      this.deleted.add(i)
      this.tailUs.delete(i)
    }
    const added = Math.max(0, Math.floor(changes.added ?? 0))
    for (let k = 0; k < added; k++) {
      const i = this.corpus.baseN + this.addedCount++
      this.addedCreatedUs.push(ts)
      this.tail.push(i)
      this.tailUs.set(i, ts)
      ts += 1000
    }
    this.lastUs = ts
    const ex: number[] = []
    for (const i of this.deleted) if (i < this.corpus.baseN) ex.push(i)
    for (const i of this.tailUs.keys()) if (i < this.corpus.baseN) ex.push(i)
    this.excluded = Int32Array.from(ex).sort()
    this.version++
    this.cache.clear()
  }
}
