import { zodResolver } from '@hookform/resolvers/zod'
import { MailIcon } from 'lucide-react'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { EmailField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { type EmailChangeFormValues, emailChangeFormSchema } from './account-schemas'
import type { RunWithReauth } from './reauth'
import { SecuritySection } from './security-section'

/** 'E-mail': the new address gets a confirmation link; nothing changes until it is opened. */
export function EmailCard({ email, run }: { email: string; run: RunWithReauth }) {
  // The community's domain is the one of the address the account already has.
  const domain = email.split('@')[1] ?? ''
  const request = trpc.account.requestEmailChange.useMutation()
  const schema = useMemo(() => emailChangeFormSchema(domain, email), [domain, email])
  const form = useForm<EmailChangeFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: '' },
  })
  const hint = `Use outro endereço @${domain}. Enviaremos um link de confirmação para ele e avisaremos o endereço atual.`

  const submit = form.handleSubmit(
    (values) =>
      run(async () => {
        await request.mutateAsync(values)
        toast.success(`Enviamos um link para ${values.newEmail}`, {
          description: `Abra o link para confirmar a troca. Até lá, você continua entrando com ${email}.`,
          duration: 8000,
        })
        form.reset()
      }, 'Erro ao alterar o e-mail'),
    toastFirstError,
  )

  return (
    <SecuritySection
      title="E-mail"
      icon={<MailIcon className="size-5" aria-hidden="true" />}
      description={
        <>
          Seu e-mail atual é <strong className="break-all font-medium text-foreground">{email}</strong>.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={request.isPending || undefined}>
        <EmailField
          label="Novo e-mail"
          hint={hint}
          placeholder={`seu.nome@${domain}`}
          {...boundField(form, 'newEmail', 'email-new')}
        />
        <Button type="submit" className="justify-self-start" disabled={request.isPending}>
          {request.isPending ? 'Enviando...' : 'Enviar link de confirmação'}
        </Button>
      </form>
    </SecuritySection>
  )
}
