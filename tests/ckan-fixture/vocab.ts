// Word lists and tables the generator draws from. Place names are real Czech municipalities, regions and
// rivers; licence ids/titles are CKAN's default licence register plus the ids seen on real portals
// (see samples/README.md); resource "kinds" reproduce the format/mimetype mess recorded in samples/.

import { CZ_KRAJE } from '../../lib/domain/cz-kraje.ts'

export const CITIES = [
  'Praha', 'Brno', 'Ostrava', 'Plzeň', 'Liberec', 'Olomouc', 'České Budějovice', 'Hradec Králové',
  'Ústí nad Labem', 'Pardubice', 'Zlín', 'Havířov', 'Kladno', 'Most', 'Opava', 'Frýdek-Místek', 'Karviná',
  'Jihlava', 'Teplice', 'Děčín', 'Karlovy Vary', 'Chomutov', 'Jablonec nad Nisou', 'Mladá Boleslav',
  'Prostějov', 'Přerov', 'Česká Lípa', 'Třebíč', 'Třinec', 'Tábor', 'Znojmo', 'Kolín', 'Příbram', 'Cheb',
  'Písek', 'Trutnov', 'Kroměříž', 'Vsetín', 'Šumperk', 'Uherské Hradiště', 'Břeclav', 'Hodonín',
  'Litoměřice', 'Havlíčkův Brod', 'Nový Jičín', 'Chrudim', 'Strakonice', 'Klatovy', 'Vyškov', 'Blansko',
] as const

/**
 * Where each city is (lon, lat of the centre, rounded) and about how many thousand people live there: the fixture's
 * `extents=all` corpus places datasets around the cities in proportion to their size, as on real Czech portals.
 */
export const CITY_LOCATIONS: Readonly<Record<(typeof CITIES)[number], readonly [lon: number, lat: number, thousands: number]>> = {
  'Praha': [14.42, 50.08, 1357], 'Brno': [16.61, 49.19, 396], 'Ostrava': [18.29, 49.83, 284], 'Plzeň': [13.38, 49.75, 185],
  'Liberec': [15.06, 50.77, 108], 'Olomouc': [17.25, 49.59, 102], 'České Budějovice': [14.47, 48.97, 97],
  'Hradec Králové': [15.83, 50.21, 94], 'Ústí nad Labem': [14.04, 50.66, 91], 'Pardubice': [15.78, 50.04, 92],
  'Zlín': [17.67, 49.22, 75], 'Havířov': [18.42, 49.78, 70], 'Kladno': [14.10, 50.15, 69], 'Most': [13.64, 50.50, 65],
  'Opava': [17.90, 49.94, 56], 'Frýdek-Místek': [18.35, 49.68, 55], 'Karviná': [18.54, 49.86, 50], 'Jihlava': [15.59, 49.40, 52],
  'Teplice': [13.82, 50.64, 50], 'Děčín': [14.21, 50.78, 48], 'Karlovy Vary': [12.87, 50.23, 48], 'Chomutov': [13.42, 50.46, 47],
  'Jablonec nad Nisou': [15.17, 50.72, 46], 'Mladá Boleslav': [14.90, 50.41, 45], 'Prostějov': [17.11, 49.47, 43],
  'Přerov': [17.45, 49.46, 42], 'Česká Lípa': [14.54, 50.69, 37], 'Třebíč': [15.88, 49.22, 35], 'Třinec': [18.67, 49.68, 35],
  'Tábor': [14.66, 49.41, 34], 'Znojmo': [16.05, 48.86, 34], 'Kolín': [15.20, 50.03, 33], 'Příbram': [14.01, 49.69, 32],
  'Cheb': [12.37, 50.08, 31], 'Písek': [14.15, 49.31, 30], 'Trutnov': [15.91, 50.56, 30], 'Kroměříž': [17.39, 49.30, 28],
  'Vsetín': [17.99, 49.34, 25], 'Šumperk': [16.97, 49.97, 25], 'Uherské Hradiště': [17.46, 49.07, 25], 'Břeclav': [16.88, 48.76, 24],
  'Hodonín': [17.13, 48.85, 24], 'Litoměřice': [14.13, 50.53, 23], 'Havlíčkův Brod': [15.58, 49.61, 23], 'Nový Jičín': [18.01, 49.59, 23],
  'Chrudim': [15.80, 49.95, 23], 'Strakonice': [13.90, 49.26, 22], 'Klatovy': [13.30, 49.40, 22], 'Vyškov': [17.00, 49.28, 21],
  'Blansko': [16.64, 49.36, 20],
}

