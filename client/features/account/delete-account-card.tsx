import { zodResolver } from '@hookform/resolvers/zod'
import { passwordConfirmationSchema } from '@shared/schemas/account'
import { Trash2Icon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { PasswordField } from '@/components/text-fields'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { showPasswordRefusal } from './password-refusal'
import { SecuritySection } from './security-section'
import { useLocalSignOut } from './use-local-sign-out'

type PasswordValues = z.infer<typeof passwordConfirmationSchema>

/** 'Excluir conta': the danger zone. Confirmed with the password; see server/people/account/delete-account.ts. */
export function DeleteAccountCard({
  hasPassword,
  open,
  onOpenChange,
}: {
  hasPassword: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const localSignOut = useLocalSignOut()
  const remove = trpc.account.deleteAccount.useMutation()
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordConfirmationSchema),
    defaultValues: { password: '' },
  })

  const change = (next: boolean) => {
    if (remove.isPending) return
    if (!next) form.reset()
    onOpenChange(next)
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values)
      toast.success('Conta excluída', {
        description:
          'Seu perfil, anúncios, eventos e avaliações foram apagados. Suas mensagens ficam nas conversas como de “Conta removida”, e os registros de acesso, pelos seis meses que a lei exige. Até logo!',
      })
      localSignOut()
    } catch (err) {
      showPasswordRefusal(err, {
        form,
        field: 'password',
        wrongPassword: 'Senha incorreta.',
        title: 'Erro ao excluir a conta',
      })
    }
  }, toastFirstError)

  return (
    <SecuritySection
      title="Excluir conta"
      tone="danger"
      icon={<Trash2Icon className="size-5" aria-hidden="true" />}
      description="Apaga sua conta do Vupt de forma definitiva."
    >
      <Button variant="destructive" className="justify-self-start" onClick={() => change(true)}>
        Excluir minha conta
      </Button>
      <AlertDialog open={open} onOpenChange={change}>
        <AlertDialogContent>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <AlertDialogHeader>
              <AlertDialogTitle>Excluir sua conta?</AlertDialogTitle>
              <AlertDialogDescription asChild>
                <div className="grid gap-2">
                  <p>Esta ação não pode ser desfeita.</p>
                  <ul className="grid list-disc gap-1 pl-5 text-left">
                    <li>
                      Seu perfil, anúncios, eventos, pedidos do Procura-se, favoritos, Vupts, presenças e
                      avaliações (as que você fez e as que recebeu) serão apagados.
                    </li>
                    <li>
                      Entregas combinadas e ofertas em aberto são canceladas, e a outra pessoa é avisada.
                    </li>
                    <li>
                      Suas mensagens (sem as fotos), entregas e ofertas passadas continuam nas conversas das
                      outras pessoas, e as denúncias que você fez, com a moderação, como de “Conta removida”.
                    </li>
                    <li>
                      Os registros de acesso (data, hora e IP) ficam guardados por seis meses, como exige a
                      lei, e depois são apagados.
                    </li>
                    <li>Seu e-mail fica livre para um novo cadastro.</li>
                  </ul>
                </div>
              </AlertDialogDescription>
            </AlertDialogHeader>
            {hasPassword ? (
              <PasswordField
                label="Senha"
                autoComplete="current-password"
                autoFocus
                {...boundField(form, 'password', 'delete-password')}
              />
            ) : (
              <p className="rounded-md bg-amber-50 p-3 text-amber-900 text-sm">
                Para confirmar a exclusão é preciso uma senha. Crie uma na seção “Senha” (enviamos um link
                para o seu e-mail) e volte aqui.
              </p>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={remove.isPending}>
                Cancelar
              </AlertDialogCancel>
              <Button
                type="submit"
                variant="destructive"
                disabled={!hasPassword || remove.isPending}
                aria-busy={remove.isPending || undefined}
              >
                {remove.isPending ? 'Excluindo...' : 'Excluir minha conta'}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </SecuritySection>
  )
}
