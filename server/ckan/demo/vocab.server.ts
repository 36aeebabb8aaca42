// Why this file is long: word lists (real Czech publishers, places, rivers, licences and format spellings) that are
// data, not logic.
// Word lists the catalogue generator (generator.server.ts) draws from, for the demo catalogue and the test fixture's
// portals alike. Publishers, places and rivers are real Czech names, so a catalogue reads like the Czech open-data
// landscape; each place carries its region (NUTS 3) so a dataset's title and its extent agree. Licence ids and the
// resource format mess are those real portals send (tests/ckan-fixture/samples holds recorded answers).

import { CZ_KRAJE, type CzKraj, type CzKrajId } from '../../../lib/domain/cz-kraje.ts'

/** Regions (ids and names from lib/domain/cz-kraje.ts) with the genitive for titles and a weight roughly by population (national publishers). */
const KRAJ_WORDS: Readonly<Record<CzKrajId, { genitive: string; weight: number }>> = {
  CZ010: { genitive: 'hlavního města Prahy', weight: 13 },
  CZ020: { genitive: 'Středočeského kraje', weight: 13 },
  CZ031: { genitive: 'Jihočeského kraje', weight: 6 },
  CZ032: { genitive: 'Plzeňského kraje', weight: 6 },
  CZ041: { genitive: 'Karlovarského kraje', weight: 3 },
  CZ042: { genitive: 'Ústeckého kraje', weight: 8 },
  CZ051: { genitive: 'Libereckého kraje', weight: 4 },
  CZ052: { genitive: 'Královéhradeckého kraje', weight: 5 },
  CZ053: { genitive: 'Pardubického kraje', weight: 5 },
  CZ063: { genitive: 'kraje Vysočina', weight: 5 },
  CZ064: { genitive: 'Jihomoravského kraje', weight: 11 },
  CZ071: { genitive: 'Olomouckého kraje', weight: 6 },
  CZ072: { genitive: 'Zlínského kraje', weight: 6 },
  CZ080: { genitive: 'Moravskoslezského kraje', weight: 11 },
}
export type Kraj = CzKraj & { genitive: string; weight: number }
export const KRAJE: readonly Kraj[] = CZ_KRAJE.map((kraj) => ({ ...kraj, ...KRAJ_WORDS[kraj.id] }))

/** Towns with their region; every region has at least one. */
export const CITIES: ReadonlyArray<readonly [name: string, nuts3: string]> = [
  ['Praha', 'CZ010'], ['Kladno', 'CZ020'], ['Mladá Boleslav', 'CZ020'], ['Kolín', 'CZ020'], ['Příbram', 'CZ020'],
  ['Beroun', 'CZ020'], ['Říčany', 'CZ020'], ['Kutná Hora', 'CZ020'], ['Mělník', 'CZ020'], ['České Budějovice', 'CZ031'],
  ['Tábor', 'CZ031'], ['Písek', 'CZ031'], ['Strakonice', 'CZ031'], ['Jindřichův Hradec', 'CZ031'], ['Český Krumlov', 'CZ031'],
  ['Plzeň', 'CZ032'], ['Klatovy', 'CZ032'], ['Rokycany', 'CZ032'], ['Domažlice', 'CZ032'], ['Tachov', 'CZ032'],
  ['Karlovy Vary', 'CZ041'], ['Cheb', 'CZ041'], ['Sokolov', 'CZ041'], ['Mariánské Lázně', 'CZ041'],
  ['Ústí nad Labem', 'CZ042'], ['Most', 'CZ042'], ['Teplice', 'CZ042'], ['Děčín', 'CZ042'], ['Chomutov', 'CZ042'],
  ['Litoměřice', 'CZ042'], ['Louny', 'CZ042'], ['Liberec', 'CZ051'], ['Jablonec nad Nisou', 'CZ051'], ['Česká Lípa', 'CZ051'],
  ['Semily', 'CZ051'], ['Turnov', 'CZ051'], ['Hradec Králové', 'CZ052'], ['Trutnov', 'CZ052'], ['Náchod', 'CZ052'],
  ['Jičín', 'CZ052'], ['Rychnov nad Kněžnou', 'CZ052'], ['Pardubice', 'CZ053'], ['Chrudim', 'CZ053'], ['Svitavy', 'CZ053'],
  ['Ústí nad Orlicí', 'CZ053'], ['Litomyšl', 'CZ053'], ['Jihlava', 'CZ063'], ['Třebíč', 'CZ063'], ['Havlíčkův Brod', 'CZ063'],
  ['Žďár nad Sázavou', 'CZ063'], ['Pelhřimov', 'CZ063'], ['Telč', 'CZ063'], ['Brno', 'CZ064'], ['Znojmo', 'CZ064'],
  ['Břeclav', 'CZ064'], ['Hodonín', 'CZ064'], ['Vyškov', 'CZ064'], ['Blansko', 'CZ064'], ['Kuřim', 'CZ064'],
  ['Olomouc', 'CZ071'], ['Prostějov', 'CZ071'], ['Přerov', 'CZ071'], ['Šumperk', 'CZ071'], ['Jeseník', 'CZ071'],
  ['Zlín', 'CZ072'], ['Kroměříž', 'CZ072'], ['Uherské Hradiště', 'CZ072'], ['Vsetín', 'CZ072'], ['Valašské Meziříčí', 'CZ072'],
  ['Ostrava', 'CZ080'], ['Havířov', 'CZ080'], ['Opava', 'CZ080'], ['Frýdek-Místek', 'CZ080'], ['Karviná', 'CZ080'],
  ['Třinec', 'CZ080'], ['Nový Jičín', 'CZ080'], ['Bruntál', 'CZ080'],
]

