import { useMemo, type ComponentProps } from 'react'
import { DatePicker as ArkDatePicker, useDatePickerContext } from '@ark-ui/react/date-picker'
import { Portal } from '@ark-ui/react/portal'
import { useModalLayer } from './modal-layer.ts'
import { datePicker } from '../../styled-system/recipes'
import { cx } from '../../styled-system/css'
import { useIntl, useT } from '../../lib/i18n/I18nProvider.tsx'
import { createStyleContext } from './style-context.tsx'
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, XIcon } from './icons.tsx'

export { parseDate, type DateValue } from '@ark-ui/react/date-picker'

const { withProvider, withContext, useClasses } = createStyleContext(datePicker)

const StyledRoot = withProvider(ArkDatePicker.Root, 'root')

type View = 'day' | 'month' | 'year'

/** Ark's accessible names for the calendar's controls, in the active language. */
function useTranslations() {
  const t = useT()
  return useMemo(() => {
    const prev: Record<View, string> = {
      day: t('components.datePickerPrevMonth'),
      month: t('components.datePickerPrevYear'),
      year: t('components.datePickerPrevDecade'),
    }
    const next: Record<View, string> = {
      day: t('components.datePickerNextMonth'),
      month: t('components.datePickerNextYear'),
      year: t('components.datePickerNextDecade'),
    }
    return {
      trigger: (open: boolean) => (open ? t('components.datePickerClose') : t('components.datePickerOpen')),
      content: t('components.datePickerCalendar'),
      clearTrigger: t('components.datePickerClear'),
      monthSelect: t('components.datePickerMonthSelect'),
      yearSelect: t('components.datePickerYearSelect'),
      prevTrigger: (view: View) => prev[view],
      nextTrigger: (view: View) => next[view],
      viewTrigger: (_view: View, nextView: View | undefined) =>
        nextView === 'month'
          ? t('components.datePickerShowMonths')
          : nextView === 'year'
            ? t('components.datePickerShowYears')
            : t('components.datePickerYears'),
      dayCell: (state: { valueText: string; unavailable: boolean; selected: boolean; firstInRange: boolean; lastInRange: boolean; inRange: boolean }) => {
        const date = state.valueText
        if (state.unavailable) return t('components.datePickerDayUnavailable', { date })
        if (state.firstInRange) return t('components.datePickerDayRangeStart', { date })
        if (state.lastInRange) return t('components.datePickerDayRangeEnd', { date })
        if (state.inRange) return t('components.datePickerDayInRange', { date })
        if (state.selected) return t('components.datePickerDaySelected', { date })
        return t('components.datePickerDayChoose', { date })
      },
      placeholder: () => ({
        day: t('components.datePickerPlaceholderDay'),
        month: t('components.datePickerPlaceholderMonth'),
        year: t('components.datePickerPlaceholderYear'),
      }),
    }
  }, [t])
}

/** The root: formats and parses dates in the active language and labels its controls in it. */
function Root(props: ComponentProps<typeof StyledRoot>) {
  const { locale } = useIntl()
  const translations = useTranslations()
  return <StyledRoot locale={locale} translations={translations} lazyMount unmountOnExit {...props} />
}

/** The calendar button beside the input; draws a calendar icon. Its label comes from Ark's translations. */
function Trigger({ children, className, ...props }: ComponentProps<typeof ArkDatePicker.Trigger>) {
  const classes = useClasses()
  return (
    <ArkDatePicker.Trigger {...props} className={cx(classes.trigger, className)}>
      {children ?? <CalendarIcon />}
    </ArkDatePicker.Trigger>
  )
}

function ClearTrigger({ children, className, ...props }: ComponentProps<typeof ArkDatePicker.ClearTrigger>) {
  const classes = useClasses()
  return (
    <ArkDatePicker.ClearTrigger {...props} className={cx(classes.clearTrigger, className)}>
      {children ?? <XIcon />}
    </ArkDatePicker.ClearTrigger>
  )
}

function ViewControl() {
  const classes = useClasses()
  const t = useT()
  const api = useDatePickerContext()
  // The switch's name starts with what it shows ("March 2025"), as WCAG's label-in-name asks, then says what it does.
  const { start, end } = api.visibleRangeText
  const shown = [...new Set([start, end])].filter(Boolean).join(' - ')
  const action =
    api.view === 'day'
      ? t('components.datePickerShowMonths')
      : api.view === 'month'
        ? t('components.datePickerShowYears')
        : t('components.datePickerYears')
  return (
    <ArkDatePicker.ViewControl className={classes.viewControl}>
      <ArkDatePicker.PrevTrigger className={classes.prevTrigger}>
        <ChevronLeftIcon />
      </ArkDatePicker.PrevTrigger>
      <ArkDatePicker.ViewTrigger className={classes.viewTrigger} aria-label={`${shown}, ${action}`}>
        <ArkDatePicker.RangeText />
      </ArkDatePicker.ViewTrigger>
      <ArkDatePicker.NextTrigger className={classes.nextTrigger}>
        <ChevronRightIcon />
      </ArkDatePicker.NextTrigger>
    </ArkDatePicker.ViewControl>
  )
}

