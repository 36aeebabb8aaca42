// Why this file is long: the link checker's rules (SSRF, robots.txt, politeness, redirects, peeking) tested against one
// local server that plays every kind of misbehaving host.
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { CkanError } from './errors.server.ts'
import { DEFAULT_LINK_CHECK_USER_AGENT, checkLinks, summariseChecks, type LinkCheckOptions, type LinkCheckResult } from './link-check.server.ts'
import { madeBy } from '../../lib/made-by.ts'

// The checker against real HTTP servers on loopback. Time is a fake clock that only the checker's politeness pauses
// move, so the gaps between requests are asserted exactly and no test waits out a real delay.

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; at: number }
type Route = (req: IncomingMessage, res: ServerResponse) => void
type TestServer = { origin: string; port: number; seen: Seen[]; requests(): string[]; close(): Promise<void> }

const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function fakeClock() {
  let time = Date.UTC(2026, 0, 1)
  const sleeps: number[] = []
  return {
    now: () => new Date(time),
    sleep: async (ms: number) => {
      sleeps.push(ms)
      time += ms
    },
    time: () => time,
    sleeps,
  }
}

/** A loopback server; unknown paths (robots.txt included) answer 404. `requests()` lists "METHOD /path". */
async function serve(routes: Record<string, Route>, clock: { time: () => number } = { time: () => 0 }): Promise<TestServer> {
  const seen: Seen[] = []
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    seen.push({ method: req.method ?? '', path, headers: req.headers, at: clock.time() })
    const route = routes[path.split('?')[0]!]
    if (route) route(req, res)
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const testServer: TestServer = {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    requests: () => seen.map((request) => `${request.method} ${request.path}`),
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
  servers.push(testServer)
  return testServer
}

/** A port that was just open and is now closed: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

const text = (type: string, body: string, extra: Record<string, string> = {}): Route => (req, res) => {
  res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...extra })
  res.end(req.method === 'HEAD' ? undefined : body)
}
const status = (code: number, headers: Record<string, string> = {}): Route => (_req, res) => {
  res.writeHead(code, headers).end()
}
const redirect = (location: string, code = 302): Route => status(code, { location })

function options(clock = fakeClock(), extra: LinkCheckOptions = {}): LinkCheckOptions {
  return { allowPrivate: true, now: clock.now, sleep: clock.sleep, timeoutMs: 5000, ...extra }
}

/** Real fetch that counts its calls (to show that some checks make none). */
function countingFetch() {
  const calls: string[] = []
  const counted: typeof fetch = (input, init) => {
    calls.push(String(madeBy(input, Request) ? input.url : input))
    return fetch(input, init)
  }
  return { fetch: counted, calls }
}

/**
 * Real fetch, with every *.example name carried to the loopback server (offline, no public name is real) and the
 * name it was meant for in an x-test-host header.
 */
const viaLoopback: typeof fetch = (input, init) => {
  const url = new URL(String(madeBy(input, Request) ? input.url : input))
  const host = url.hostname
  if (host.endsWith('.example')) url.hostname = '127.0.0.1'
  return fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-test-host': host } })
}

/** a.example and b.example as two servers (documentation addresses: politeness keys only, fetch goes to loopback). */
const twoServers = async (host: string): Promise<string[]> => (host === 'a.example' ? ['192.0.2.10'] : ['192.0.2.11'])

function only(results: LinkCheckResult[]): LinkCheckResult {
  expect(results).toHaveLength(1)
  return results[0]!
}

describe('a resource that answers HEAD', () => {
  it('is checked with one HEAD, recording status, media type and size', async () => {
    const server = await serve({ '/data.csv': text('text/CSV; charset=utf-8', 'a,b\n'.repeat(300)) })
    const result = only(await checkLinks([`${server.origin}/data.csv`], options()))
    expect(result).toMatchObject({
      url: `${server.origin}/data.csv`,
      ok: true,
      status: 200,
      contentType: 'text/csv',
      size: 1200,
      finalUrl: `${server.origin}/data.csv`,
      error: null,
      method: 'HEAD',
    })
    expect(result.checkedAt).toEqual(expect.any(Date))
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /data.csv'])
    expect(server.seen.every((request) => request.headers['user-agent'] === DEFAULT_LINK_CHECK_USER_AGENT)).toBe(true)
  })
})

describe('falling back to a ranged GET', () => {
  it('retries a 405 with GET bytes=0-1023 and reads the size from Content-Range', async () => {
    const server = await serve({
      '/big.zip': (req, res) => {
        if (req.method === 'HEAD') return status(405, { allow: 'GET' })(req, res)
        res.writeHead(206, { 'content-type': 'application/zip', 'content-range': 'bytes 0-1023/50000', 'content-length': '1024' })
        res.end(Buffer.alloc(1024, 1))
      },
    })
    const result = only(await checkLinks([`${server.origin}/big.zip`], options()))
    expect(result).toMatchObject({ ok: true, status: 206, contentType: 'application/zip', size: 50_000, method: 'GET', error: null })
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /big.zip', 'GET /big.zip'])
    expect(server.seen[2]!.headers.range).toBe('bytes=0-1023')
  })

  it('uses peekBytes for the range', async () => {
    const server = await serve({
      '/f': (req, res) => (req.method === 'HEAD' ? status(501)(req, res) : res.writeHead(206, { 'content-type': 'text/plain', 'content-range': 'bytes 0-9/10' }).end('0123456789')),
    })
    const result = only(await checkLinks([`${server.origin}/f`], options(fakeClock(), { peekBytes: 10 })))
    expect(server.seen.at(-1)!.headers.range).toBe('bytes=0-9')
    expect(result).toMatchObject({ ok: true, size: 10 })
  })

  it('tries GET when HEAD gives no content type, and counts a short body it read to the end', async () => {
    const server = await serve({
      '/small.csv': (req, res) => {
        // No Content-Length: chunked, so the size is only known from reading.
        res.writeHead(200, req.method === 'HEAD' ? {} : { 'content-type': 'text/csv' })
        if (req.method === 'HEAD') return res.end()
        res.write('a,b\n')
        res.end('1,2\n')
      },
    })
    const result = only(await checkLinks([`${server.origin}/small.csv`], options()))
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /small.csv', 'GET /small.csv'])
    expect(result).toMatchObject({ ok: true, status: 200, contentType: 'text/csv', size: 8, method: 'GET' })
  })

  it('reads at most the peek from a server that ignores Range, then cancels the body', async () => {
    let closedEarly!: Promise<boolean>
    let bytesSent = 0
    const server = await serve({
      '/stream': (req, res) => {
        if (req.method === 'HEAD') return status(403)(req, res)
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        closedEarly = new Promise((resolve) => res.on('close', () => resolve(!res.writableFinished)))
        const chunk = Buffer.alloc(64 * 1024, 7)
        // Ten megabytes if nobody stops reading.
        const pump = () => {
          while (bytesSent < 10 * 1024 * 1024 && !res.destroyed) {
            bytesSent += chunk.byteLength
            if (!res.write(chunk)) return void res.once('drain', pump)
          }
          res.end()
        }
        pump()
      },
    })
    const result = only(await checkLinks([`${server.origin}/stream`], options()))
    expect(result).toMatchObject({ ok: true, status: 200, size: null, method: 'GET' })
    expect(await closedEarly).toBe(true)
    expect(bytesSent).toBeLessThan(10 * 1024 * 1024)
  })

  it('answers a 416 (an empty file) with a plain GET', async () => {
    const server = await serve({
      '/empty.csv': (req, res) => {
        if (req.method === 'HEAD') return status(405)(req, res)
        if (req.headers.range) return status(416, { 'content-range': 'bytes */0' })(req, res)
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '0' }).end()
      },
    })
    const result = only(await checkLinks([`${server.origin}/empty.csv`], options()))
    expect(server.seen.map((request) => `${request.method} ${request.path} ${request.headers.range ?? '-'}`)).toEqual([
      'GET /robots.txt -',
      'HEAD /empty.csv -',
      'GET /empty.csv bytes=0-1023',
      'GET /empty.csv -',
    ])
    expect(result).toMatchObject({ ok: true, status: 200, size: 0, method: 'GET' })
  })
})