export const TOWNS = [
  'Lelekovice', 'Kuřim', 'Tišnov', 'Rosice', 'Šlapanice', 'Modřice', 'Jevíčko', 'Bystřice nad Pernštejnem',
  'Nové Město na Moravě', 'Velké Meziříčí', 'Letovice', 'Boskovice', 'Ivančice', 'Židlochovice', 'Pohořelice',
  'Mikulov', 'Valtice', 'Lednice', 'Hustopeče', 'Kyjov', 'Veselí nad Moravou', 'Strážnice', 'Bzenec',
  'Slavkov u Brna', 'Bučovice', 'Rousínov', 'Říčany', 'Brandýs nad Labem-Stará Boleslav', 'Černošice',
  'Dobříš', 'Sedlčany', 'Benešov', 'Vlašim', 'Kutná Hora', 'Čáslav', 'Poděbrady', 'Nymburk', 'Lysá nad Labem',
  'Mělník', 'Kralupy nad Vltavou', 'Roudnice nad Labem', 'Lovosice', 'Žatec', 'Louny', 'Rakovník', 'Beroun',
  'Hořovice', 'Rokycany', 'Sušice', 'Domažlice', 'Tachov', 'Mariánské Lázně', 'Františkovy Lázně', 'Aš',
  'Sokolov', 'Ostrov', 'Jáchymov', 'Kadaň', 'Bílina', 'Varnsdorf', 'Rumburk', 'Šluknov', 'Frýdlant',
  'Turnov', 'Semily', 'Jilemnice', 'Vrchlabí', 'Hostinné', 'Dvůr Králové nad Labem', 'Náchod', 'Broumov',
  'Police nad Metují', 'Nové Město nad Metují', 'Rychnov nad Kněžnou', 'Žamberk', 'Lanškroun',
  'Česká Třebová', 'Ústí nad Orlicí', 'Vysoké Mýto', 'Polička', 'Svitavy', 'Moravská Třebová', 'Litomyšl',
  'Hlinsko', 'Chotěboř', 'Ledeč nad Sázavou', 'Humpolec', 'Pelhřimov', 'Pacov', 'Kamenice nad Lipou',
  'Jindřichův Hradec', 'Třeboň', 'Dačice', 'Telč', 'Moravské Budějovice', 'Náměšť nad Oslavou', 'Hrotovice',
  'Uničov', 'Litovel', 'Mohelnice', 'Zábřeh', 'Jeseník', 'Zlaté Hory', 'Krnov', 'Bruntál', 'Rýmařov',
  'Hlučín', 'Bohumín', 'Orlová', 'Český Těšín', 'Jablunkov', 'Frenštát pod Radhoštěm', 'Rožnov pod Radhoštěm',
  'Valašské Meziříčí', 'Bystřice pod Hostýnem', 'Holešov', 'Otrokovice', 'Napajedla', 'Luhačovice',
  'Valašské Klobouky', 'Uherský Brod', 'Staré Město', 'Kunovice', 'Hulín', 'Chropyně', 'Kojetín',
] as const

/** The kraje as they read in "{region} kraj" titles (Středočeský … Vysočina): lib/domain/cz-kraje.ts without "kraj". */
export const REGIONS: readonly string[] = CZ_KRAJE.map((kraj) => kraj.nameCs.replace(/ kraj$/, '').replace(/^Kraj /, ''))

export const RIVERS = [
  'Vltava', 'Labe', 'Morava', 'Odra', 'Svratka', 'Svitava', 'Dyje', 'Ohře', 'Berounka', 'Sázava', 'Jizera',
  'Otava', 'Bečva', 'Lužnice', 'Orlice', 'Opava', 'Ostravice', 'Jihlava', 'Oslava', 'Chrudimka',
] as const

// Organisations: the big publishers come first (they also get the largest share of datasets).
export const BIG_ORGS = [
  'Český statistický úřad', 'Statutární město Brno', 'Hlavní město Praha', 'Ministerstvo dopravy',
  'Ministerstvo životního prostředí', 'Český hydrometeorologický ústav', 'Ředitelství silnic a dálnic ČR',
  'Národní památkový ústav', 'Český úřad zeměměřický a katastrální', 'Ministerstvo vnitra',
  'Ministerstvo financí', 'Státní zdravotní ústav', 'Agentura ochrany přírody a krajiny ČR',
  'Ministerstvo školství, mládeže a tělovýchovy', 'Institut plánování a rozvoje hlavního města Prahy',
  'Statutární město Ostrava', 'Jihomoravský kraj', 'Dopravní podnik hl. m. Prahy', 'Povodí Moravy, s.p.',
  'Ministerstvo zemědělství',
] as const

