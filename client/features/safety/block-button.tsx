import { BanIcon } from 'lucide-react'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { toastError } from '@/lib/errors'
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
  const utils = trpc.useUtils()
  const block = trpc.safety.block.useMutation({
    onSuccess: () => {
      toast.success(`${name} foi bloqueado(a)`, { description: 'Você pode desfazer em Minha Conta.' })
      void utils.invalidate()
      onBlocked?.()
    },
    onError: (error) => toastError(error, 'Erro ao bloquear'),
  })
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground" disabled={block.isPending}>
          <BanIcon aria-hidden="true" />
          Bloquear
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Bloquear {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Vocês não poderão trocar mensagens e deixarão de ver os anúncios e o perfil um do outro. {name}{' '}
            não será avisado(a). Você pode desfazer o bloqueio em Minha Conta.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction onClick={() => block.mutate({ userId })}>Bloquear</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
