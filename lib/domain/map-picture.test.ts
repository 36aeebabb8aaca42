import { describe, expect, it } from 'vitest'
import { mapPictureBasemapLayers } from './map-picture.ts'

const basemap = { abroad: 'M0 0L10 0L10 10Z', home: 'M1 1L2 1L2 2Z', regions: 'M3 3L4 3L4 4Z', regionLine: 0.9, countryLine: 1.1 }

describe('mapPictureBasemapLayers', () => {
  it('draws water, land, Czechia, kraj lines and country lines in that order, coloured by class', () => {
    expect(mapPictureBasemapLayers(basemap, (layer) => ({ class: `p-${layer}` }))).toBe(
      '<rect width="2560" height="1440" class="p-water"/>' +
        '<path d="M0 0L10 0L10 10Z" class="p-land"/>' +
        '<path d="M1 1L2 1L2 2Z" class="p-home"/>' +
        '<path d="M3 3L4 3L4 4Z" class="p-regions" fill="none" stroke-width="0.90" stroke-linejoin="round"/>' +
        '<path d="M0 0L10 0L10 10ZM1 1L2 1L2 2Z" class="p-countries" fill="none" stroke-width="1.10" stroke-linejoin="round"/>',
    )
  })

  it('writes the colours in when asked: areas filled, lines stroked', () => {
    const colours = { water: 'blue', land: 'grey', home: 'white', regions: 'silver', countries: 'black' }
    expect(mapPictureBasemapLayers(basemap, (layer) => ({ colour: colours[layer] }))).toBe(
      '<rect width="2560" height="1440" fill="blue"/>' +
        '<path d="M0 0L10 0L10 10Z" fill="grey"/>' +
        '<path d="M1 1L2 1L2 2Z" fill="white"/>' +
        '<path d="M3 3L4 3L4 4Z" fill="none" stroke="silver" stroke-width="0.90" stroke-linejoin="round"/>' +
        '<path d="M0 0L10 0L10 10ZM1 1L2 1L2 2Z" fill="none" stroke="black" stroke-width="1.10" stroke-linejoin="round"/>',
    )
  })
})