export const RIVERS: ReadonlyArray<readonly [name: string, nuts3: string]> = [
  ['Vltava', 'CZ010'], ['Botič', 'CZ010'], ['Sázava', 'CZ020'], ['Berounka', 'CZ020'], ['Labe', 'CZ020'], ['Vltava', 'CZ031'],
  ['Lužnice', 'CZ031'], ['Otava', 'CZ031'], ['Mže', 'CZ032'], ['Úhlava', 'CZ032'], ['Ohře', 'CZ041'], ['Teplá', 'CZ041'],
  ['Labe', 'CZ042'], ['Bílina', 'CZ042'], ['Ploučnice', 'CZ051'], ['Jizera', 'CZ051'], ['Lužická Nisa', 'CZ051'],
  ['Orlice', 'CZ052'], ['Úpa', 'CZ052'], ['Chrudimka', 'CZ053'], ['Loučná', 'CZ053'], ['Jihlava', 'CZ063'], ['Oslava', 'CZ063'],
  ['Svratka', 'CZ064'], ['Svitava', 'CZ064'], ['Dyje', 'CZ064'], ['Morava', 'CZ071'], ['Bečva', 'CZ071'], ['Dřevnice', 'CZ072'],
  ['Morava', 'CZ072'], ['Odra', 'CZ080'], ['Ostravice', 'CZ080'], ['Opava', 'CZ080'],
]

/**
 * A publisher. `region` pins its datasets to one region (regional and municipal bodies); `city` fixes the town in
 * titles; `themes` are the groups it mostly publishes in; `weight` is its share of the portal's datasets.
 */
export type OrgDef = { title: string; region?: string; city?: string; themes?: readonly string[]; weight: number }

const STATE_AGENCIES: readonly OrgDef[] = [
  { title: 'Český statistický úřad', themes: ['obyvatelstvo', 'ekonomika', 'volby'], weight: 14 },
  { title: 'Český úřad zeměměřický a katastrální', themes: ['uzemni-planovani'], weight: 10 },
  { title: 'Ministerstvo životního prostředí', themes: ['zivotni-prostredi'], weight: 8 },
  { title: 'Ministerstvo dopravy', themes: ['doprava'], weight: 7 },
  { title: 'Ministerstvo financí', themes: ['ekonomika'], weight: 6 },
  { title: 'Ministerstvo vnitra', themes: ['verejna-sprava', 'bezpecnost', 'volby'], weight: 6 },
  { title: 'Ministerstvo zdravotnictví', themes: ['zdravotnictvi'], weight: 5 },
  { title: 'Ministerstvo školství, mládeže a tělovýchovy', themes: ['vzdelavani'], weight: 5 },
  { title: 'Ministerstvo práce a sociálních věcí', themes: ['obyvatelstvo'], weight: 4 },
  { title: 'Ministerstvo zemědělství', themes: ['zemedelstvi'], weight: 5 },
  { title: 'Ministerstvo kultury', themes: ['kultura'], weight: 3 },
  { title: 'Ministerstvo pro místní rozvoj', themes: ['uzemni-planovani', 'cestovni-ruch'], weight: 4 },
  { title: 'Ministerstvo průmyslu a obchodu', themes: ['energie', 'ekonomika'], weight: 3 },
  { title: 'Ministerstvo spravedlnosti', themes: ['verejna-sprava'], weight: 2 },
  { title: 'Ministerstvo zahraničních věcí', themes: ['verejna-sprava'], weight: 1 },
  { title: 'Ministerstvo obrany', themes: ['bezpecnost'], weight: 1 },
  { title: 'Český hydrometeorologický ústav', themes: ['zivotni-prostredi'], weight: 8 },
  { title: 'Ředitelství silnic a dálnic s. p.', themes: ['doprava'], weight: 6 },
  { title: 'Správa železnic, státní organizace', themes: ['doprava'], weight: 5 },
  { title: 'Národní památkový ústav', themes: ['kultura'], weight: 4 },
  { title: 'Agentura ochrany přírody a krajiny ČR', themes: ['zivotni-prostredi'], weight: 5 },
  { title: 'Státní zdravotní ústav', themes: ['zdravotnictvi'], weight: 2 },
  { title: 'Ústav zdravotnických informací a statistiky ČR', themes: ['zdravotnictvi'], weight: 4 },
  { title: 'Česká školní inspekce', themes: ['vzdelavani'], weight: 2 },
  { title: 'Česká obchodní inspekce', themes: ['ekonomika'], weight: 1 },
  { title: 'Generální finanční ředitelství', themes: ['ekonomika'], weight: 2 },
  { title: 'Česká správa sociálního zabezpečení', themes: ['obyvatelstvo'], weight: 3 },
  { title: 'Úřad práce České republiky', themes: ['obyvatelstvo', 'ekonomika'], weight: 3 },
  { title: 'Státní pozemkový úřad', themes: ['zemedelstvi', 'uzemni-planovani'], weight: 2 },
  { title: 'Státní zemědělský intervenční fond', themes: ['zemedelstvi'], weight: 2 },
  { title: 'Česká geologická služba', themes: ['zivotni-prostredi'], weight: 3 },
  { title: 'Energetický regulační úřad', themes: ['energie'], weight: 2 },
  { title: 'Český telekomunikační úřad', themes: ['verejna-sprava'], weight: 2 },
  { title: 'Digitální a informační agentura', themes: ['verejna-sprava'], weight: 3 },
  { title: 'Hasičský záchranný sbor České republiky', themes: ['bezpecnost'], weight: 2 },
  { title: 'Policie České republiky', themes: ['bezpecnost', 'doprava'], weight: 3 },
  { title: 'Česká inspekce životního prostředí', themes: ['zivotni-prostredi'], weight: 2 },
  { title: 'Povodí Vltavy, státní podnik', region: 'CZ031', themes: ['zivotni-prostredi'], weight: 2 },
  { title: 'Povodí Labe, státní podnik', region: 'CZ052', themes: ['zivotni-prostredi'], weight: 2 },
  { title: 'Povodí Moravy, s.p.', region: 'CZ064', themes: ['zivotni-prostredi'], weight: 2 },
  { title: 'Povodí Odry, státní podnik', region: 'CZ080', themes: ['zivotni-prostredi'], weight: 2 },
  { title: 'Povodí Ohře, státní podnik', region: 'CZ042', themes: ['zivotni-prostredi'], weight: 1 },
  { title: 'Lesy České republiky, s. p.', themes: ['zemedelstvi', 'zivotni-prostredi'], weight: 2 },
  { title: 'Ředitelství vodních cest ČR', themes: ['doprava'], weight: 1 },
  { title: 'Státní fond dopravní infrastruktury', themes: ['doprava', 'ekonomika'], weight: 1 },
  { title: 'CzechTourism', themes: ['cestovni-ruch'], weight: 2 },
  { title: 'Národní knihovna České republiky', region: 'CZ010', themes: ['kultura'], weight: 1 },
  { title: 'Národní muzeum', region: 'CZ010', themes: ['kultura'], weight: 1 },
  { title: 'Správa Krkonošského národního parku', region: 'CZ052', themes: ['zivotni-prostredi', 'cestovni-ruch'], weight: 1 },
  { title: 'Správa Národního parku Šumava', region: 'CZ031', themes: ['zivotni-prostredi', 'cestovni-ruch'], weight: 1 },
  { title: 'Státní úřad pro jadernou bezpečnost', themes: ['energie', 'bezpecnost'], weight: 1 },
  { title: 'Úřad pro ochranu hospodářské soutěže', themes: ['ekonomika'], weight: 1 },
  { title: 'Nejvyšší kontrolní úřad', themes: ['ekonomika', 'verejna-sprava'], weight: 1 },
  { title: 'Český báňský úřad', themes: ['energie'], weight: 1 },
  { title: 'Státní veterinární správa', themes: ['zemedelstvi'], weight: 1 },
  { title: 'Ústřední kontrolní a zkušební ústav zemědělský', region: 'CZ064', themes: ['zemedelstvi'], weight: 1 },
  { title: 'Správa základních registrů', themes: ['verejna-sprava', 'uzemni-planovani'], weight: 1 },
]

