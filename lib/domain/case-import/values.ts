// Priority, type and state as other tools and languages write them, mapped to ours. A word of ours in any of the six
// languages is taken as it is; anything else is never a reason to refuse a case: the preview lists each such value
// once with the value it will get (a sensible default below, else the field's default), and the user may change that
// before importing (docs/test-case-csv.md, "Values of other tools").

import { CASE_STATES, CASE_TYPES, PRIORITIES, type CaseState, type CaseType, type Priority } from '../test-management.ts'
import type { MappedField } from './imported-case.ts'

type Ours = { priority: Priority; type: CaseType; state: CaseState }

/** Our own words in the six languages, lower-cased: these are not "other tools' values" and are not listed. */
const OWN_WORDS: { [F in MappedField]: ReadonlyMap<string, Ours[F]> } = {
  priority: new Map<string, Priority>([
    ['low', 'low'], ['medium', 'medium'], ['high', 'high'], ['critical', 'critical'],
    ['nízká', 'low'], ['střední', 'medium'], ['vysoká', 'high'], ['kritická', 'critical'],
    ['niedrig', 'low'], ['mittel', 'medium'], ['hoch', 'high'], ['kritisch', 'critical'],
    ['basse', 'low'], ['moyenne', 'medium'], ['haute', 'high'], ['critique', 'critical'],
    ['niski', 'low'], ['średni', 'medium'], ['wysoki', 'high'], ['krytyczny', 'critical'],
    ['低', 'low'], ['中', 'medium'], ['高', 'high'], ['严重', 'critical'],
  ]),
  type: new Map<string, CaseType>([
    ['manual', 'manual'], ['automated', 'automated'], ['manuální', 'manual'], ['automatizovaný', 'automated'], ['ruční', 'manual'], ['automatický', 'automated'],
    ['manuell', 'manual'], ['automatisiert', 'automated'], ['manuel', 'manual'], ['automatisé', 'automated'], ['ręczny', 'manual'], ['automatyczny', 'automated'],
    ['手动', 'manual'], ['自动', 'automated'],
  ]),
  state: new Map<string, CaseState>([
    ['draft', 'draft'], ['active', 'active'], ['deprecated', 'deprecated'], ['koncept', 'draft'], ['aktivní', 'active'], ['zastaralý', 'deprecated'], ['vyřazený', 'deprecated'],
    ['entwurf', 'draft'], ['aktiv', 'active'], ['veraltet', 'deprecated'], ['brouillon', 'draft'], ['actif', 'active'], ['obsolète', 'deprecated'],
    ['szkic', 'draft'], ['aktywny', 'active'], ['przestarzały', 'deprecated'], ['草稿', 'draft'], ['有效', 'active'], ['已弃用', 'deprecated'],
  ]),
}

/** Other tools' values and what they most likely mean (Jira, TestRail, Qase, Zephyr, TestLink, Kiwi TCMS, Azure DevOps). */
const GUESSES: { [F in MappedField]: ReadonlyMap<string, Ours[F]> } = {
  priority: new Map<string, Priority>([
    ['1', 'critical'], ['2', 'high'], ['3', 'medium'], ['4', 'low'], ['5', 'low'],
    ['p1', 'critical'], ['p2', 'high'], ['p3', 'medium'], ['p4', 'low'], ['p5', 'low'],
    ['highest', 'critical'], ['blocker', 'critical'], ['urgent', 'critical'], ['must test', 'critical'],
    ['major', 'high'], ['normal', 'medium'], ['undefined', 'medium'], ['not set', 'medium'], ['trivial', 'low'], ['minor', 'low'], ['lowest', 'low'],
  ]),
  type: new Map<string, CaseType>([
    ['automation', 'automated'], ['automatic', 'automated'], ['is-automated', 'automated'], ['cucumber', 'automated'], ['generic', 'automated'],
    ['is-not-automated', 'manual'], ['not automated', 'manual'], ['none', 'manual'], ['exploratory', 'manual'],
  ]),
  state: new Map<string, CaseState>([
    ['design', 'draft'], ['new', 'draft'], ['proposed', 'draft'], ['need_update', 'draft'], ['needs update', 'draft'], ['rework', 'draft'], ['ready for review', 'draft'],
    ['review in progress', 'draft'], ['future', 'draft'], ['in progress', 'draft'],
    ['ready', 'active'], ['approved', 'active'], ['actual', 'active'], ['confirmed', 'active'], ['final', 'active'], ['closed', 'active'], ['published', 'active'],
    ['obsolete', 'deprecated'], ['disabled', 'deprecated'], ['retired', 'deprecated'], ['removed', 'deprecated'], ['deprecated', 'deprecated'],
  ]),
}

export const FIELD_DEFAULTS: Ours = { priority: 'medium', type: 'manual', state: 'draft' }
export const FIELD_CHOICES: { [F in MappedField]: readonly Ours[F][] } = { priority: PRIORITIES, type: CASE_TYPES, state: CASE_STATES }

/** A value as compared: trimmed, inner spaces single, lower case (TestRail pads its dropdown values with spaces). */
export function valueKey(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toLowerCase()
}

/** Whether a value is one of our own words (and needs no mapping). */
export function isOwnValue(field: MappedField, value: string): boolean {
  return OWN_WORDS[field].has(valueKey(value))
}

/** The value of ours another tool's value gets unless the user chooses otherwise. */
export function defaultMapping<F extends MappedField>(field: F, value: string): Ours[F] {
  const key = valueKey(value)
  return (OWN_WORDS[field].get(key) ?? GUESSES[field].get(key) ?? FIELD_DEFAULTS[field]) as Ours[F]
}

/** The user's choices for other tools' values, by field and value key; values not chosen get defaultMapping. */
export type ValueMapping = Map<MappedField, Map<string, string>>

/** Our value for a value in the file ('' gives the field's default), with the user's choice where it made one. */
export function mappedValue<F extends MappedField>(field: F, value: string, mapping: ValueMapping): Ours[F] {
  if (!value.trim()) return FIELD_DEFAULTS[field]
  const chosen = mapping.get(field)?.get(valueKey(value))
  if (chosen !== undefined && (FIELD_CHOICES[field] as readonly string[]).includes(chosen)) return chosen as Ours[F]
  return defaultMapping(field, value)
}
