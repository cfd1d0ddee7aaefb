import type { PublicCommunity } from '@shared/community'
import type { SignUpFormValues } from '@shared/schemas/auth'
import { Fragment, useEffect, useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { InputField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { CourseField } from '@/features/account/course-field'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { lazyResolver } from '@/lib/lazy-resolver'
import { TRY_LATER_DESCRIPTION, toast, toastError } from '@/lib/toast'
import { reconnectRealtime, trpc } from '@/lib/trpc'

const FIELDS: {
  name: keyof SignUpFormValues
  label: string
  type?: string
  autoComplete: string
  placeholder?: (community: PublicCommunity) => string
  hint?: (community: PublicCommunity) => string
}[] = [
  {
    name: 'email',
    label: 'Email institucional',
    type: 'email',
    autoComplete: 'email',
    placeholder: (c) => `seu.nome@${c.emailDomain}`,
    hint: (c) => `Use o seu endereço @${c.emailDomain}`,
  },
  { name: 'username', label: 'Username', autoComplete: 'username', placeholder: () => 'seu_username' },
  { name: 'fullName', label: 'Nome completo', autoComplete: 'name', placeholder: () => 'Maria da Silva' },
  { name: 'matricula', label: 'Matrícula', autoComplete: 'off', placeholder: () => '20231234' },
  {
    name: 'password',
    label: 'Senha',
    type: 'password',
    autoComplete: 'new-password',
    hint: () => 'Mínimo de 6 caracteres',
  },
]

export function SignUpForm({
  community,
  onSignedUp,
}: {
  community: PublicCommunity
  onSignedUp: () => void
}) {
  const utils = trpc.useUtils()
  const signUp = trpc.auth.signUp.useMutation()
  const check = useMemo(
    () =>
      lazyResolver(async () => {
        const [{ zodResolver }, { communitySignUpFormSchema }] = await Promise.all([
          import('@hookform/resolvers/zod'),
          import('@shared/schemas/auth'),
        ])
        return zodResolver(communitySignUpFormSchema(community.emailDomain))
      }),
    [community.emailDomain],
  )
  useEffect(() => check.preload(), [check])
  const form = useForm<SignUpFormValues>({
    resolver: check.resolver,
    defaultValues: { email: '', username: '', fullName: '', course: '', matricula: '', password: '' },
  })

  const submit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync({ ...values, communitySlug: community.slug })
      // The new account's session cookie is set: the live updates' socket must be reopened to carry it.
      reconnectRealtime()
      toast.success('Conta criada com sucesso!', {
        description:
          'Confirme seu e-mail pelo link que enviamos. Sua conta ficará aguardando a aprovação de um administrador.',
        duration: 8000,
      })
      await utils.auth.me.invalidate()
      onSignedUp()
    } catch (error) {
      toastError(error, 'Erro ao criar conta', { failure: TRY_LATER_DESCRIPTION })
    }
  }, toastFirstError)

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Criar conta">
      {FIELDS.map((field) => (
        <Fragment key={field.name}>
          {/* The course, between the name and the matrícula: a choice from the list when there is one. */}
          {field.name === 'matricula' ? (
            <CourseField
              form={form}
              id="signup-course"
              communitySlug={community.slug}
              required
              placeholder="Ciência da Computação"
            />
          ) : null}
          <InputField
            label={field.label}
            hint={field.hint?.(community)}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder?.(community)}
            required
            {...boundField(form, field.name, `signup-${field.name}`)}
          />
        </Fragment>
      ))}
      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {signUp.isPending ? 'Criando conta...' : 'Criar Conta'}
      </Button>
    </form>
  )
}