const REGIONS_AS_ORGS: readonly OrgDef[] = KRAJE.map((k) => ({
  title: k.nameCs,
  region: k.id,
  ...(k.id === 'CZ010' ? { city: 'Praha' } : {}),
  weight: k.weight,
}))

const BIG_CITIES: readonly OrgDef[] = [
  { title: 'Statutární město Brno', region: 'CZ064', city: 'Brno', weight: 12 },
  { title: 'Statutární město Ostrava', region: 'CZ080', city: 'Ostrava', weight: 8 },
  { title: 'Statutární město Plzeň', region: 'CZ032', city: 'Plzeň', weight: 5 },
  { title: 'Statutární město Liberec', region: 'CZ051', city: 'Liberec', weight: 3 },
  { title: 'Statutární město Olomouc', region: 'CZ071', city: 'Olomouc', weight: 4 },
  { title: 'Statutární město České Budějovice', region: 'CZ031', city: 'České Budějovice', weight: 3 },
  { title: 'Statutární město Hradec Králové', region: 'CZ052', city: 'Hradec Králové', weight: 3 },
  { title: 'Statutární město Ústí nad Labem', region: 'CZ042', city: 'Ústí nad Labem', weight: 3 },
  { title: 'Statutární město Pardubice', region: 'CZ053', city: 'Pardubice', weight: 3 },
  { title: 'Statutární město Zlín', region: 'CZ072', city: 'Zlín', weight: 3 },
]

const SMALLER_CITIES: readonly OrgDef[] = [
  { title: 'Statutární město Havířov', region: 'CZ080', city: 'Havířov', weight: 2 },
  { title: 'Statutární město Kladno', region: 'CZ020', city: 'Kladno', weight: 2 },
  { title: 'Statutární město Most', region: 'CZ042', city: 'Most', weight: 1 },
  { title: 'Statutární město Opava', region: 'CZ080', city: 'Opava', weight: 2 },
  { title: 'Statutární město Frýdek-Místek', region: 'CZ080', city: 'Frýdek-Místek', weight: 1 },
  { title: 'Statutární město Karviná', region: 'CZ080', city: 'Karviná', weight: 1 },
  { title: 'Statutární město Jihlava', region: 'CZ063', city: 'Jihlava', weight: 2 },
  { title: 'Statutární město Teplice', region: 'CZ042', city: 'Teplice', weight: 1 },
  { title: 'Statutární město Děčín', region: 'CZ042', city: 'Děčín', weight: 1 },
  { title: 'Statutární město Karlovy Vary', region: 'CZ041', city: 'Karlovy Vary', weight: 2 },
  { title: 'Statutární město Chomutov', region: 'CZ042', city: 'Chomutov', weight: 1 },
  { title: 'Statutární město Jablonec nad Nisou', region: 'CZ051', city: 'Jablonec nad Nisou', weight: 1 },
  { title: 'Statutární město Mladá Boleslav', region: 'CZ020', city: 'Mladá Boleslav', weight: 1 },
  { title: 'Statutární město Prostějov', region: 'CZ071', city: 'Prostějov', weight: 1 },
  { title: 'Statutární město Přerov', region: 'CZ071', city: 'Přerov', weight: 1 },
  { title: 'Statutární město Třinec', region: 'CZ080', city: 'Třinec', weight: 1 },
  { title: 'Statutární město Třebíč', region: 'CZ063', city: 'Třebíč', weight: 1 },
]

