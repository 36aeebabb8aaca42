/** Saves text as a file: a Blob behind a temporary link with `download`, clicked once and then let go. */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started by the time the click returns in every current browser; a minute is generous.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