/** A grid of month or year cells (the month and year views). */
function CellGrid({ rows, columns }: { rows: { label: string; value: number }[][]; columns: number }) {
  const classes = useClasses()
  return (
    <ArkDatePicker.Table className={classes.table} columns={columns}>
      <ArkDatePicker.TableBody className={classes.tableBody}>
        {rows.map((row, rowIndex) => (
          <ArkDatePicker.TableRow key={rowIndex} className={classes.tableRow}>
            {row.map((cell) => (
              <ArkDatePicker.TableCell key={cell.value} value={cell.value} columns={columns} className={classes.tableCell}>
                <ArkDatePicker.TableCellTrigger className={classes.tableCellTrigger}>{cell.label}</ArkDatePicker.TableCellTrigger>
              </ArkDatePicker.TableCell>
            ))}
          </ArkDatePicker.TableRow>
        ))}
      </ArkDatePicker.TableBody>
    </ArkDatePicker.Table>
  )
}

/** The popup calendar with its day, month and year views, portalled to <body>. */
function Calendar() {
  const classes = useClasses()
  return (
    <Portal container={useModalLayer()}>
      <ArkDatePicker.Positioner className={classes.positioner}>
        <ArkDatePicker.Content className={classes.content}>
          <ArkDatePicker.View view="day" className={classes.view}>
            <ArkDatePicker.Context>
              {(api) => (
                <>
                  <ViewControl />
                  <ArkDatePicker.Table className={classes.table}>
                    <ArkDatePicker.TableHead className={classes.tableHead}>
                      <ArkDatePicker.TableRow className={classes.tableRow}>
                        {api.weekDays.map((weekDay) => (
                          <ArkDatePicker.TableHeader key={weekDay.long} className={classes.tableHeader} abbr={weekDay.long}>
                            {weekDay.narrow}
                          </ArkDatePicker.TableHeader>
                        ))}
                      </ArkDatePicker.TableRow>
                    </ArkDatePicker.TableHead>
                    <ArkDatePicker.TableBody className={classes.tableBody}>
                      {api.weeks.map((week, weekIndex) => (
                        <ArkDatePicker.TableRow key={weekIndex} className={classes.tableRow}>
                          {week.map((day) => (
                            <ArkDatePicker.TableCell key={day.toString()} value={day} className={classes.tableCell}>
                              <ArkDatePicker.TableCellTrigger className={classes.tableCellTrigger}>
                                {day.day}
                              </ArkDatePicker.TableCellTrigger>
                            </ArkDatePicker.TableCell>
                          ))}
                        </ArkDatePicker.TableRow>
                      ))}
                    </ArkDatePicker.TableBody>
                  </ArkDatePicker.Table>
                </>
              )}
            </ArkDatePicker.Context>
          </ArkDatePicker.View>
          <ArkDatePicker.View view="month" className={classes.view}>
            <ArkDatePicker.Context>
              {(api) => (
                <>
                  <ViewControl />
                  <CellGrid rows={api.getMonthsGrid({ columns: 4, format: 'short' })} columns={4} />
                </>
              )}
            </ArkDatePicker.Context>
          </ArkDatePicker.View>
          <ArkDatePicker.View view="year" className={classes.view}>
            <ArkDatePicker.Context>
              {(api) => (
                <>
                  <ViewControl />
                  <CellGrid rows={api.getYearsGrid({ columns: 4 })} columns={4} />
                </>
              )}
            </ArkDatePicker.Context>
          </ArkDatePicker.View>
        </ArkDatePicker.Content>
      </ArkDatePicker.Positioner>
    </Portal>
  )
}

/**
 * A date picker (Ark DatePicker): type a date in the format of the active language or pick it in the calendar.
 * `<DatePicker.Root> <DatePicker.Label/> <DatePicker.Control> <DatePicker.Input/> <DatePicker.ClearTrigger/>
 * <DatePicker.Trigger/> </DatePicker.Control> <DatePicker.Calendar/> </DatePicker.Root>`. Values are `DateValue`s
 * (`parseDate('2025-03-14')`); `selectionMode="range"` with two `DatePicker.Input index={0|1}` picks a range.
 */
export const DatePicker = {
  Root,
  Label: withContext(ArkDatePicker.Label, 'label'),
  Control: withContext(ArkDatePicker.Control, 'control'),
  Input: withContext(ArkDatePicker.Input, 'input'),
  Trigger,
  ClearTrigger,
  Calendar,
  Context: ArkDatePicker.Context,
}