export const DEMO_ORG_DEFS: Readonly<Record<string, readonly OrgDef[]>> = {
  // The national catalogue: state administration first, plus the regions and the biggest cities.
  'demo-narodni-katalog': [
    ...STATE_AGENCIES,
    ...REGIONS_AS_ORGS.map((o) => ({ ...o, weight: Math.ceil(o.weight / 3) })),
    ...BIG_CITIES.slice(0, 6).map((o) => ({ ...o, weight: Math.ceil(o.weight / 3) })),
  ],
  'demo-kraje': [
    ...REGIONS_AS_ORGS.map((o) => ({ ...o, weight: o.weight * 3 })),
    { title: 'Správa a údržba silnic Jihomoravského kraje', region: 'CZ064', themes: ['doprava'], weight: 4 },
    { title: 'Krajská správa a údržba silnic Vysočiny', region: 'CZ063', themes: ['doprava'], weight: 3 },
    { title: 'Správa silnic Moravskoslezského kraje', region: 'CZ080', themes: ['doprava'], weight: 3 },
    { title: 'Krajská správa a údržba silnic Středočeského kraje', region: 'CZ020', themes: ['doprava'], weight: 3 },
    { title: 'Správa a údržba silnic Pardubického kraje', region: 'CZ053', themes: ['doprava'], weight: 2 },
    { title: 'Krajská hygienická stanice Jihomoravského kraje se sídlem v Brně', region: 'CZ064', themes: ['zdravotnictvi'], weight: 2 },
    { title: 'Krajská hygienická stanice Moravskoslezského kraje se sídlem v Ostravě', region: 'CZ080', themes: ['zdravotnictvi'], weight: 2 },
    { title: 'Krajská hygienická stanice Zlínského kraje se sídlem ve Zlíně', region: 'CZ072', themes: ['zdravotnictvi'], weight: 1 },
    { title: 'Krajská hygienická stanice Olomouckého kraje se sídlem v Olomouci', region: 'CZ071', themes: ['zdravotnictvi'], weight: 1 },
    { title: 'Hasičský záchranný sbor Jihomoravského kraje', region: 'CZ064', themes: ['bezpecnost'], weight: 2 },
    { title: 'Hasičský záchranný sbor Plzeňského kraje', region: 'CZ032', themes: ['bezpecnost'], weight: 1 },
    { title: 'Hasičský záchranný sbor Libereckého kraje', region: 'CZ051', themes: ['bezpecnost'], weight: 1 },
    { title: 'Krajské ředitelství policie Ústeckého kraje', region: 'CZ042', themes: ['bezpecnost', 'doprava'], weight: 2 },
    { title: 'Zdravotnická záchranná služba Pardubického kraje', region: 'CZ053', themes: ['zdravotnictvi'], weight: 1 },
    { title: 'Zdravotnická záchranná služba Královéhradeckého kraje', region: 'CZ052', themes: ['zdravotnictvi'], weight: 1 },
    { title: 'KORDIS JMK, a.s.', region: 'CZ064', city: 'Brno', themes: ['doprava'], weight: 3 },
    { title: 'JIKORD s.r.o.', region: 'CZ031', city: 'České Budějovice', themes: ['doprava'], weight: 2 },
    { title: 'Koordinátor ODIS s.r.o.', region: 'CZ080', city: 'Ostrava', themes: ['doprava'], weight: 2 },
    { title: 'Krajská knihovna Vysočiny', region: 'CZ063', city: 'Havlíčkův Brod', themes: ['kultura'], weight: 1 },
    { title: 'Moravskoslezská vědecká knihovna v Ostravě', region: 'CZ080', city: 'Ostrava', themes: ['kultura'], weight: 1 },
    { title: 'Studijní a vědecká knihovna Plzeňského kraje', region: 'CZ032', city: 'Plzeň', themes: ['kultura'], weight: 1 },
    { title: 'Regionální rozvojová agentura Ústeckého kraje', region: 'CZ042', themes: ['ekonomika'], weight: 1 },
    { title: 'Centrála cestovního ruchu Jižní Moravy', region: 'CZ064', themes: ['cestovni-ruch'], weight: 2 },
    { title: 'Karlovarská krajská nemocnice a.s.', region: 'CZ041', city: 'Karlovy Vary', themes: ['zdravotnictvi'], weight: 1 },
  ],
  'demo-mesta': [
    { title: 'Hlavní město Praha', region: 'CZ010', city: 'Praha', weight: 14 },
    { title: 'Institut plánování a rozvoje hlavního města Prahy', region: 'CZ010', city: 'Praha', themes: ['uzemni-planovani'], weight: 6 },
    { title: 'Dopravní podnik hl. m. Prahy, akciová společnost', region: 'CZ010', city: 'Praha', themes: ['doprava'], weight: 3 },
    { title: 'Technická správa komunikací hl. m. Prahy, a.s.', region: 'CZ010', city: 'Praha', themes: ['doprava'], weight: 2 },
    { title: 'Operátor ICT, a.s.', region: 'CZ010', city: 'Praha', themes: ['doprava', 'verejna-sprava'], weight: 2 },
    { title: 'Městská část Praha 7', region: 'CZ010', city: 'Praha', weight: 1 },
    { title: 'Městská část Praha 10', region: 'CZ010', city: 'Praha', weight: 1 },
    ...BIG_CITIES,
    { title: 'Dopravní podnik města Brna, a.s.', region: 'CZ064', city: 'Brno', themes: ['doprava'], weight: 2 },
    { title: 'Brněnské komunikace a.s.', region: 'CZ064', city: 'Brno', themes: ['doprava'], weight: 1 },
    { title: 'Městská policie Brno', region: 'CZ064', city: 'Brno', themes: ['bezpecnost'], weight: 1 },
    { title: 'Dopravní podnik Ostrava a.s.', region: 'CZ080', city: 'Ostrava', themes: ['doprava'], weight: 1 },
    { title: 'Plzeňské městské dopravní podniky, a.s.', region: 'CZ032', city: 'Plzeň', themes: ['doprava'], weight: 1 },
    { title: 'Technické služby města Olomouce, a.s.', region: 'CZ071', city: 'Olomouc', themes: ['zivotni-prostredi'], weight: 1 },
    ...SMALLER_CITIES,
    { title: 'Město Kuřim', region: 'CZ064', city: 'Kuřim', weight: 1 },
    { title: 'Město Říčany', region: 'CZ020', city: 'Říčany', weight: 1 },
    { title: 'Město Litomyšl', region: 'CZ053', city: 'Litomyšl', weight: 1 },
    { title: 'Město Telč', region: 'CZ063', city: 'Telč', weight: 1 },
    { title: 'Město Český Krumlov', region: 'CZ031', city: 'Český Krumlov', weight: 1 },
    { title: 'Město Turnov', region: 'CZ051', city: 'Turnov', weight: 1 },
  ],
}

