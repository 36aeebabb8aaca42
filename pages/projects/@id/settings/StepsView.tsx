import { css } from '../../../../styled-system/css'
import type { StepText } from '../../../../lib/domain/test-management.ts'
import { useT } from '../../../../lib/i18n/I18nProvider.tsx'

const muted = css({ fontSize: 'sm', color: 'text.muted' })

/** The steps of a shared step as they read, in its list entry and as "their version" in the editor. */
export function StepsView({ steps }: { steps: readonly StepText[] }) {
  const t = useT()
  return (
    <ol className={css({ ps: '5', mt: '2', display: 'grid', gap: '2' })}>
      {steps.map((step, index) => (
        <li key={index} className={css({ overflowWrap: 'anywhere' })}>
          <p>{step.action}</p>
          {step.data ? (
            <p className={muted}>
              {t('projects.stepData')}: {step.data}
            </p>
          ) : null}
          {step.expected ? (
            <p className={muted}>
              {t('projects.stepExpected')}: {step.expected}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
