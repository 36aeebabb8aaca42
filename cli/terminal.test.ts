import { describe, expect, it } from 'vitest'
import { inertLine, printable } from './terminal.ts'

describe('printing what the server sent', () => {
  it('writes control characters, separators and bidirectional controls as visible escapes, on one line', () => {
    expect(printable('Title\n::error file=a.ts::pwned')).toBe('Title\\u{A}::error file=a.ts::pwned')
    expect(printable('\u001b[2J\u001b[31mred\u001b[0m')).toBe('\\u{1B}[2J\\u{1B}[31mred\\u{1B}[0m')
    expect(printable('a\rb\tc\u0085d\u2028e\u202Ef\u2066g\u007F')).toBe('a\\u{D}b\\u{9}c\\u{85}d\\u{2028}e\\u{202E}f\\u{2066}g\\u{7F}')
    expect(printable('Žluťoučký kůň 🐎 – 测试')).toBe('Žluťoučký kůň 🐎 – 测试')
  })

  it('keeps a runner from reading a printed line as its command', () => {
    expect(inertLine('::error::pwned')).toBe('\\::error::pwned')
    expect(inertLine('  ::add-mask::x')).toBe('  \\::add-mask::x')
    expect(inertLine('##vso[task.setvariable variable=x]1')).toBe('\\##vso[task.setvariable variable=x]1')
    expect(inertLine('Usage:\n  ::set-output')).toBe('Usage:\n  \\::set-output')
    expect(inertLine('Run "CI" (PRJ): passed 2, failed 0')).toBe('Run "CI" (PRJ): passed 2, failed 0')
  })
})
