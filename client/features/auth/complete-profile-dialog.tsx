import { zodResolver } from '@hookform/resolvers/zod'
import { type CompleteProfileInput, completeProfileSchema } from '@shared/schemas/auth'
import { useForm } from 'react-hook-form'
import { InputField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { CourseField } from '@/features/account/course-field'
import type { Viewer } from '@/lib/auth'
import { boundField } from '@/lib/bound-field'
import { defaultCommunity } from '@/lib/community'
import { toastFirstError } from '@/lib/form-errors'
import { TRY_LATER_DESCRIPTION, toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** Spec: opens for an approved user missing username, university or course; cannot be dismissed. */
export function CompleteProfileDialog({ viewer }: { viewer: Viewer }) {
  const utils = trpc.useUtils()
  const complete = trpc.auth.completeProfile.useMutation()
  const form = useForm<CompleteProfileInput>({
    resolver: zodResolver(completeProfileSchema),
    defaultValues: {
      username: viewer.username ?? '',
      university: viewer.university ?? defaultCommunity()?.universityName ?? '',
      course: viewer.course ?? '',
    },
  })

  const submit = form.handleSubmit(async (values) => {
    try {
      await complete.mutateAsync(values)
      toast.success('Perfil completo! 🎉', {
        description: `Boas-vindas ao Vupt, ${viewer.fullName.split(' ')[0]}!`,
      })
      await utils.auth.me.invalidate()
    } catch (error) {
      toastError(error, 'Erro ao atualizar perfil', { failure: TRY_LATER_DESCRIPTION })
    }
  }, toastFirstError)

  const fields = [
    { name: 'username', label: 'Username', placeholder: '@seu_username', autoComplete: 'username' },
    { name: 'university', label: 'Universidade', placeholder: 'Univille', autoComplete: 'organization' },
  ] as const

  return (
    <Dialog open>
      <DialogContent
        showCloseButton={false}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Complete seu perfil</DialogTitle>
          <DialogDescription>
            Precisamos de mais algumas informações para finalizar seu cadastro.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {fields.map((field) => (
            <InputField
              key={field.name}
              label={field.label}
              required
              placeholder={field.placeholder}
              autoComplete={field.autoComplete}
              {...boundField(form, field.name, `complete-${field.name}`)}
            />
          ))}
          <CourseField
            form={form}
            id="complete-course"
            current={viewer.course}
            required
            placeholder="Ciência da Computação"
          />
          <Button type="submit" disabled={complete.isPending}>
            {complete.isPending ? 'Salvando...' : 'Completar Perfil'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