export const ORG_PATTERNS = [
  'Obec {town}', 'Město {town}', 'Městys {town}', 'Statutární město {city}', '{region} kraj',
  'Technické služby {city}', 'Dopravní podnik města {city}', 'Správa a údržba silnic – {region} kraj',
  'Krajská hygienická stanice – {region} kraj', 'Městská policie {city}', 'Knihovna města {city}',
  'Základní škola {town}', 'Správa železnic – oblast {city}', 'Povodí {river}', 'Muzeum regionu {city}',
  'Krajský úřad – {region} kraj', 'Městská část Praha {n}', 'Nemocnice {city}',
] as const

// CKAN groups are the same themes in the fixture and the demo catalogue.
export { GROUPS, type Group } from '../../server/ckan/demo/vocab.server.ts'

export type License = { id: string | null; title: string | null; url?: string; open: boolean; weight: number }
export const LICENSES: readonly License[] = [
  { id: 'cc-by', title: 'Creative Commons Attribution', url: 'http://www.opendefinition.org/licenses/cc-by', open: true, weight: 18 },
  { id: 'cc-by-4.0', title: 'Creative Commons Attribution 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', open: true, weight: 24 },
  { id: 'cc-zero', title: 'Creative Commons CCZero', url: 'http://www.opendefinition.org/licenses/cc-zero', open: true, weight: 14 },
  { id: 'odc-odbl', title: 'Open Data Commons Open Database License (ODbL)', url: 'http://www.opendefinition.org/licenses/odc-odbl', open: true, weight: 7 },
  { id: 'cc-by-sa', title: 'Creative Commons Attribution Share-Alike', url: 'http://www.opendefinition.org/licenses/cc-by-sa', open: true, weight: 3 },
  { id: 'other-closed', title: 'Other (Not Open)', open: false, weight: 5 },
  { id: 'other-open', title: 'Other (Open)', open: true, weight: 3 },
  { id: 'notspecified', title: 'License not specified', open: false, weight: 9 },
  // Harvested records whose licence id is the licence URL (CKAN echoes an unknown id as its title).
  { id: 'https://creativecommons.org/licenses/by/4.0/', title: 'https://creativecommons.org/licenses/by/4.0/', open: false, weight: 3 },
  { id: '', title: '', open: false, weight: 8 },
  { id: null, title: null, open: false, weight: 6 },
]

// A resource kind: what a portal publisher typed into "format", what CKAN guessed for the mimetype, and
// what the URL looks like. `ext` is appended to the download URL ('' = URL without an extension).
export type ResourceKind = {
  format: string
  mimetype: string | null
  ext: string
  service?: 'wms' | 'wfs' | 'api' | 'landing'
  weight: number
}
export const RESOURCE_KINDS: readonly ResourceKind[] = [
  { format: 'CSV', mimetype: 'text/csv', ext: '.csv', weight: 30 },
  { format: 'csv', mimetype: 'text/csv', ext: '.csv', weight: 6 },
  { format: '.csv', mimetype: null, ext: '.csv', weight: 3 },
  { format: 'text/csv', mimetype: 'text/csv', ext: '', weight: 3 },
  { format: 'CSV', mimetype: 'application/vnd.ms-excel', ext: '.csv', weight: 4 },
  { format: 'application/vnd.ms-excel', mimetype: 'application/vnd.ms-excel', ext: '.csv', weight: 2 },
  { format: '', mimetype: null, ext: '', weight: 5 },
  { format: '', mimetype: 'text/csv', ext: '.csv', weight: 2 },
  { format: 'WMS', mimetype: null, ext: '', service: 'wms', weight: 6 },
  { format: 'wms', mimetype: null, ext: '', service: 'wms', weight: 3 },
  { format: 'WFS', mimetype: null, ext: '', service: 'wfs', weight: 2 },
  { format: 'XLSX', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: '.xlsx', weight: 7 },
  { format: 'XLS', mimetype: 'application/vnd.ms-excel', ext: '.xls', weight: 2 },
  { format: 'ZIP', mimetype: 'application/zip', ext: '.zip', weight: 4 },
  { format: 'SHP', mimetype: 'application/zip', ext: '.zip', weight: 2 },
  { format: 'JSON', mimetype: 'application/json', ext: '.json', weight: 6 },
  { format: 'json', mimetype: null, ext: '', service: 'api', weight: 1 },
  { format: 'GeoJSON', mimetype: 'application/geo+json', ext: '.geojson', weight: 4 },
  { format: 'GeoJSON', mimetype: null, ext: '', service: 'wfs', weight: 1 },
  { format: 'XML', mimetype: 'application/xml', ext: '.xml', weight: 2 },
  { format: 'PDF', mimetype: 'application/pdf', ext: '.pdf', weight: 5 },
  { format: 'HTML', mimetype: 'text/html', ext: '', service: 'landing', weight: 5 },
  { format: 'API', mimetype: null, ext: '', service: 'api', weight: 1 },
  { format: 'KMZ', mimetype: 'application/vnd.google-earth.kmz', ext: '.kmz', weight: 1 },
  { format: 'ODS', mimetype: 'application/vnd.oasis.opendocument.spreadsheet', ext: '.ods', weight: 1 },
  { format: 'RDF', mimetype: 'application/rdf+xml', ext: '.rdf', weight: 1 },
  { format: 'EXE', mimetype: 'text/csv', ext: '.exe', weight: 1 },
]

