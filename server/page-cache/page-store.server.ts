import type { Encoding } from './compression.server.ts'

/** One render of a shared page, as it is served: the HTML, its encodings and the headers that belong to this render. */
export type StoredPage = {
  /** The data version it was rendered from; another version now means it is stale. */
  version: string
  etag: string
  contentType: string
  /** The page's CSP with the hashes of its own inline scripts (no nonce: the same bytes go to everyone). */
  csp: string
  body: Uint8Array<ArrayBuffer>
  /** Compressed once when stored (Node); empty under Workers, where the platform compresses. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>
}

export interface PageStore {
  get(key: string): Promise<StoredPage | undefined>
  put(key: string, page: StoredPage): Promise<void>
}

function sizeOf(key: string, page: StoredPage): number {
  return key.length * 2 + page.body.byteLength + (page.encoded.br?.byteLength ?? 0) + (page.encoded.gzip?.byteLength ?? 0) + page.csp.length * 2 + 256
}

/** Node: the renders in this process's memory, least recently served dropped first once they hold `maxBytes`. */
export class MemoryPageStore implements PageStore {
  readonly #pages = new Map<string, { page: StoredPage; bytes: number }>()
  #bytes = 0
  readonly maxBytes: number
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }

  get bytes(): number {
    return this.#bytes
  }

  async get(key: string): Promise<StoredPage | undefined> {
    const entry = this.#pages.get(key)
    if (!entry) return undefined
    // A Map iterates in insertion order: moving the entry to the end keeps the least recently served first.
    this.#pages.delete(key)
    this.#pages.set(key, entry)
    return entry.page
  }

  async put(key: string, page: StoredPage): Promise<void> {
    const bytes = sizeOf(key, page)
    const previous = this.#pages.get(key)
    if (previous) {
      this.#pages.delete(key)
      this.#bytes -= previous.bytes
    }
    if (bytes > this.maxBytes) return
    this.#pages.set(key, { page, bytes })
    this.#bytes += bytes
    for (const [oldest, entry] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break
      this.#pages.delete(oldest)
      this.#bytes -= entry.bytes
    }
  }
}

/** The part of the Workers Cache API this store uses (https://developers.cloudflare.com/workers/runtime-apis/cache/). */
type EdgeCache = { match(request: string): Promise<Response | undefined>; put(request: string, response: Response): Promise<void> }

/** The zone's cache under Workers (`caches.default`); undefined elsewhere. */
export function edgeCache(): EdgeCache | undefined {
  return (globalThis as { caches?: { default?: EdgeCache } }).caches?.default
}

const VERSION_HEADER = 'X-Portalscope-Data-Version'
/**
 * How long the Cache API keeps a render. Freshness is decided here by the data version, not by the Cache API; this
 * only lets renders nobody asks for expire.
 */
const EDGE_TTL_S = 24 * 60 * 60

/**
 * Workers: the renders in the data centre's Cache API, under an address of their own on the app's origin (the key
 * holds the language, which the request's address alone does not). Shared by every isolate of the data centre.
 */
export class EdgePageStore implements PageStore {
  readonly cache: EdgeCache
  readonly origin: string
  constructor(cache: EdgeCache, origin: string) {
    this.cache = cache
    this.origin = origin
  }

  #address(key: string): string {
    return `${this.origin}/__page-cache/${encodeURIComponent(key)}`
  }

  async get(key: string): Promise<StoredPage | undefined> {
    const res = await this.cache.match(this.#address(key))
    const version = res?.headers.get(VERSION_HEADER)
    if (!res || version === null || version === undefined) return undefined
    return {
      version,
      etag: res.headers.get('ETag') ?? '',
      contentType: res.headers.get('Content-Type') ?? 'text/html',
      csp: res.headers.get('Content-Security-Policy') ?? '',
      body: new Uint8Array(await res.arrayBuffer()),
      encoded: {},
    }
  }

  async put(key: string, page: StoredPage): Promise<void> {
    const headers = {
      [VERSION_HEADER]: page.version,
      ETag: page.etag,
      'Content-Type': page.contentType,
      'Content-Security-Policy': page.csp,
      'Cache-Control': `public, max-age=${EDGE_TTL_S}`,
    }
    await this.cache.put(this.#address(key), new Response(page.body, { headers }))
  }
}
