import { DatabaseIcon, DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { EXPORT_FILE_NAME, exportFileContent } from './account-helpers'
import { downloadTextFile } from './download'
import { SecuritySection } from './security-section'

/** 'Seus dados' (LGPD art. 18): a JSON file with everything Vupt holds about the member. */
export function DataCard() {
  const utils = trpc.useUtils()
  const [busy, setBusy] = useState(false)

  const download = async () => {
    setBusy(true)
    try {
      // Always fresh, and not kept in the cache afterwards: it is the person's whole record.
      const data = await utils.account.exportData.fetch(undefined, { staleTime: 0, gcTime: 0 })
      downloadTextFile(EXPORT_FILE_NAME, exportFileContent(data), 'application/json')
      toast.success('Download iniciado', { description: `Seus dados estão no arquivo ${EXPORT_FILE_NAME}.` })
    } catch (error) {
      toastError(error, 'Erro ao baixar seus dados')
    } finally {
      setBusy(false)
    }
  }

  return (
    <SecuritySection
      title="Seus dados"
      icon={<DatabaseIcon className="size-5" aria-hidden="true" />}
      description="Baixe uma cópia de tudo o que o Vupt guarda sobre você: conta, perfil, anúncios, favoritos, mensagens, eventos, sessões e contas vinculadas."
    >
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void download()}
      >
        <DownloadIcon aria-hidden="true" />
        {busy ? 'Preparando arquivo...' : 'Baixar meus dados'}
      </Button>
    </SecuritySection>
  )
}