// Themes tie titles, tags, groups and descriptions together so the corpus reads like a real portal.
export type Theme = {
  group: string
  weight: number
  titles: readonly string[]
  tags: readonly string[]
  sentences: readonly string[]
}
export const THEMES: readonly Theme[] = [
  {
    group: 'doprava', weight: 16,
    titles: [
      'Jízdní řády MHD {city} {year}', 'Dopravní nehody v kraji {region} {year}', 'Intenzita dopravy na komunikacích – {city}',
      'Parkovací zóny {city}', 'Cyklostezky a cyklotrasy {city}', 'Zastávky veřejné dopravy ({city})',
      'GTFS – integrovaný dopravní systém, {region} kraj', 'Public transport stops {city}', 'Uzavírky komunikací {city} {year}',
    ],
    tags: ['doprava', 'Doprava', 'MHD', 'jízdní řády', 'GTFS', 'cyklostezky', 'parkování', 'nehody', 'silnice', 'transport'],
    sentences: [
      'Datová sada obsahuje **jízdní řády** linek městské hromadné dopravy včetně zastávek a spojů.',
      'Údaje jsou aktualizovány při každé změně jízdního řádu.',
      'Souřadnice zastávek jsou uvedeny v systému WGS 84.',
      'Data pocházejí z dopravního informačního systému provozovatele.',
    ],
  },
  {
    group: 'ekonomika', weight: 16,
    titles: [
      'Rozpočet obce {town} {year}', 'Plnění rozpočtu města {city} za rok {year}', 'Veřejné zakázky {city} {year}',
      'Registr smluv – {city}', 'Dotace poskytnuté městem {city} v roce {year}', 'Faktury {city} {year}',
      'Budget of {city} {year}', 'Závěrečný účet obce {town} {year}',
    ],
    tags: ['rozpočet', 'Rozpočet', 'finance', 'zakázky', 'smlouvy', 'dotace', 'faktury', 'budget', 'hospodaření'],
    sentences: [
      'Schválený rozpočet v členění podle **rozpočtové skladby**.',
      'Hodnoty jsou uvedeny v Kč bez DPH, není-li uvedeno jinak.',
      'Sada je zveřejňována na základě zákona č. 106/1999 Sb.',
      'Příjmy a výdaje jsou členěny podle paragrafů a položek.',
    ],
  },
  {
    group: 'zivotni-prostredi', weight: 12,
    titles: [
      'Kvalita ovzduší {city} {year}', 'Hlukové mapy {city}', 'Záplavová území – {river}',
      'Sběrná místa tříděného odpadu – {city}', 'Stromy ve správě města {city}', 'Měření hladin vodních toků – {river} {year}',
      'Air quality measurements {city} {year}', 'Chráněná území – {region} kraj',
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
      'Počet obyvatel obce {town} k 1. 1. {year}', 'Pohyb obyvatelstva – {region} kraj {year}',
      'Sčítání lidu, domů a bytů {year} – {region} kraj', 'Sociální služby v kraji {region}', 'Population of {city} {year}',
    ],
    tags: ['obyvatelstvo', 'demografie', 'sčítání', 'SLDB', 'sociální služby', 'statistika', 'Statistika'],
    sentences: [
      'Počet obyvatel podle pohlaví a věkových skupin.',
      'Zdrojem dat je Český statistický úřad.',
      'Hodnoty k 1. lednu daného roku.',
    ],
  },
  {
    group: 'kultura', weight: 8,
    titles: [
      'Seznam kulturních památek – {region} kraj', 'Kulturní akce v obci {town} {year}', 'Sportoviště {city}',
      'Knihovny – {region} kraj', 'Muzea a galerie {city}',
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
      'Rejstřík škol a školských zařízení – {region} kraj', 'Mateřské školy {city}', 'Výsledky přijímacích zkoušek {year}',
      'Kapacity základních škol {city} {year}',
    ],
    tags: ['školství', 'vzdělávání', 'školy', 'mateřské školy', 'education'],
    sentences: ['Seznam škol s adresou, IZO a kapacitou.', 'Data vycházejí z rejstříku škol MŠMT.'],
  },
  {
    group: 'zdravotnictvi', weight: 5,
    titles: ['Poskytovatelé zdravotních služeb – {region} kraj', 'Lékárny {city}', 'COVID-19: očkování v kraji {region}', 'Pohotovosti {city} {year}'],
    tags: ['zdravotnictví', 'lékárny', 'COVID-19', 'covid-19', 'zdraví'],
    sentences: ['Národní registr poskytovatelů zdravotních služeb.', 'Denní počty podaných dávek očkování.'],
  },
  {
    group: 'uzemni-planovani', weight: 10,
    titles: [
      'Územní plán {city}', 'Adresní místa obce {town}', 'Ortofoto {city} {year}', 'Katastrální území – {region} kraj',
      'Digitální technická mapa {city}', 'Budovy a stavební objekty {town}',
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
    titles: ['Trestné činy – {city} {year}', 'Zásahy hasičů – {region} kraj {year}', 'Kamerový systém města {city}'],
    tags: ['bezpečnost', 'kriminalita', 'hasiči', 'policie'],
    sentences: ['Počty zjištěných trestných činů podle druhu.', 'Statistika zásahů jednotek požární ochrany.'],
  },
  {
    group: 'energie', weight: 3,
    titles: ['Spotřeba energie budov města {city} {year}', 'Fotovoltaické elektrárny – {region} kraj'],
    tags: ['energie', 'elektřina', 'OZE'],
    sentences: ['Měsíční spotřeba elektřiny, plynu a tepla v budovách ve vlastnictví města.'],
  },
  {
    group: 'verejna-sprava', weight: 8,
    titles: ['Úřední deska – {town}', 'Usnesení rady města {city} {year}', 'Kontakty úřadu města {city}', 'Seznam orgánů veřejné moci', 'Zasedání zastupitelstva obce {town} {year}'],
    tags: ['úřední deska', 'veřejná správa', 'usnesení', 'zastupitelstvo', 'OVM'],
    sentences: ['Dokumenty vyvěšené na elektronické úřední desce.', 'Usnesení ze schůzí rady města.'],
  },
  {
    group: 'zemedelstvi', weight: 2,
    titles: ['Půdní bloky LPIS – {region} kraj', 'Lesní hospodářské plány {region} {year}'],
    tags: ['zemědělství', 'lesy', 'LPIS'],
    sentences: ['Data veřejného registru půdy LPIS.'],
  },
  {
    group: 'cestovni-ruch', weight: 3,
    titles: ['Turistické cíle {city}', 'Návštěvnost hromadných ubytovacích zařízení {region} {year}', 'Tourist information centres {city}'],
    tags: ['cestovní ruch', 'turistika', 'ubytování', 'tourism'],
    sentences: ['Seznam turistických cílů s popisem a polohou.'],
  },
  {
    group: 'volby', weight: 3,
    titles: ['Volby do zastupitelstva obce {town} {year}', 'Výsledky voleb do Poslanecké sněmovny {year} – {region} kraj', 'Volební okrsky {city}'],
    tags: ['volby', 'Volby', 'výsledky voleb'],
    sentences: ['Výsledky hlasování podle volebních okrsků.'],
  },
]

export const GENERAL_TAGS = ['otevřená data', 'open data', 'OpenData', 'město', 'kraj', 'mapa', 'statistika', 'ČSÚ', '2024', 'NKOD']

export const FIRST_NAMES = ['Jan', 'Petr', 'Jana', 'Eva', 'Martin', 'Tomáš', 'Lucie', 'Kateřina', 'Pavel', 'Veronika', 'Jiří', 'Hana']
export const LAST_NAMES = ['Novák', 'Svobodová', 'Dvořák', 'Černá', 'Procházka', 'Kučerová', 'Veselý', 'Horáková', 'Němec', 'Marková', 'Pokorný', 'Král']

export const EXTENSIONS = [
  'envvars', 'image_view', 'text_view', 'datatables_view', 'activity', 'datastore', 'xloader', 'scheming_datasets',
  'scheming_organizations', 'spatial_metadata', 'spatial_query', 'dcat', 'harvest', 'ckan_harvester', 'dcat_rdf_harvester',
  'geo_view', 'geojson_view', 'wmts_view', 'pages', 'showcase',
] as const
