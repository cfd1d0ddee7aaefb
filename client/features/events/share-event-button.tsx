import { Share2Icon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast } from '@/lib/toast'

export const LINK_COPIED_MESSAGE = 'Link copiado para a área de transferência!'

/** The Clipboard API, else the old selection trick (plain-http pages have no `navigator.clipboard`). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy refused')
}

/** The phone's share sheet where there is one; elsewhere the link goes to the clipboard. */
export function ShareEventButton({ title, className }: { title: string; className?: string }) {
  const [busy, setBusy] = useState(false)

  const share = async () => {
    const url = window.location.href
    setBusy(true)
    try {
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title, text: title, url })
          return
        } catch (error) {
          // Closing the sheet is a choice, not a failure; anything else falls back to copying.
          if (error instanceof DOMException && error.name === 'AbortError') return
        }
      }
      try {
        await copyText(url)
        toast.success(LINK_COPIED_MESSAGE)
      } catch {
        toast.error('Não foi possível copiar o link', { description: url })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      className={className}
      onClick={() => void share()}
      disabled={busy}
    >
      <Share2Icon aria-hidden="true" />
      Compartilhar
    </Button>
  )
}
