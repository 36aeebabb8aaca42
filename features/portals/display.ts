const displayNames = new Map<string, Intl.DisplayNames | null>()

function namesFor(locale: string, type: 'region' | 'language'): Intl.DisplayNames | null {
  const key = `${locale}:${type}`
  if (!displayNames.has(key)) {
    let names: Intl.DisplayNames | null
    try {
      names = new Intl.DisplayNames([locale], { type, fallback: 'code' })
    } catch {
      names = null
    }
    displayNames.set(key, names)
  }
  return displayNames.get(key) ?? null
}

/** "CZ" → "Česko" / "Czechia", in the user's language; the code itself when the runtime does not know it. */
export function countryName(locale: string, code: string): string {
  try {
    return namesFor(locale, 'region')?.of(code) ?? code
  } catch {
    return code
  }
}

/** "de" → "němčina" / "German". */
export function languageName(locale: string, code: string): string {
  try {
    return namesFor(locale, 'language')?.of(code) ?? code
  } catch {
    return code
  }
}
