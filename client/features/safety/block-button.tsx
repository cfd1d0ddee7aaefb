import { BanIcon } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** Blocks a member, after a confirmation that says what blocking does. Silent to the blocked person. */
export function BlockButton({
  userId,
  name,
  onBlocked,
}: {
  userId: number
  name: string
  onBlocked?: () => void
}) {
  const [open, setOpen] = useState(false)
  const utils = trpc.useUtils()
  const block = trpc.safety.block.useMutation({
    onSuccess: () => {
      setOpen(false)
      toast.success(`${name} foi bloqueado(a)`, { description: 'Você pode desfazer em Minha Conta.' })
      void utils.invalidate()
      onBlocked?.()
    },
    onError: (error) => toastError(error, 'Erro ao bloquear'),
  })
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" className="text-muted-foreground" disabled={block.isPending}>
          <BanIcon aria-hidden="true" />
          Bloquear
        </Button>
      }
      title={`Bloquear ${name}?`}
      description={`Vocês não poderão trocar mensagens e deixarão de ver os anúncios e o perfil um do outro. ${name} não será avisado(a). Você pode desfazer o bloqueio em Minha Conta.`}
      confirmLabel="Bloquear"
      busyLabel="Bloqueando..."
      busy={block.isPending}
      onConfirm={() => block.mutate({ userId })}
    />
  )
}