describe('redirects', () => {
  it('follows a chain of relative and absolute Locations itself', async () => {
    const server = await serve({
      '/a': redirect('b', 301),
      '/b': (req, res) => redirect(`${server.origin}/c?x=1`)(req, res),
      '/c': text('text/plain', 'done'),
    })
    const result = only(await checkLinks([`${server.origin}/a`], options()))
    expect(result).toMatchObject({ ok: true, status: 200, finalUrl: `${server.origin}/c?x=1`, method: 'HEAD', error: null })
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /a', 'HEAD /b', 'HEAD /c?x=1'])
  })

  it('stops after maxRedirects hops', async () => {
    const routes: Record<string, Route> = {}
    for (let i = 0; i < 10; i++) routes[`/loop/${i}`] = redirect(`/loop/${i + 1}`)
    const server = await serve(routes)
    const result = only(await checkLinks([`${server.origin}/loop/0`], options(fakeClock(), { maxRedirects: 2 })))
    expect(result).toMatchObject({ ok: false, status: 302, error: 'too-many-redirects', finalUrl: `${server.origin}/loop/3` })
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /loop/0', 'HEAD /loop/1', 'HEAD /loop/2'])
  })

  it('reports a redirect to something that is not http(s) as an invalid URL, without following it', async () => {
    const server = await serve({ '/ftp': redirect('ftp://files.example/data.csv') })
    const result = only(await checkLinks([`${server.origin}/ftp`], options()))
    expect(result).toMatchObject({ ok: false, status: 302, error: 'invalid-url', finalUrl: 'ftp://files.example/data.csv' })
  })

  it('guards every hop: a public link that redirects to a private address is blocked before the hop is called', async () => {
    // Offline, a public name cannot be real. So the guard gets a resolver that calls portal.example public and
    // intranet.example private, and fetch carries both names to the loopback server: everything else is real.
    const server = await serve({
      '/to-loopback': (req, res) => redirect(`http://127.0.0.1:${server.port}/secret`)(req, res),
      '/to-intranet': (req, res) => redirect(`http://intranet.example:${server.port}/secret`)(req, res),
      '/to-public': (req, res) => redirect(`http://portal.example:${server.port}/ok`)(req, res),
      '/ok': text('text/plain', 'fine'),
      '/secret': text('text/plain', 'admin'),
    })
    const looked: string[] = []
    const lookup = async (host: string) => {
      looked.push(host)
      return host === 'portal.example' ? ['93.184.216.34'] : ['10.0.0.5']
    }
    const start = `http://portal.example:${server.port}`
    const results = await checkLinks([`${start}/to-loopback`, `${start}/to-intranet`, `${start}/to-public`], options(fakeClock(), { allowPrivate: false, lookup, fetch: viaLoopback }))
    expect(results.map((result) => [result.error, result.status, result.finalUrl])).toEqual([
      ['blocked', 302, `http://127.0.0.1:${server.port}/secret`],
      ['blocked', 302, `http://intranet.example:${server.port}/secret`],
      [null, 200, `${start}/ok`],
    ])
    expect(looked).toContain('intranet.example')
    expect(server.requests()).not.toContain('HEAD /secret')
    expect(server.requests()).toContain('HEAD /ok')
  })
})

