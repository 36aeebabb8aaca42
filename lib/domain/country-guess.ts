// A portal's country when nobody said it: the registry of known portals first (server/ckan/directory), else the
// country-code top-level domain of its address (data.gov.cz -> CZ, opendata.bratislava.sk -> SK). Generic and
// regional domains (.org, .eu, .int) say nothing. Publishers on two portals of one country merge by this
// (docs/organizations.md).

/** ccTLDs whose ISO 3166-1 code differs from the domain. */
const TLD_TO_ISO: Readonly<Record<string, string>> = { uk: 'GB', ac: 'SH' }
/** Two-letter domains that are not one country. */
const NOT_A_COUNTRY: readonly string[] = ['eu', 'su', 'tp', 'yu']

/** The ISO 3166-1 alpha-2 code a host name's top-level domain stands for, or null. */
export function countryOfHost(host: string): string | null {
  const tld = host.trim().toLowerCase().replace(/\.+$/, '').split('.').at(-1) ?? ''
  if (!/^[a-z]{2}$/.test(tld) || NOT_A_COUNTRY.includes(tld)) return null
  return TLD_TO_ISO[tld] ?? tld.toUpperCase()
}
