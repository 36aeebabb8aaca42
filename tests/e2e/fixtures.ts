/** What tests/e2e/seed.ts puts into the e2e database. */
export const E2E_PORTAL = { id: 'e2e-portal', name: 'E2E Portal' }
export const E2E_DATASET = {
  uuid: '0d6c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'air-quality-prague',
  title: 'Air quality in Prague',
}
export const E2E_DATASET_ID = `${E2E_PORTAL.id}:${E2E_DATASET.uuid}`
/** The description of the e2e dataset: Markdown with a script and script links that must render inert. */
export const E2E_DATASET_NOTES = [
  'Hourly measurements from the city network.',
  '',
  '<script>window.__pwned = true</script>',
  '',
  '[Open me](javascript:window.__pwned=true) and [the network](https://example.org/air).',
  '',
  '<img src=x onerror="window.__pwned=true">',
].join('\n')
export const E2E_PUBLISHER = { name: 'e2e-city', title: 'E2E City Office' }

/**
 * A CKAN fixture portal served on loopback during the e2e run (playwright.config.ts), registered and harvested by the
 * seed, so live search has a real portal to ask. The e2e portal above points at a closed port: it is the portal that
 * is down, with the reason recorded by a real health check.
 */
// Overridable so that two checkouts can run the suite side by side.
export const E2E_FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 5199)
export const E2E_LIVE_PORTALS = [
  { id: 'live-a', name: 'Live fixture portal A', datasets: 300 },
  { id: 'live-b', name: 'Live fixture portal B', datasets: 200 },
] as const
/** Served with CKAN answering 500 to everything: registered, never harvested, down with the reason recorded. */
export const E2E_DOWN_PORTAL = { id: 'down', name: 'Fixture portal that is down', datasets: 50 }
/** The fixture's command-line portals, as the seed and the e2e run serve them. */
export const E2E_FIXTURE_PORTALS = [...E2E_LIVE_PORTALS.map((portal) => `${portal.id}:${portal.datasets}`), `${E2E_DOWN_PORTAL.id}:${E2E_DOWN_PORTAL.datasets}:http500`]
export const DEMO_PORTAL_IDS = ['demo-narodni-katalog', 'demo-kraje', 'demo-mesta'] as const

// Accounts the e2e seed creates (tests/e2e/seed.ts), so that journeys sign in instead of signing up: sign-ups are
// limited per client address, and every e2e browser comes from loopback. Each spec file uses its own accounts, so
// that specs running side by side never see each other's projects.
export const E2E_PASSWORD = 'zlatá rybka v potoce 7'

export const E2E_USERS = {
  navigator: { name: 'Navigace Testerová', email: 'navigator@e2e.example' },
  owner: { name: 'Olga Vlastníková', email: 'owner@e2e.example' },
  tester: { name: 'Tomáš Tester', email: 'tester@e2e.example' },
  outsider: { name: 'Oto Cizí', email: 'outsider@e2e.example' },
  casesOwner: { name: 'Cecílie Případová', email: 'cases@e2e.example' },
  editorOwner: { name: 'Emil Editor', email: 'editor@e2e.example' },
  suitesOwner: { name: 'Saša Sadová', email: 'suites@e2e.example' },
  projectsOwner: { name: 'Petra Projektová', email: 'projects@e2e.example' },
  projectsMember: { name: 'Milan Člen', email: 'member@e2e.example' },
  runsOwner: { name: 'Radka Běhová', email: 'runs@e2e.example' },
  runsTester: { name: 'Tadeáš Zkoušející', email: 'runs-tester@e2e.example' },
  executionOwner: { name: 'Eliška Provedená', email: 'execution@e2e.example' },
  executionTester: { name: 'Xaver Druhý', email: 'execution-tester@e2e.example' },
  automationOwner: { name: 'Alois Automat', email: 'automation@e2e.example' },
  cliOwner: { name: 'Čeněk Skriptový', email: 'cli@e2e.example' },
  reportsOwner: { name: 'Renata Přehledová', email: 'reports@e2e.example' },
  reportsTester: { name: 'Rostislav Počítal', email: 'reports-tester@e2e.example' },
  junitOwner: { name: 'Judita Importová', email: 'junit@e2e.example' },
  junitTester: { name: 'Jonáš Zprávový', email: 'junit-tester@e2e.example' },
  checksEditor: { name: 'Kamila Kontrolní', email: 'checks-editor@e2e.example' },
  menusLanguage: { name: 'Věra Jazyková', email: 'menus-language@e2e.example' },
  menusRename: { name: 'Karel Starý', email: 'menus-rename@e2e.example' },
  menusAccount: { name: 'Ivana Účtová', email: 'menus-account@e2e.example' },
  portalsNoScript: { name: 'Bohdan Bezskriptový', email: 'portals-noscript@e2e.example' },
  menusTheme: { name: 'Tereza Motivová', email: 'menus-theme@e2e.example' },
  menusHeadings: { name: 'Olga Nadpisová', email: 'menus-headings@e2e.example' },
  phones: { name: 'Maximiliána Přehledová-Dlouhá', email: 'phones@e2e.example' },
  languages: { name: 'Lída Jazyková', email: 'languages@e2e.example' },
  profileLists: { name: 'Pavla Profilová', email: 'profile-lists@e2e.example' },
  profileDelete: { name: 'Dušan Odcházející', email: 'profile-delete@e2e.example' },
  portalsAdder: { name: 'Petra Portálová', email: 'portals-adder@e2e.example' },
  portalsWatcher: { name: 'Vilém Sledující', email: 'portals-watcher@e2e.example' },
  hostile: { name: 'Hana Útočná', email: 'hostile@e2e.example' },
  historyOwner: { name: 'Hedvika Historická', email: 'history@e2e.example' },
  historyTester: { name: 'Tobiáš Opakovač', email: 'history-tester@e2e.example' },
  invitationsOwner: { name: 'Ivana Zvoucí', email: 'invitations@e2e.example' },
  invitationsMember: { name: 'Simona Pozvaná', email: 'invitations-member@e2e.example' },
  invitationsOther: { name: 'Oldřich Jiný', email: 'invitations-other@e2e.example' },
  attachOwner: { name: 'Přemysl Přílohový', email: 'attach@e2e.example' },
  attachViewer: { name: 'Vanda Prohlížející', email: 'attach-viewer@e2e.example' },
  assignOwner: { name: 'Alžběta Přidělující', email: 'assign-owner@e2e.example' },
  assignTester: { name: 'Bohdan Přidělený', email: 'assign-tester@e2e.example' },
  assignNewcomer: { name: 'Cyril Nováček', email: 'assign-newcomer@e2e.example' },
} as const