// The local bodies a town has, for portals with more publishers than the named ones (publishersFor).
const LOCAL_BODIES: ReadonlyArray<{ title: string; themes?: readonly string[] }> = [
  { title: 'Město {city}' },
  { title: 'Technické služby {city}', themes: ['zivotni-prostredi', 'doprava'] },
  { title: 'Městská policie {city}', themes: ['bezpecnost'] },
  { title: 'Knihovna města {city}', themes: ['kultura'] },
  { title: 'Základní škola {city}', themes: ['vzdelavani'] },
  { title: 'Nemocnice {city}', themes: ['zdravotnictvi'] },
  { title: 'Muzeum regionu {city}', themes: ['kultura', 'cestovni-ruch'] },
  { title: 'Dopravní podnik města {city}', themes: ['doprava'] },
]

/** Every named publisher once, the biggest first, then each town's local bodies. */
const PUBLISHER_POOL: readonly OrgDef[] = (() => {
  const seen = new Set<string>()
  const once = (def: OrgDef) => !seen.has(def.title) && !!seen.add(def.title)
  const named = [...STATE_AGENCIES, ...REGIONS_AS_ORGS, ...BIG_CITIES, ...SMALLER_CITIES, ...Object.values(DEMO_ORG_DEFS).flat()]
    .filter(once)
    .sort((a, b) => b.weight - a.weight)
  const local = CITIES.flatMap(([city, region]) =>
    LOCAL_BODIES.map((body) => ({ title: body.title.replace('{city}', city), region, city, ...(body.themes ? { themes: body.themes } : {}), weight: 1 })),
  )
  return [...named, ...local.filter(once)]
})()

/**
 * `count` publishers for a portal of any size (the test fixture's portals): the pool in order, numbered once it runs
 * out, their shares falling off as on real portals (a few big publishers, a long tail of small ones).
 */
export function publishersFor(count: number): OrgDef[] {
  return Array.from({ length: count }, (_, k) => {
    const def = PUBLISHER_POOL[k % PUBLISHER_POOL.length]!
    const round = Math.floor(k / PUBLISHER_POOL.length)
    return { ...def, title: round ? `${def.title} (${round + 1})` : def.title, weight: 1 / Math.pow(k + 1, 0.9) }
  })
}

export type Group = { name: string; title: string; description: string }
export const GROUPS: readonly Group[] = [
  { name: 'doprava', title: 'Doprava', description: 'Veřejná doprava, silnice, parkování a cyklistika.' },
  { name: 'zivotni-prostredi', title: 'Životní prostředí', description: 'Ovzduší, voda, odpady, hluk a příroda.' },
  { name: 'ekonomika', title: 'Ekonomika a finance', description: 'Rozpočty, zakázky, smlouvy a dotace.' },
  { name: 'obyvatelstvo', title: 'Obyvatelstvo a společnost', description: 'Demografie, sčítání a sociální služby.' },
  { name: 'vzdelavani', title: 'Vzdělávání', description: 'Školy, školky a výsledky vzdělávání.' },
  { name: 'zdravotnictvi', title: 'Zdravotnictví', description: 'Poskytovatelé zdravotních služeb a zdraví obyvatel.' },
  { name: 'kultura', title: 'Kultura a sport', description: 'Památky, kulturní akce, knihovny a sportoviště.' },
  { name: 'uzemni-planovani', title: 'Územní plánování', description: 'Územní plány, katastr, adresy a ortofoto.' },
  { name: 'bezpecnost', title: 'Bezpečnost', description: 'Policie, hasiči a krizové řízení.' },
  { name: 'energie', title: 'Energie', description: '' },
  { name: 'verejna-sprava', title: 'Veřejná správa', description: 'Úřední desky, usnesení, kontakty úřadů.' },
  { name: 'zemedelstvi', title: 'Zemědělství', description: 'Zemědělství, lesnictví a potraviny.' },
  { name: 'cestovni-ruch', title: 'Cestovní ruch', description: 'Turistické cíle, ubytování a návštěvnost.' },
  { name: 'volby', title: 'Volby', description: 'Výsledky voleb a volební okrsky.' },
]

/** `id: undefined` leaves license_id and license_title out of the package altogether. */
export type License = { id: string | null | undefined; title: string | null; url?: string; open: boolean; weight: number }
export const LICENSES: readonly License[] = [
  { id: 'cc-by-4.0', title: 'Creative Commons Attribution 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', open: true, weight: 26 },
  { id: 'cc-by', title: 'Creative Commons Attribution', url: 'http://www.opendefinition.org/licenses/cc-by', open: true, weight: 6 },
  { id: 'cc-zero', title: 'Creative Commons CCZero', url: 'http://www.opendefinition.org/licenses/cc-zero', open: true, weight: 12 },
  { id: 'odc-odbl', title: 'Open Data Commons Open Database License (ODbL)', url: 'http://www.opendefinition.org/licenses/odc-odbl', open: true, weight: 5 },
  { id: 'other-closed', title: 'Other (Not Open)', open: false, weight: 3 },
  { id: 'other-open', title: 'Other (Open)', open: true, weight: 2 },
  { id: 'notspecified', title: 'License not specified', open: false, weight: 4 },
  // data.gov.cz "podmínky užití": harvested records carry the terms-of-use URL as the licence id, sometimes
  // percent-encoded; CKAN echoes an unknown id as the title.
  { id: 'https://data.gov.cz/podmínky-užití/neobsahuje-autorská-díla/', title: 'https://data.gov.cz/podmínky-užití/neobsahuje-autorská-díla/', open: false, weight: 8 },
  { id: 'https://data.gov.cz/podmínky-užití/obsahuje-více-autorských-děl/', title: 'https://data.gov.cz/podmínky-užití/obsahuje-více-autorských-děl/', open: false, weight: 2 },
  { id: 'https://data.gov.cz/podm%C3%ADnky-u%C5%BEit%C3%AD/neobsahuje-osobn%C3%AD-%C3%BAdaje/', title: 'https://data.gov.cz/podm%C3%ADnky-u%C5%BEit%C3%AD/neobsahuje-osobn%C3%AD-%C3%BAdaje/', open: false, weight: 2 },
  { id: 'https://creativecommons.org/licenses/by/4.0/', title: 'https://creativecommons.org/licenses/by/4.0/', open: false, weight: 4 },
  { id: 'https://creativecommons.org/publicdomain/zero/1.0/', title: 'https://creativecommons.org/publicdomain/zero/1.0/', open: false, weight: 2 },
  { id: '', title: '', open: false, weight: 5 },
  { id: null, title: null, open: false, weight: 3 },
  { id: undefined, title: null, open: false, weight: 4 },
]

