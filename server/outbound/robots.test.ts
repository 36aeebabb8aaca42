import { describe, expect, it } from 'vitest'
import { ALLOW_ALL, DISALLOW_ALL, ROBOTS_MAX_BYTES, crawlDelaySeconds, isAllowed, normalisePath, parseRobots, productToken, robotsFromResponse } from './robots.server.ts'

// The example file of RFC 9309 §5.1.
const RFC_EXAMPLE = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF`

describe('groups (RFC 9309 §2.2.1 and §5.1)', () => {
  const robots = parseRobots(RFC_EXAMPLE)

  it.each([
    ['foobot', '/example/page.html', true],
    ['foobot', '/example/allowed.gif', true],
    ['foobot', '/publications/', false],
    ['foobot', '/', false],
    ['barbot', '/example/page.html', false],
    ['bazbot', '/example/page.html', false],
    ['barbot', '/example/other.html', true],
    // An empty group still names the crawler: it does not fall back to `*`.
    ['quxbot', '/example/page.html', true],
    ['quxbot', '/image.gif', true],
    // Everyone else gets the `*` group.
    ['otherbot', '/example/page.html', false],
    ['otherbot', '/image.gif', false],
    ['otherbot', '/image.gif?x=1', true],
    ['otherbot', '/publications/2024.html', true],
    ['otherbot', '/index.html', true],
  ])('%s on %s → allowed %s', (agent, path, allowed) => {
    expect(isAllowed(robots, agent, path)).toBe(allowed)
  })

  it('matches the product token case-insensitively, also from a full user-agent string', () => {
    expect(isAllowed(robots, 'FooBot', '/publications/')).toBe(false)
    expect(isAllowed(robots, 'FOOBOT/2.1 (+https://foo.example)', '/example/page.html')).toBe(true)
    const versioned = parseRobots('User-agent: Portalscope-LinkChecker/1.0\nDisallow: /x\n')
    expect(isAllowed(versioned, 'portalscope-linkchecker', '/x')).toBe(false)
    expect(productToken('Portalscope-LinkChecker/1.0 (+https://github.com/portalscope)')).toBe('portalscope-linkchecker')
  })

  it('does not match a token that only shares a prefix', () => {
    const robots = parseRobots('User-agent: Portalscope\nDisallow: /\n')
    expect(isAllowed(robots, 'Portalscope-LinkChecker', '/data.csv')).toBe(true)
  })

  it('merges every group that names the crawler', () => {
    const merged = parseRobots('user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n')
    for (const path of ['/foo', '/bar', '/baz/x']) expect(isAllowed(merged, 'examplebot', path)).toBe(false)
    expect(isAllowed(merged, 'examplebot', '/qux')).toBe(true)
  })

  it('prefers the named group over `*` even when `*` is stricter or looser', () => {
    const robots = parseRobots('User-agent: *\nDisallow: /\n\nUser-agent: Portalscope-LinkChecker\nDisallow: /private/\n')
    expect(isAllowed(robots, 'Portalscope-LinkChecker', '/data.csv')).toBe(true)
    expect(isAllowed(robots, 'Portalscope-LinkChecker', '/private/data.csv')).toBe(false)
    expect(isAllowed(robots, 'OtherBot', '/data.csv')).toBe(false)
  })

  it('ignores rules before the first user-agent line, comments, unknown lines, a BOM and CRLF', () => {
    const robots = parseRobots('\uFEFFDisallow: /early\r\n# comment\r\nUser-agent: * # everyone\r\nFoo: bar\r\nDisallow: /private # not this\r\n')
    expect(isAllowed(robots, 'bot', '/early')).toBe(true)
    expect(isAllowed(robots, 'bot', '/private')).toBe(false)
    expect(isAllowed(robots, 'bot', '/private%20x')).toBe(false)
  })

  it('treats an empty Disallow as allowing everything, and no file at all as no rules', () => {
    expect(isAllowed(parseRobots('User-agent: *\nDisallow:\n'), 'bot', '/anything')).toBe(true)
    expect(isAllowed(parseRobots(''), 'bot', '/anything')).toBe(true)
  })

  it('collects sitemaps without ending a group', () => {
    const robots = parseRobots('User-agent: a\nSitemap: https://x.example/sitemap.xml\nUser-agent: b\nDisallow: /\n')
    expect(robots.sitemaps).toEqual(['https://x.example/sitemap.xml'])
    expect(isAllowed(robots, 'a', '/x')).toBe(false)
  })
})

describe('rules (RFC 9309 §2.2.2, §2.2.3, §5.2)', () => {
  it('uses the longest match (§5.2)', () => {
    const robots = parseRobots('User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n')
    expect(isAllowed(robots, 'foobot', '/example/page/')).toBe(true)
    expect(isAllowed(robots, 'foobot', '/example/page/allowed.gif')).toBe(true)
    expect(isAllowed(robots, 'foobot', '/example/page/disallowed.gif')).toBe(false)
  })

  it('lets Allow win a tie of equal length', () => {
    expect(isAllowed(parseRobots('User-agent: *\nDisallow: /page\nAllow: /page\n'), 'bot', '/page')).toBe(true)
    expect(isAllowed(parseRobots('User-agent: *\nAllow: /page\nDisallow: /page\n'), 'bot', '/page')).toBe(true)
    expect(isAllowed(parseRobots('User-agent: *\nAllow: /p*\nDisallow: /pa\n'), 'bot', '/page')).toBe(true)
  })

  it('matches case-sensitively from the first octet of the path', () => {
    const robots = parseRobots('User-agent: *\nDisallow: /fish\n')
    expect(isAllowed(robots, 'bot', '/fish.html')).toBe(false)
    expect(isAllowed(robots, 'bot', '/Fish.html')).toBe(true)
    expect(isAllowed(robots, 'bot', '/catfish')).toBe(true)
  })

  it.each([
    ['/fish*', '/fish', false],
    ['/fish*', '/fishheads/yummy.html', false],
    ['/fish*', '/Fish.asp', true],
    ['/*.php$', '/filename.php', false],
    ['/*.php$', '/folder/filename.php', false],
    ['/*.php$', '/filename.php?parameters', true],
    ['/*.php$', '/filename.php/', true],
    ['/*.php$', '/filename.php5', true],
    ['/fish*.php', '/fishheads/catfish.php?parameters', false],
    ['/fish*.php', '/Fish.PHP', true],
    ['/*?', '/page?q=1', false],
    ['/*?', '/page', true],
    ['/a*b*c$', '/axxbyyc', false],
    ['/a*b*c$', '/axxbyycd', true],
  ])('Disallow: %s on %s → allowed %s', (pattern, path, allowed) => {
    expect(isAllowed(parseRobots(`User-agent: *\nDisallow: ${pattern}\n`), 'bot', path)).toBe(allowed)
  })

  it('stays fast on patterns made to backtrack', () => {
    const robots = parseRobots(`User-agent: *\nDisallow: /${'*a'.repeat(50)}$\n`)
    expect(isAllowed(robots, 'bot', `/${'a'.repeat(2000)}b`)).toBe(true)
  })

  it('compares percent-encoded and raw paths as the same octets (§2.2.2 table)', () => {
    expect(normalisePath('/foo/bar/ツ')).toBe('/foo/bar/%E3%83%84')
    expect(normalisePath('/foo/bar/%e3%83%84')).toBe('/foo/bar/%E3%83%84')
    expect(normalisePath('/foo/bar/%62%61%7A')).toBe('/foo/bar/baz')
    expect(normalisePath('/foo/bar?baz=quz')).toBe('/foo/bar?baz=quz')
    // Reserved characters keep their escapes: %2F is not a path separator.
    expect(normalisePath('/a%2fb')).toBe('/a%2Fb')

    const raw = parseRobots('User-agent: *\nDisallow: /foo/bar/ツ\n')
    expect(isAllowed(raw, 'bot', '/foo/bar/%E3%83%84')).toBe(false)
    const encoded = parseRobots('User-agent: *\nDisallow: /foo/bar/%62%61%7A\n')
    expect(isAllowed(encoded, 'bot', '/foo/bar/baz')).toBe(false)
    expect(isAllowed(encoded, 'bot', '/foo/bar/%62az')).toBe(false)
    // An escaped `*` or `$` in a rule is a literal character, not a wildcard.
    const literal = parseRobots('User-agent: *\nDisallow: /a%2A\n')
    expect(isAllowed(literal, 'bot', '/abc')).toBe(true)
  })

  it('always allows /robots.txt itself', () => {
    expect(isAllowed(parseRobots('User-agent: *\nDisallow: /\n'), 'bot', '/robots.txt')).toBe(true)
  })
})

describe('Crawl-delay', () => {
  it('is read per group and exposed for the matching crawler', () => {
    const robots = parseRobots('User-agent: *\nCrawl-delay: 10\n\nUser-agent: Portalscope-LinkChecker\nCrawl-delay: 2.5\nDisallow:\n')
    expect(crawlDelaySeconds(robots, 'Portalscope-LinkChecker')).toBe(2.5)
    expect(crawlDelaySeconds(robots, 'otherbot')).toBe(10)
    expect(crawlDelaySeconds(parseRobots('User-agent: *\nDisallow: /x\n'), 'bot')).toBeNull()
    expect(crawlDelaySeconds(parseRobots('User-agent: *\nCrawl-delay: soon\n'), 'bot')).toBeNull()
    expect(crawlDelaySeconds(parseRobots('User-agent: *\nCrawl-delay: -3\n'), 'bot')).toBeNull()
  })

  it('ends a run of user-agent lines like any rule', () => {
    const robots = parseRobots('User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n')
    expect(crawlDelaySeconds(robots, 'a')).toBe(5)
    expect(crawlDelaySeconds(robots, 'b')).toBeNull()
    expect(isAllowed(robots, 'a', '/x')).toBe(true)
  })
})

describe('fetch outcomes (RFC 9309 §2.3.1)', () => {
  it.each([
    [200, false, 'parsed'],
    [204, false, 'parsed'],
    [400, true, 'allow-all'],
    [401, true, 'allow-all'],
    [403, true, 'allow-all'],
    [404, true, 'allow-all'],
    [410, true, 'allow-all'],
    [429, false, 'disallow-all'],
    [500, false, 'disallow-all'],
    [503, false, 'disallow-all'],
    [null, false, 'disallow-all'],
  ] as const)('status %s', (status, allowsPrivate, kind) => {
    const robots = robotsFromResponse(status, 'User-agent: *\nDisallow: /private\n')
    if (kind === 'parsed') {
      expect(isAllowed(robots, 'bot', '/private')).toBe(false)
      expect(isAllowed(robots, 'bot', '/public')).toBe(true)
      return
    }
    expect(robots).toBe(kind === 'allow-all' ? ALLOW_ALL : DISALLOW_ALL)
    expect(isAllowed(robots, 'bot', '/private')).toBe(allowsPrivate)
    expect(isAllowed(robots, 'bot', '/public')).toBe(allowsPrivate)
  })

  it('parses only the first 500 KiB, dropping a line cut in half', () => {
    const padding = `# ${'x'.repeat(1000)}\n`.repeat(Math.ceil(ROBOTS_MAX_BYTES / 1002))
    const late = parseRobots(`User-agent: *\nDisallow: /early\n${padding}Disallow: /late\n`)
    expect(isAllowed(late, 'bot', '/early')).toBe(false)
    expect(isAllowed(late, 'bot', '/late')).toBe(true)

    // "Allow: /abc" cut to "Allow: /a" would allow far more than the publisher wrote.
    const head = `User-agent: *\nDisallow: /\n# ${'y'.repeat(ROBOTS_MAX_BYTES - 40)}\n`
    const cut = parseRobots(`${head}${'#'.repeat(ROBOTS_MAX_BYTES - new TextEncoder().encode(head).byteLength - 9)}\nAllow: /abc\n`)
    expect(isAllowed(cut, 'bot', '/a')).toBe(false)
  })
})
