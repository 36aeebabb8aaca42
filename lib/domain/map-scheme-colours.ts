import { MAP_BANDS, MAP_FAMILIES, type MapBand, type MapColourBy, type MapFamily } from './map.ts'
import type { Rgb } from './map-palette.ts'
import type { Theme } from '../theme/pre-paint.ts'

// The colours of the map's schemes: format families and quality bands. The categorical colours are Okabe and Ito's
// colour-blind-safe set; the legend always names each colour and its count, so colour is never the only cue.

const OKABE_ITO = {
  orange: [230, 159, 0],
  skyBlue: [86, 180, 233],
  bluishGreen: [0, 158, 115],
  yellow: [240, 228, 66],
  blue: [0, 114, 178],
  vermillion: [213, 94, 0],
  reddishPurple: [204, 121, 167],
} as const satisfies Record<string, Rgb>

const GREY: Record<Theme, Rgb> = { light: [128, 128, 128], dark: [158, 158, 158] }

const FAMILY_COLOURS: Record<Exclude<MapFamily, 'none'>, Rgb> = {
  tabular: OKABE_ITO.blue,
  linked: OKABE_ITO.skyBlue,
  structured: OKABE_ITO.bluishGreen,
  geo: OKABE_ITO.orange,
  service: OKABE_ITO.vermillion,
  document: OKABE_ITO.yellow,
  other: OKABE_ITO.reddishPurple,
}

// Good to bad runs green, blue, orange, red: told apart by people with any common colour-vision deficiency.
const BAND_COLOURS: Record<Exclude<MapBand, 'unrated'>, Rgb> = {
  excellent: OKABE_ITO.bluishGreen,
  good: OKABE_ITO.skyBlue,
  sufficient: OKABE_ITO.orange,
  bad: OKABE_ITO.vermillion,
}

export function familyColour(family: MapFamily, theme: Theme): Rgb {
  return family === 'none' ? GREY[theme] : FAMILY_COLOURS[family]
}

export function bandColour(band: MapBand, theme: Theme): Rgb {
  return band === 'unrated' ? GREY[theme] : BAND_COLOURS[band]
}

/** The colours of one scheme by index (MAP_FAMILIES or MAP_BANDS order), as the tiles store families and bands. */
export function schemeColours(colourBy: MapColourBy, theme: Theme): Rgb[] {
  return colourBy === 'family' ? MAP_FAMILIES.map((family) => familyColour(family, theme)) : MAP_BANDS.map((band) => bandColour(band, theme))
}