describe('broken links', () => {
  it('reports 404 and 500 as not ok, after confirming with GET', async () => {
    const server = await serve({ '/missing': status(404), '/crash': status(500, { 'content-type': 'text/html' }) })
    const results = await checkLinks([`${server.origin}/missing`, `${server.origin}/crash`], options())
    expect(results.map((result) => [result.ok, result.status, result.method, result.error])).toEqual([
      [false, 404, 'GET', null],
      [false, 500, 'GET', null],
    ])
  })

  it('takes 410 and 503 from HEAD alone', async () => {
    const server = await serve({ '/gone': status(410), '/busy': status(503, { 'content-type': 'text/html' }) })
    const results = await checkLinks([`${server.origin}/gone`, `${server.origin}/busy`], options())
    expect(results.map((result) => [result.ok, result.status, result.method])).toEqual([
      [false, 410, 'HEAD'],
      [false, 503, 'HEAD'],
    ])
    expect(server.requests().filter((request) => request.startsWith('GET /gone') || request.startsWith('GET /busy'))).toEqual([])
  })

  it('times out on a server that never answers, and goes on with the next URL', async () => {
    const server = await serve({ '/hang': () => {}, '/fine': text('text/plain', 'ok') })
    const results = await checkLinks([`${server.origin}/hang`, `${server.origin}/fine`], options(fakeClock(), { timeoutMs: 300 }))
    expect(results.map((result) => [result.error, result.status, result.method])).toEqual([
      ['timeout', null, 'HEAD'],
      [null, 200, 'HEAD'],
    ])
  })

  it('reports a refused connection without retrying the host for each URL', async () => {
    const port = await closedPort()
    const counted = countingFetch()
    const results = await checkLinks([`http://127.0.0.1:${port}/a.csv`, `http://127.0.0.1:${port}/b.csv`], options(fakeClock(), { fetch: counted.fetch }))
    expect(results.map((result) => [result.error, result.status, result.ok])).toEqual([
      ['refused', null, false],
      ['refused', null, false],
    ])
    // robots.txt was the only thing tried: a host that refuses it is not called again in this run.
    expect(counted.calls).toEqual([`http://127.0.0.1:${port}/robots.txt`])
  })

  it('reports a name that does not resolve as dns, without a request', async () => {
    const counted = countingFetch()
    const lookup = async (host: string): Promise<string[]> => {
      throw new CkanError('unreachable', `The name ${host} does not resolve`)
    }
    const result = only(await checkLinks(['https://no-such-portal.example/data.csv'], options(fakeClock(), { allowPrivate: false, lookup, fetch: counted.fetch })))
    expect(result).toMatchObject({ ok: false, error: 'dns', status: null, method: null })
    expect(counted.calls).toEqual([])
  })

  it('reports a name under .invalid (the demo catalogue’s links) as blocked, without a lookup or a request', async () => {
    const counted = countingFetch()
    const looked: string[] = []
    const lookup = async (host: string): Promise<string[]> => {
      looked.push(host)
      return ['192.0.2.10']
    }
    for (const allowPrivate of [false, true]) {
      const result = only(await checkLinks(['https://data.brno.demo.portalscope.invalid/2024/ovzdusi.csv'], options(fakeClock(), { allowPrivate, lookup, fetch: counted.fetch })))
      expect(result).toMatchObject({ ok: false, error: 'blocked', status: null, method: null })
    }
    expect(looked).toEqual([])
    expect(counted.calls).toEqual([])
  })

  it('blocks a private address unless allowPrivate, without any request', async () => {
    const server = await serve({ '/data.csv': text('text/csv', 'a') })
    const result = only(await checkLinks([`${server.origin}/data.csv`], options(fakeClock(), { allowPrivate: false })))
    expect(result).toMatchObject({ ok: false, error: 'blocked', status: null, method: null })
    expect(server.seen).toEqual([])
  })

  it.each(['', '   ', 'ftp://files.example/data.csv', 'mailto:someone@example.org', 'not a url', 'javascript:alert(1)', 'http://'])(
    'calls %j an invalid URL without a request',
    async (url) => {
      const counted = countingFetch()
      const result = only(await checkLinks([url], options(fakeClock(), { fetch: counted.fetch })))
      expect(result).toMatchObject({ url, ok: false, error: 'invalid-url', status: null, method: null, ms: 0 })
      expect(counted.calls).toEqual([])
    },
  )
})

