/** Spellings of `//evil.example/` after dot segments, escapes and stripped white space (an outside attack's list and more). */
export const OFF_SITE_SPELLINGS = [
  '/.//evil.example/',
  '/%2e//evil.example/',
  '/%2E//evil.example/',
  '/..//evil.example/',
  '/%2e%2e//evil.example/',
  '/a/..//evil.example/',
  '/a/b/../..//evil.example/',
  '/./\\evil.example/',
  '/.\\/evil.example/',
  '/..\\\\evil.example/',
  '/.///evil.example/',
  '/.//evil.example:443/',
  '/.\t//evil.example/',
  '/.\n//evil.example/',
  '/.//evil.example/?q=1#x',
  '/x/%2e%2e//evil.example/',
]