/**
 * The licence mix of a generic CKAN portal, by licence id (String(id)): CKAN's default ids, the odd URI, none of the
 * Czech terms of use. LICENSES' own weights are the Czech national catalogue's. The test fixture's portals use this.
 */
export const CKAN_LICENCE_MIX: Readonly<Record<string, number>> = {
  'cc-by-4.0': 24, 'cc-by': 18, 'cc-zero': 14, notspecified: 9, '': 8, 'odc-odbl': 7, null: 6, 'other-closed': 5, 'other-open': 3,
  'https://creativecommons.org/licenses/by/4.0/': 3,
}

const EU_FILE_TYPE = 'http://publications.europa.eu/resource/authority/file-type/'

// A resource kind: what the publisher typed into "format", what CKAN guessed for the mimetype, what the URL ends
// with ('' = no extension) and, for services, what kind of endpoint it is. Weights make CSV by far the most common,
// then PDF, XLSX, JSON and HTML, as on data.gov.cz.
export type ResourceKind = {
  format: string | null
  mimetype: string | null
  ext: string
  service?: 'wms' | 'wfs' | 'api' | 'landing'
  weight: number
}
export const RESOURCE_KINDS: readonly ResourceKind[] = [
  { format: 'CSV', mimetype: 'text/csv', ext: '.csv', weight: 30 },
  { format: 'csv', mimetype: 'text/csv', ext: '.csv', weight: 7 },
  { format: '.csv', mimetype: null, ext: '.csv', weight: 2 },
  { format: 'csv ', mimetype: 'text/csv', ext: '.csv', weight: 1 },
  { format: 'text/csv', mimetype: 'text/csv', ext: '', weight: 3 },
  { format: 'Comma Separated Values', mimetype: 'text/csv', ext: '.csv', weight: 1 },
  { format: 'CSV', mimetype: 'application/vnd.ms-excel', ext: '.csv', weight: 2 },
  { format: `${EU_FILE_TYPE}CSV`, mimetype: 'text/csv', ext: '.csv', weight: 5 },
  { format: '', mimetype: 'text/csv', ext: '.csv', weight: 1 },
  { format: 'PDF', mimetype: 'application/pdf', ext: '.pdf', weight: 8 },
  { format: 'pdf', mimetype: 'application/pdf', ext: '.pdf', weight: 2 },
  { format: `${EU_FILE_TYPE}PDF`, mimetype: 'application/pdf', ext: '.pdf', weight: 1 },
  { format: 'XLSX', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: '.xlsx', weight: 7 },
  { format: 'xls', mimetype: 'application/vnd.ms-excel', ext: '.xls', weight: 2 },
  { format: 'application/vnd.ms-excel', mimetype: 'application/vnd.ms-excel', ext: '.xls', weight: 1 },
  { format: `${EU_FILE_TYPE}XLSX`, mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: '.xlsx', weight: 1 },
  { format: 'ODS', mimetype: 'application/vnd.oasis.opendocument.spreadsheet', ext: '.ods', weight: 1 },
  { format: 'JSON', mimetype: 'application/json', ext: '.json', weight: 6 },
  { format: 'json', mimetype: 'application/json', ext: '.json', weight: 2 },
  { format: 'application/json', mimetype: 'application/json', ext: '', service: 'api', weight: 1 },
  { format: `${EU_FILE_TYPE}JSON`, mimetype: 'application/json', ext: '.json', weight: 2 },
  { format: 'GeoJSON', mimetype: 'application/geo+json', ext: '.geojson', weight: 3 },
  { format: 'geojson', mimetype: null, ext: '.geojson', weight: 1 },
  { format: 'XML', mimetype: 'application/xml', ext: '.xml', weight: 3 },
  { format: 'xml', mimetype: 'text/xml', ext: '.xml', weight: 1 },
  { format: 'RDF', mimetype: 'application/rdf+xml', ext: '.rdf', weight: 1 },
  { format: 'TTL', mimetype: 'text/turtle', ext: '.ttl', weight: 1 },
  { format: 'JSON-LD', mimetype: 'application/ld+json', ext: '.jsonld', weight: 1 },
  { format: 'ZIP', mimetype: 'application/zip', ext: '.zip', weight: 3 },
  { format: 'zip', mimetype: 'application/zip', ext: '.zip', weight: 1 },
  { format: 'SHP', mimetype: 'application/zip', ext: '.zip', weight: 2 },
  { format: 'Esri Shapefile', mimetype: 'application/zip', ext: '.zip', weight: 1 },
  { format: 'KML', mimetype: 'application/vnd.google-earth.kml+xml', ext: '.kml', weight: 1 },
  { format: 'KMZ', mimetype: 'application/vnd.google-earth.kmz', ext: '.kmz', weight: 1 },
  { format: 'WMS', mimetype: null, ext: '', service: 'wms', weight: 3 },
  { format: 'WFS', mimetype: null, ext: '', service: 'wfs', weight: 2 },
  { format: 'API', mimetype: null, ext: '', service: 'api', weight: 2 },
  { format: 'HTML', mimetype: 'text/html', ext: '', service: 'landing', weight: 6 },
  { format: 'html', mimetype: 'text/html', ext: '', service: 'landing', weight: 1 },
  { format: '', mimetype: null, ext: '', weight: 3 },
  { format: null, mimetype: null, ext: '', weight: 1 },
  // The publisher picked the wrong entry in a drop-down; the file is a CSV.
  { format: 'EXE', mimetype: 'text/csv', ext: '.csv', weight: 0.5 },
]