describe('robots.txt', () => {
  it('skips what robots.txt disallows for our product token, fetching it once per host', async () => {
    const server = await serve({
      '/robots.txt': text('text/plain', 'User-agent: *\nDisallow: /\n\nUser-agent: portalscope-linkchecker\nDisallow: /secret/\n'),
      '/open.csv': text('text/csv', 'a'),
      '/secret/a.csv': text('text/csv', 'a'),
      '/secret/b.csv': text('text/csv', 'b'),
    })
    const results = await checkLinks(['/open.csv', '/secret/a.csv', '/secret/b.csv'].map((path) => server.origin + path), options())
    expect(results.map((result) => [result.error, result.ok, result.status, result.method])).toEqual([
      [null, true, 200, 'HEAD'],
      ['robots', false, null, null],
      ['robots', false, null, null],
    ])
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /open.csv'])
  })

  it('matches groups against the product token of a custom user agent', async () => {
    const server = await serve({
      '/robots.txt': text('text/plain', 'User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n'),
      '/x': text('text/plain', 'x'),
      '/y': text('text/plain', 'y'),
    })
    const results = await checkLinks([`${server.origin}/x`, `${server.origin}/y`], options(fakeClock(), { userAgent: 'OtherBot/2.0 (+https://other.example)' }))
    expect(results.map((result) => result.error)).toEqual(['robots', 'robots'])
    expect(server.seen[0]!.headers['user-agent']).toBe('OtherBot/2.0 (+https://other.example)')
  })

  it('follows a redirected robots.txt', async () => {
    const server = await serve({
      '/robots.txt': redirect('/static/robots.txt', 301),
      '/static/robots.txt': text('text/plain', 'User-agent: *\nDisallow: /x\n'),
      '/y': text('text/plain', 'y'),
    })
    const results = await checkLinks([`${server.origin}/x`, `${server.origin}/y`], options())
    expect(results.map((result) => result.error)).toEqual(['robots', null])
  })

  it('reads only the first 500 KiB of a huge robots.txt', async () => {
    const padding = `# ${'x'.repeat(1000)}\n`.repeat(600)
    const server = await serve({
      '/robots.txt': text('text/plain', `User-agent: *\nDisallow: /early\n${padding}Disallow: /late\n`),
      '/early': text('text/plain', 'e'),
      '/late': text('text/plain', 'l'),
    })
    const results = await checkLinks([`${server.origin}/early`, `${server.origin}/late`], options())
    expect(results.map((result) => result.error)).toEqual(['robots', null])
  })

  it('allows everything when robots.txt is 404', async () => {
    const server = await serve({ '/robots.txt': status(404), '/data.csv': text('text/csv', 'a') })
    const result = only(await checkLinks([`${server.origin}/data.csv`], options()))
    expect(result).toMatchObject({ ok: true, error: null })
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /data.csv'])
  })

  it.each([500, 503, 429])('disallows everything for this run when robots.txt answers %i', async (code) => {
    const server = await serve({ '/robots.txt': status(code), '/data.csv': text('text/csv', 'a'), '/other.csv': text('text/csv', 'b') })
    const results = await checkLinks([`${server.origin}/data.csv`, `${server.origin}/other.csv`], options())
    expect(results.map((result) => [result.error, result.status])).toEqual([
      ['robots', null],
      ['robots', null],
    ])
    expect(server.requests()).toEqual(['GET /robots.txt'])
  })
})

