const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Loads the browser's number, date and plural data for a language, one kind per task, before the page hydrates. The
 * first formatter of a language costs the browser its locale data (about 10 ms on a fast machine, four times that on
 * a slow phone); made during hydration, that time joined hydration's one long task and kept the page from answering
 * input. Made here, each part is a short task of its own, and the formatters hydration makes are then cheap.
 */
export async function warmIntl(tag: string): Promise<void> {
  const parts = [() => new Intl.NumberFormat(tag).format(1), () => new Intl.DateTimeFormat(tag).format(0), () => new Intl.PluralRules(tag).select(1)]
  for (const part of parts) {
    await nextTask()
    part()
  }
}
