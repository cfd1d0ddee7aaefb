import { CopyIcon, DownloadIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { toast } from '@/lib/toast'
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from './account-helpers'
import { downloadTextFile } from './download'

/**
 * The recovery codes, shown this once (the server keeps only their hashes). 'Concluir' waits for
 * 'Guardei meus códigos', so nobody closes the list by reflex and loses them.
 */
export function RecoveryCodesPanel({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[]
  email: string
  onDone: () => void
}) {
  const [saved, setSaved] = useState(false)
  const checkboxId = useId()
  const text = () => recoveryCodesText(codes, { email, generatedAt: new Date() })

  const copy = async () => {
    try {
      // Unavailable outside secure contexts and refused without permission: downloading still works.
      await navigator.clipboard.writeText(text())
      toast.success('Códigos copiados', { description: 'Cole-os no seu gerenciador de senhas.' })
    } catch {
      toast.error('Não foi possível copiar', { description: 'Use "Baixar códigos" ou anote-os.' })
    }
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Se perder o acesso ao app autenticador, use um destes códigos no lugar do código de 6 dígitos. Cada um
        funciona uma única vez. <strong>Eles não serão mostrados de novo.</strong>
      </p>
      <ol
        aria-label="Códigos de recuperação"
        className="grid grid-cols-1 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all text-center tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copiar códigos
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => downloadTextFile(RECOVERY_CODES_FILE_NAME, text(), 'text/plain;charset=utf-8')}
        >
          <DownloadIcon aria-hidden="true" />
          Baixar códigos
        </Button>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox id={checkboxId} checked={saved} onCheckedChange={(value) => setSaved(value === true)} />
        <Label htmlFor={checkboxId}>Guardei meus códigos</Label>
      </div>
      <Button type="button" onClick={onDone} disabled={!saved}>
        Concluir
      </Button>
    </div>
  )
}