describe('politeness', () => {
  it('keeps the per-domain delay between consecutive requests to one host, robots.txt and fallbacks included', async () => {
    const clock = fakeClock()
    const server = await serve(
      { '/1': text('text/plain', '1'), '/2': (req, res) => (req.method === 'HEAD' ? status(405)(req, res) : text('text/plain', '2')(req, res)), '/3': text('text/plain', '3') },
      clock,
    )
    await checkLinks([1, 2, 3].map((n) => `${server.origin}/${n}`), options(clock, { perDomainDelayMs: 1000 }))
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /1', 'HEAD /2', 'GET /2', 'HEAD /3'])
    const gaps = server.seen.slice(1).map((request, i) => request.at - server.seen[i]!.at)
    expect(gaps).toEqual([1000, 1000, 1000, 1000])
  })

  it('keeps one clock for a server however many names it has: names that resolve to one address wait their turn', async () => {
    const clock = fakeClock()
    const server = await serve({ '/1': text('text/plain', '1'), '/2': text('text/plain', '2'), '/3': text('text/plain', '3') }, clock)
    const oneServer = async (): Promise<string[]> => ['192.0.2.10']
    const urls = ['a', 'b', 'c'].map((host, index) => `http://${host}.example:${server.port}/${index + 1}`)
    const results = await checkLinks(urls, options(clock, { fetch: viaLoopback, lookup: oneServer, perDomainDelayMs: 1000, concurrency: 3 }))
    expect(results.every((result) => result.ok)).toBe(true)
    // Each name's robots.txt and its link, one after another, a second apart, as if all were one name.
    expect(server.requests()).toHaveLength(6)
    const gaps = server.seen.slice(1).map((request, i) => request.at - server.seen[i]!.at)
    expect(gaps).toEqual([1000, 1000, 1000, 1000, 1000])
  })

  it.each([
    ['2.5', 2500],
    ['100', 30_000],
    ['0.2', 1000],
  ])('lets Crawl-delay: %s raise the gap to %i ms (never lower it, never past 30 s)', async (crawlDelay, gap) => {
    const clock = fakeClock()
    const server = await serve(
      { '/robots.txt': text('text/plain', `User-agent: *\nCrawl-delay: ${crawlDelay}\n`), '/1': text('text/plain', '1'), '/2': text('text/plain', '2') },
      clock,
    )
    await checkLinks([`${server.origin}/1`, `${server.origin}/2`], options(clock, { perDomainDelayMs: 1000 }))
    expect(server.seen.slice(1).map((request, i) => request.at - server.seen[i]!.at)).toEqual([gap, gap])
  })

  it('checks hosts in parallel, but one host only ever sees one request at a time', async () => {
    // Each answer waits until two requests are in flight (or 1.5 s pass, so a wrong checker fails instead of hanging).
    let inFlight = 0
    let maxInFlight = 0
    const perHost = new Map<string, { now: number; max: number }>()
    const waiting: Array<() => void> = []
    const slow: Route = (req, res) => {
      const host = String(req.headers['x-test-host'])
      const counter = perHost.get(host) ?? { now: 0, max: 0 }
      perHost.set(host, counter)
      counter.now++
      counter.max = Math.max(counter.max, counter.now)
      maxInFlight = Math.max(maxInFlight, ++inFlight)
      const answer = () => {
        inFlight--
        counter.now--
        text('text/plain', 'ok')(req, res)
      }
      waiting.push(answer)
      if (inFlight >= 2) waiting.splice(0).forEach((release) => release())
      else setTimeout(() => waiting.includes(answer) && waiting.splice(waiting.indexOf(answer), 1)[0]!(), 1500)
    }
    const server = await serve({ '/1': slow, '/2': slow })
    const urls = ['a', 'b'].flatMap((host) => [1, 2].map((n) => `http://${host}.example:${server.port}/${n}`))
    const results = await checkLinks(urls, options(fakeClock(), { fetch: viaLoopback, lookup: twoServers, concurrency: 2 }))
    expect(results.every((result) => result.ok)).toBe(true)
    expect(maxInFlight).toBe(2)
    expect([...perHost.values()].map((counter) => counter.max)).toEqual([1, 1])
  })

  it('paces a redirect hop into another host by that host\'s clock, not only its own', async () => {
    // b.example/1 is held open; meanwhile a.example/go redirects to b.example/2. That hop must wait its turn.
    const clock = fakeClock()
    let bInFlight = 0
    let bOverlap = false
    const bTimes: number[] = []
    const onB = (req: IncomingMessage, res: ServerResponse, answer: () => void) => {
      bTimes.push(clock.time())
      if (++bInFlight > 1) bOverlap = true
      res.on('close', () => bInFlight--)
      answer()
    }
    let goAnswered = () => {}
    // b.example/1 answers 200 ms after /go did: long enough for the hop to reach b.example if nothing held it back.
    const b1Due = new Promise<void>((resolve) => (goAnswered = () => setTimeout(resolve, 200)))
    const server = await serve(
      {
        '/1': (req, res) => onB(req, res, () => void b1Due.then(() => text('text/plain', '1')(req, res))),
        '/2': (req, res) => onB(req, res, () => text('text/plain', '2')(req, res)),
        '/go': (req, res) => {
          redirect(`http://b.example:${server.port}/2`)(req, res)
          goAnswered()
        },
      },
      clock,
    )
    const results = await checkLinks([`http://b.example:${server.port}/1`, `http://a.example:${server.port}/go`], options(clock, { fetch: viaLoopback, lookup: twoServers, concurrency: 2 }))
    expect(results.map((result) => [result.ok, result.finalUrl])).toEqual([
      [true, `http://b.example:${server.port}/1`],
      [true, `http://b.example:${server.port}/2`],
    ])
    expect(bOverlap).toBe(false)
    expect(bTimes).toHaveLength(2)
    expect(bTimes[1]! - bTimes[0]!).toBeGreaterThanOrEqual(1000)
  })
})

