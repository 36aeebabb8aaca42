import type { MessageKey } from '../i18n/catalog.ts'

// Licence names in the user's language, by the licence table's key (server/analysis/licences.server.ts): the
// licences that have official translations (the Creative Commons 4.0 deeds and CC0), CKAN's generic categories and
// the Czech terms of use. Every other licence keeps its official name, as the server sends it.
export const LICENCE_NAMES: Readonly<Record<string, MessageKey>> = {
  'CC-BY-4.0': 'licences.ccBy40',
  'CC-BY-SA-4.0': 'licences.ccBySa40',
  'CC-BY-NC-4.0': 'licences.ccByNc40',
  'CC-BY-ND-4.0': 'licences.ccByNd40',
  'CC-BY-NC-SA-4.0': 'licences.ccByNcSa40',
  'CC-BY-NC-ND-4.0': 'licences.ccByNcNd40',
  'CC0-1.0': 'licences.cc0',
  'cc-by': 'licences.ccBy',
  'cc-by-sa': 'licences.ccBySa',
  'cc-nc': 'licences.ccNc',
  'other-open': 'licences.otherOpen',
  'other-pd': 'licences.otherPd',
  'other-at': 'licences.otherAt',
  'other-nc': 'licences.otherNc',
  'other-closed': 'licences.otherClosed',
  'notspecified': 'licences.notSpecified',
  'cz-terms-no-authored-works': 'licences.czNoAuthoredWorks',
  'cz-terms-multiple-authored-works': 'licences.czMultipleAuthoredWorks',
  'cz-terms-not-copyright-database': 'licences.czNotCopyrightDatabase',
  'cz-terms-no-sui-generis-right': 'licences.czNoSuiGeneris',
  'cz-terms-no-personal-data': 'licences.czNoPersonalData',
  'cz-terms-personal-data': 'licences.czPersonalData',
  'cz-terms-personal-data-unspecified': 'licences.czPersonalDataUnspecified',
}

/** The message naming a licence in the user's language, or null: then its official name stands. */
export function licenceNameKey(key: string): MessageKey | null {
  return Object.hasOwn(LICENCE_NAMES, key) ? (LICENCE_NAMES[key] as MessageKey) : null
}