// Themes tie titles, tags, groups and descriptions together so the catalogue reads like a real portal.
// Title placeholders: {city} (a town in the dataset's region), {kraj} / {kraje} (the region, nominative /
// genitive), {river}, {year}.
export type Theme = { group: string; weight: number; titles: readonly string[]; tags: readonly string[]; sentences: readonly string[] }
export const THEMES: readonly Theme[] = [
  {
    group: 'doprava', weight: 16,
    titles: [
      'Jízdní řády MHD – {city}', 'Dopravní nehody – {kraj} {year}', 'Intenzita dopravy na komunikacích – {city} {year}',
      'Parkovací zóny – {city}', 'Cyklostezky a cyklotrasy {kraje}', 'Zastávky veřejné dopravy – {city}',
      'GTFS: integrovaný dopravní systém {kraje}', 'Uzavírky a omezení provozu – {city} {year}', 'Celostátní sčítání dopravy {year} – {kraj}',
      'Nabíjecí stanice pro elektromobily – {city}', 'Public transport stops – {city}',
    ],
    tags: ['doprava', 'Doprava', 'MHD', 'jízdní řády', 'GTFS', 'cyklostezky', 'parkování', 'nehody', 'silnice', 'transport', 'veřejná doprava'],
    sentences: [
      'Datová sada obsahuje **jízdní řády** linek městské hromadné dopravy včetně zastávek a spojů.',
      'Údaje jsou aktualizovány při každé změně jízdního řádu.',
      'Souřadnice zastávek jsou uvedeny v systému WGS 84.',
      'Data pocházejí z dopravního informačního systému provozovatele.',
      'Nehody evidované Policií ČR s lokalizací místa nehody a následky na zdraví.',
    ],
  },
  {
    group: 'ekonomika', weight: 14,
    titles: [
      'Rozpočet – {city} {year}', 'Plnění rozpočtu {kraje} za rok {year}', 'Veřejné zakázky – {city} {year}', 'Registr smluv – {city}',
      'Dotace poskytnuté z rozpočtu {kraje} v roce {year}', 'Přijaté faktury – {city} {year}', 'Závěrečný účet {kraje} {year}',
      'Budget {city} {year}', 'Majetek ve vlastnictví obce – {city}',
    ],
    tags: ['rozpočet', 'Rozpočet', 'finance', 'zakázky', 'smlouvy', 'dotace', 'faktury', 'budget', 'hospodaření'],
    sentences: [
      'Schválený rozpočet v členění podle **rozpočtové skladby**.',
      'Hodnoty jsou uvedeny v Kč bez DPH, není-li uvedeno jinak.',
      'Sada je zveřejňována na základě zákona č. 106/1999 Sb., o svobodném přístupu k informacím.',
      'Příjmy a výdaje jsou členěny podle paragrafů a položek.',
    ],
  },
  {
    group: 'zivotni-prostredi', weight: 12,
    titles: [
      'Kvalita ovzduší – {city} {year}', 'Hlukové mapy – {city}', 'Záplavová území – {river}', 'Sběrná místa tříděného odpadu – {city}',
      'Pasport zeleně – {city}', 'Průtoky a vodní stavy – {river} {year}', 'Maloplošná chráněná území {kraje}',
      'Air quality measurements – {city} {year}', 'Produkce odpadů {kraje} {year}',
    ],
    tags: ['ovzduší', 'životní prostředí', 'Životní prostředí', 'odpady', 'hluk', 'povodně', 'zeleň', 'voda', 'environment'],
    sentences: [
      'Naměřené hodinové koncentrace znečišťujících látek (PM10, PM2,5, NO2, O3).',
      'Polygony záplavových území Q5, Q20 a Q100 vymezené vodoprávním úřadem.',
      'Data jsou poskytována v souřadnicovém systému S-JTSK (EPSG:5514).',
      'Umístění kontejnerů na tříděný odpad včetně typu komodity.',
    ],
  },
  {
    group: 'obyvatelstvo', weight: 10,
    titles: [
      'Počet obyvatel obcí {kraje} k 1. 1. {year}', 'Pohyb obyvatelstva – {kraj} {year}', 'Sčítání lidu, domů a bytů 2021 – {kraj}',
      'Registr poskytovatelů sociálních služeb {kraje}', 'Věková struktura obyvatel – {city} {year}', 'Population of {city} {year}',
    ],
    tags: ['obyvatelstvo', 'demografie', 'sčítání', 'SLDB', 'sociální služby', 'statistika', 'Statistika'],
    sentences: ['Počet obyvatel podle pohlaví a věkových skupin.', 'Zdrojem dat je Český statistický úřad.', 'Hodnoty k 1. lednu daného roku.'],
  },
  {
    group: 'kultura', weight: 8,
    titles: [
      'Nemovité kulturní památky {kraje}', 'Kalendář kulturních akcí – {city} {year}', 'Sportoviště – {city}', 'Knihovny {kraje}',
      'Muzea a galerie – {city}', 'Návštěvnost kulturních zařízení {kraje} {year}',
    ],
    tags: ['kultura', 'památky', 'sport', 'knihovny', 'muzea', 'akce', 'volný čas'],
    sentences: [
      'Seznam nemovitých kulturních památek z Ústředního seznamu kulturních památek ČR.',
      'Kalendář kulturních a sportovních akcí pořádaných městem.',
      'Otevírací doba, kontakty a poloha zařízení.',
    ],
  },
  {
    group: 'vzdelavani', weight: 6,
    titles: [
      'Školy a školská zařízení {kraje}', 'Mateřské školy – {city}', 'Výsledky přijímacích zkoušek {kraje} {year}',
      'Kapacity základních škol – {city} {year}', 'Školské obvody – {city}',
    ],
    tags: ['školství', 'vzdělávání', 'školy', 'mateřské školy', 'education'],
    sentences: ['Seznam škol s adresou, IZO a kapacitou.', 'Data vycházejí z rejstříku škol a školských zařízení MŠMT.'],
  },
  {
    group: 'zdravotnictvi', weight: 5,
    titles: [
      'Poskytovatelé zdravotních služeb {kraje}', 'Lékárny – {city}', 'Očkování proti COVID-19 – {kraj}',
      'Lékařská pohotovostní služba – {city} {year}', 'Výjezdy zdravotnické záchranné služby {kraje} {year}',
    ],
    tags: ['zdravotnictví', 'lékárny', 'COVID-19', 'covid-19', 'zdraví'],
    sentences: ['Národní registr poskytovatelů zdravotních služeb.', 'Denní počty podaných dávek očkování.'],
  },
  {
    group: 'uzemni-planovani', weight: 10,
    titles: [
      'Územní plán – {city}', 'Adresní místa – {city}', 'Ortofoto {city} {year}', 'Katastrální území {kraje}',
      'Digitální technická mapa {kraje}', 'Budovy a stavební objekty – {city}', 'Zásady územního rozvoje {kraje}',
    ],
    tags: ['územní plán', 'geodata', 'GIS', 'katastr', 'adresy', 'RÚIAN', 'ortofoto', 'INSPIRE'],
    sentences: [
      'Vektorová data územního plánu ve formátu SHP a GeoJSON.',
      'Adresní místa převzatá z **RÚIAN** s denní aktualizací.',
      'Ortofotomapa s rozlišením 12,5 cm na pixel.',
    ],
  },
  {
    group: 'bezpecnost', weight: 4,
    titles: [
      'Trestné činy – {city} {year}', 'Zásahy jednotek požární ochrany {kraje} {year}', 'Kamerový systém – {city}',
      'Přestupky řešené městskou policií – {city} {year}',
    ],
    tags: ['bezpečnost', 'kriminalita', 'hasiči', 'policie'],
    sentences: ['Počty zjištěných trestných činů podle druhu.', 'Statistika zásahů jednotek požární ochrany.'],
  },
  {
    group: 'energie', weight: 3,
    titles: ['Spotřeba energií v budovách obce – {city} {year}', 'Fotovoltaické elektrárny {kraje}', 'Veřejné osvětlení – {city}'],
    tags: ['energie', 'elektřina', 'OZE'],
    sentences: ['Měsíční spotřeba elektřiny, plynu a tepla v budovách ve vlastnictví obce.'],
  },
  {
    group: 'verejna-sprava', weight: 8,
    titles: [
      'Úřední deska – {city}', 'Usnesení rady – {city} {year}', 'Kontakty a úřední hodiny – {city}', 'Seznam orgánů veřejné moci – {kraj}',
      'Zasedání zastupitelstva {kraje} {year}', 'Datové schránky obcí {kraje}', 'Organizační struktura úřadu – {city}',
    ],
    tags: ['úřední deska', 'veřejná správa', 'usnesení', 'zastupitelstvo', 'OVM'],
    sentences: ['Dokumenty vyvěšené na elektronické úřední desce.', 'Usnesení ze schůzí rady.', 'Kontakty na odbory a oddělení úřadu.'],
  },
  {
    group: 'zemedelstvi', weight: 2,
    titles: ['Půdní bloky LPIS {kraje}', 'Lesní hospodářské plány {kraje} {year}', 'Farmářské trhy – {city}'],
    tags: ['zemědělství', 'lesy', 'LPIS'],
    sentences: ['Data veřejného registru půdy LPIS.'],
  },
  {
    group: 'cestovni-ruch', weight: 3,
    titles: [
      'Turistické cíle – {city}', 'Návštěvnost hromadných ubytovacích zařízení {kraje} {year}', 'Turistická informační centra {kraje}',
      'Tourist attractions – {city}',
    ],
    tags: ['cestovní ruch', 'turistika', 'ubytování', 'tourism'],
    sentences: ['Seznam turistických cílů s popisem a polohou.'],
  },
  {
    group: 'volby', weight: 3,
    titles: ['Volby do zastupitelstva – {city} {year}', 'Volby do Poslanecké sněmovny {year} – {kraj}', 'Volební okrsky – {city}'],
    tags: ['volby', 'Volby', 'výsledky voleb'],
    sentences: ['Výsledky hlasování podle volebních okrsků.'],
  },
]

/** Appended to some titles: real catalogues publish the same series many times over. */
export const TITLE_QUALIFIERS = [
  ' (archiv)', ' – čtvrtletní data', ' – měsíční data', ' – souhrn', ' – podrobná data', ' (aktualizováno)', ' – 1. pololetí',
  ' – 2. pololetí', ' (verze 2)', ' – otevřená data',
] as const

export const GENERAL_TAGS = ['otevřená data', 'open data', 'OpenData', 'město', 'kraj', 'mapa', 'statistika', 'ČSÚ', 'NKOD', 'HVD']

export const PEOPLE = [
  'Jan Novák', 'Jana Nováková', 'Petr Svoboda', 'Eva Svobodová', 'Martin Dvořák', 'Lucie Dvořáková', 'Tomáš Černý',
  'Kateřina Černá', 'Pavel Procházka', 'Veronika Procházková', 'Jiří Kučera', 'Hana Kučerová', 'Lukáš Veselý',
  'Tereza Veselá', 'Jakub Horák', 'Markéta Horáková', 'Ondřej Němec', 'Zuzana Němcová', 'Michal Pokorný', 'Alena Pokorná',
] as const
