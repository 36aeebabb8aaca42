/**
 * The 14 Czech regions (kraje): the one list the server and the browser read. `id` is the NUTS 3 code, the region id
 * everywhere (URLs, the API, `dataset_region`); the outlines in server/geo/cz-kraje.json are keyed by it. The names
 * here are the API's; pages name a kraj in the reader's language from locales/<lang>/kraje.json (regionName).
 * Source: osmlab/name-suggestion-index, features/cz/CZ-*.geojson (BSD-3-Clause).
 */
export const CZ_KRAJE = [
  { id: 'CZ010', iso3166_2: 'CZ-10', nameCs: 'Hlavní město Praha', nameEn: 'Prague' },
  { id: 'CZ020', iso3166_2: 'CZ-20', nameCs: 'Středočeský kraj', nameEn: 'Central Bohemia' },
  { id: 'CZ031', iso3166_2: 'CZ-31', nameCs: 'Jihočeský kraj', nameEn: 'South Bohemia' },
  { id: 'CZ032', iso3166_2: 'CZ-32', nameCs: 'Plzeňský kraj', nameEn: 'Plzeň' },
  { id: 'CZ041', iso3166_2: 'CZ-41', nameCs: 'Karlovarský kraj', nameEn: 'Karlovy Vary' },
  { id: 'CZ042', iso3166_2: 'CZ-42', nameCs: 'Ústecký kraj', nameEn: 'Ústí nad Labem' },
  { id: 'CZ051', iso3166_2: 'CZ-51', nameCs: 'Liberecký kraj', nameEn: 'Liberec' },
  { id: 'CZ052', iso3166_2: 'CZ-52', nameCs: 'Královéhradecký kraj', nameEn: 'Hradec Králové' },
  { id: 'CZ053', iso3166_2: 'CZ-53', nameCs: 'Pardubický kraj', nameEn: 'Pardubice' },
  { id: 'CZ063', iso3166_2: 'CZ-63', nameCs: 'Kraj Vysočina', nameEn: 'Vysočina' },
  { id: 'CZ064', iso3166_2: 'CZ-64', nameCs: 'Jihomoravský kraj', nameEn: 'South Moravia' },
  { id: 'CZ071', iso3166_2: 'CZ-71', nameCs: 'Olomoucký kraj', nameEn: 'Olomouc' },
  { id: 'CZ072', iso3166_2: 'CZ-72', nameCs: 'Zlínský kraj', nameEn: 'Zlín' },
  { id: 'CZ080', iso3166_2: 'CZ-80', nameCs: 'Moravskoslezský kraj', nameEn: 'Moravia-Silesia' },
] as const

export type CzKraj = (typeof CZ_KRAJE)[number]
export type CzKrajId = CzKraj['id']