describe('the run', () => {
  it('checks each URL once, and answers every distinct spelling of it', async () => {
    const server = await serve({ '/data.csv': text('text/csv', 'a') })
    const url = `${server.origin}/data.csv`
    const upper = url.replace('http://', 'HTTP://')
    const results = await checkLinks([url, url, `${url}#section`, upper, url], options())
    expect(results.map((result) => result.url)).toEqual([url, `${url}#section`, upper])
    expect(results.every((result) => result.ok && result.status === 200)).toBe(true)
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /data.csv'])
  })

  it('calls onResult once per URL and waits for it', async () => {
    const server = await serve({ '/a': text('text/plain', 'a'), '/b': status(404) })
    const log: string[] = []
    const results = await checkLinks(['mailto:x@example.org', `${server.origin}/a`, `${server.origin}/b`], options(fakeClock(), {
      concurrency: 1,
      onResult: async (result) => {
        log.push(`start ${result.url}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        log.push(`end ${result.url}`)
      },
    }))
    expect(results).toHaveLength(3)
    expect(log).toEqual(['mailto:x@example.org', `${server.origin}/a`, `${server.origin}/b`].flatMap((url) => [`start ${url}`, `end ${url}`]))
  })

  it('stops at the signal and returns only the finished URLs', async () => {
    const server = await serve({ '/1': text('text/plain', '1'), '/2': text('text/plain', '2'), '/3': text('text/plain', '3') })
    const controller = new AbortController()
    const results = await checkLinks([1, 2, 3].map((n) => `${server.origin}/${n}`), options(fakeClock(), {
      signal: controller.signal,
      onResult: () => controller.abort(),
    }))
    expect(results.map((result) => result.url)).toEqual([`${server.origin}/1`])
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /1'])
  })

  it('does nothing when the signal has already fired', async () => {
    const server = await serve({ '/1': text('text/plain', '1') })
    expect(await checkLinks([`${server.origin}/1`], options(fakeClock(), { signal: AbortSignal.abort() }))).toEqual([])
    expect(server.seen).toEqual([])
  })

  it('rejects with the error of a failing onResult, and stops calling servers', async () => {
    const server = await serve({ '/1': text('text/plain', '1'), '/2': text('text/plain', '2') })
    const failure = new Error('database is gone')
    await expect(checkLinks([`${server.origin}/1`, `${server.origin}/2`], options(fakeClock(), { onResult: () => Promise.reject(failure) }))).rejects.toBe(failure)
    expect(server.requests()).toEqual(['GET /robots.txt', 'HEAD /1'])
  })

  it('summarises the outcomes for reports', async () => {
    const server = await serve({
      '/robots.txt': text('text/plain', 'User-agent: *\nDisallow: /secret\n'),
      '/ok': text('text/plain', 'ok'),
      '/missing': status(404),
    })
    const port = await closedPort()
    const results = await checkLinks(
      [`${server.origin}/ok`, `${server.origin}/missing`, `${server.origin}/secret`, 'mailto:x@example.org', `http://127.0.0.1:${port}/x`],
      options(),
    )
    expect(summariseChecks(results)).toEqual({ total: 5, ok: 1, broken: 1, unreachable: 1, blocked: 1, invalid: 1 })
  })
})

describe('politeness across callers', () => {
  it('sends one host one request at a time however many checks run at once', async () => {
    let inFlight = 0
    let maxInFlight = 0
    const slow: Route = (_req, res) => {
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      setTimeout(() => {
        inFlight--
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': '2' }).end('a\n')
      }, 30)
    }
    const server = await serve({ '/a.csv': slow, '/b.csv': slow, '/c.csv': slow })
    // Three portal checks started together, as three people (or one, three times) might ask.
    const results = await Promise.all(
      ['/a.csv', '/b.csv', '/c.csv'].map((path) => checkLinks([`${server.origin}${path}`], { allowPrivate: true, perDomainDelayMs: 1 })),
    )
    expect(results.flat().every((result) => result.ok)).toBe(true)
    expect(maxInFlight).toBe(1)
  })
})
