/** Saves text as a file through a temporary link (works for blobs on phones and desktops alike). */
export function downloadTextFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Not revoked at once: some browsers read the blob only after click() has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
