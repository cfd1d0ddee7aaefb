import { HandIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { chooseLibras, librasChosen } from './libras-preference'

/** What turning Libras on loads, said before the student chooses (also in the accessibility statement). */
export const LIBRAS_PRIVACY_TEXT =
  'Ao ativar, seu navegador passa a carregar o VLibras, do governo federal (vlibras.gov.br): o programa, o avatar que sinaliza e o serviço de tradução, que recebe os textos que você pedir para traduzir. Nada dele é carregado antes disso.'

/** Footer switch for the VLibras widget: reloads the page with the new choice. */
export function LibrasToggle() {
  // Read once mounted, like the widget, and in a task of its own: the server render cannot see the
  // browser's storage, and its first read takes several milliseconds that would lengthen hydration's.
  const [on, setOn] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setOn(librasChosen()), 0)
    return () => clearTimeout(timer)
  }, [])
  const [busy, setBusy] = useState(false)
  const noteId = useId()
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        align="start"
        aria-pressed={on}
        aria-describedby={noteId}
        disabled={busy}
        onClick={() => {
          setBusy(true)
          // The choice as stored, not as shown: a click before the page has read it must not undo it.
          chooseLibras(!librasChosen())
        }}
      >
        <HandIcon aria-hidden="true" />
        Acessibilidade em Libras
        <span className="ml-auto text-muted-foreground text-xs">{on ? 'Ativada' : 'Desativada'}</span>
      </Button>
      <p id={noteId} className="text-muted-foreground text-xs">
        {LIBRAS_PRIVACY_TEXT}
      </p>
    </div>
  )
}
