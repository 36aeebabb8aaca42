import { Group } from '@visx/group'
import { LinePath } from '@visx/shape'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { linePath } from './line-path.ts'

type Point = [number, number]

describe('linePath', () => {
  // The line chart drew with visx before; the same markup keeps the drawn picture (and hydration) unchanged.
  it('gives the markup the visx line gave, for long, short, fractional and empty lines', () => {
    const lines: Point[][] = [
      [
        [0, 211.5],
        [40.2, 105.75],
        [100 / 3, 2 / 3],
        [402, 0.00049],
      ],
      [
        [0.0005, 1.23456789],
        [1e-7, 250],
      ],
      [[17.25, 80]],
      [],
    ]
    for (const points of lines) {
      const theirs = renderToStaticMarkup(
        createElement(
          Group,
          { left: 56, top: 16 },
          createElement(LinePath<Point>, { data: points, x: (point: Point) => point[0], y: (point: Point) => point[1], className: 'tone', strokeWidth: 2, strokeDasharray: '6 3', fill: 'none' }),
        ),
      )
      const ours = renderToStaticMarkup(
        createElement(
          'g',
          { className: 'visx-group', transform: `translate(${56}, ${16})` },
          createElement('path', { className: 'visx-linepath tone', d: linePath(points), fill: 'none', strokeLinecap: 'round', strokeWidth: 2, strokeDasharray: '6 3' }),
        ),
      )
      expect(ours).toBe(theirs)
    }
  })
})
