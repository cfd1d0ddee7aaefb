import { zodResolver } from '@hookform/resolvers/zod'
import { BIO_MAX } from '@shared/limits'
import { routes } from '@shared/routes'
import { profileUpdateSchema } from '@shared/schemas/profile'
import { IMAGE_INPUT_ACCEPT } from '@shared/uploads'
import { CameraIcon, Trash2Icon } from 'lucide-react'
import { useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useLocation } from 'wouter'
import type { z } from 'zod'
import { CharacterCount } from '@/components/character-count'
import { FormActions } from '@/components/form-actions'
import { LoadingStatus } from '@/components/loading-status'
import { MarkedInput } from '@/components/marked-input'
import { SkeletonStack } from '@/components/skeleton-stack'
import { InputField, TextareaField } from '@/components/text-fields'
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { Button } from '@/components/ui/button'
import { FormField, fieldAriaProps } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { initialOf } from '@/features/listings/detail/seller-card'
import { useAvatarUpload } from '@/features/uploads/use-avatar-upload'
import type { RouterOutputs } from '@/lib/api-types'
import { boundField } from '@/lib/bound-field'
import { toastFirstError } from '@/lib/form-errors'
import { instanceUrl } from '@/lib/instance-url'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { CourseField } from './course-field'

type MyProfile = RouterOutputs['profiles']['me']

// The avatar travels beside the form fields (it is uploaded on its own); the rest is the server's schema.
const profileFormSchema = profileUpdateSchema.omit({ avatarUploadId: true })
type ProfileFormValues = z.input<typeof profileFormSchema>

/** Minha Conta's form: the photo, the name and username, the bio, the university and the course. */
export function ProfileEditor({ profile }: { profile: MyProfile }) {
  const [, navigate] = useLocation()
  const utils = trpc.useUtils()
  const update = trpc.profiles.update.useMutation()
  const avatar = useAvatarUpload(profile.avatarUrl)
  const fileInput = useRef<HTMLInputElement>(null)
  const form = useForm<ProfileFormValues>({
    // raw: the server parses the same schema itself; sending the typed text keeps one source of truth.
    resolver: zodResolver(profileFormSchema, undefined, { raw: true }),
    defaultValues: {
      username: profile.username ?? '',
      fullName: profile.fullName,
      bio: profile.bio ?? '',
      university: profile.university ?? '',
      course: profile.course ?? '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? ''
  const fullName = useWatch({ control: form.control, name: 'fullName' })

  const submit = form.handleSubmit(async (values) => {
    if (avatar.uploading) {
      toast.error('Aguarde o envio da foto')
      return
    }
    try {
      const result = await update.mutateAsync({ ...values, avatarUploadId: avatar.uploadId })
      toast.success('Perfil atualizado com sucesso!')
      await utils.auth.me.invalidate()
      void utils.profiles.me.invalidate()
      void utils.profiles.byUsername.invalidate()
      navigate(routes.profile(result.username))
    } catch (error) {
      const appCode = (error as { data?: { appCode?: string | null } }).data?.appCode
      if (appCode === 'USERNAME_TAKEN') {
        form.setError('username', { message: 'Este username já está em uso' }, { shouldFocus: true })
      }
      toastError(error, 'Erro ao atualizar perfil')
    }
  }, toastFirstError)

  const busy = isSubmitting
  const bioHint = <CharacterCount length={bio.length} max={BIO_MAX} />
  const usernameHint = 'De 3 a 30 caracteres: apenas letras, números e _'

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-busy={busy}
      className="grid gap-6 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-sm">Foto de perfil</legend>
        <div className="flex flex-wrap items-center gap-4">
          <Avatar className="size-24 border">
            {avatar.previewUrl ? (
              <AvatarImage src={instanceUrl(avatar.previewUrl)} alt="Sua foto de perfil" />
            ) : null}
            <AvatarFallback className="text-3xl">{initialOf(fullName || profile.fullName)}</AvatarFallback>
          </Avatar>
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => fileInput.current?.click()}
              >
                <CameraIcon aria-hidden="true" />
                {avatar.previewUrl ? 'Alterar foto' : 'Adicionar foto'}
              </Button>
              {avatar.previewUrl ? (
                <Button
                  type="button"
                  variant="ghost"
                  tone="destructive"
                  disabled={busy}
                  onClick={avatar.uploading ? avatar.cancel : avatar.remove}
                >
                  <Trash2Icon aria-hidden="true" />
                  {avatar.uploading ? 'Cancelar envio' : 'Remover foto'}
                </Button>
              ) : null}
            </div>
            {avatar.progress !== null ? (
              <div className="grid gap-1">
                <div
                  role="progressbar"
                  aria-label="Envio da foto de perfil"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={avatar.progress}
                  className="h-1.5 w-48 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${avatar.progress}%` }}
                  />
                </div>
                <span className="text-muted-foreground text-xs">
                  {avatar.progress >= 100 ? 'Processando...' : `Enviando... ${avatar.progress}%`}
                </span>
              </div>
            ) : (
              <p className="text-muted-foreground text-sm">JPG, PNG, WebP ou GIF, até 5MB.</p>
            )}
          </div>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_INPUT_ACCEPT}
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) avatar.pick(file)
            event.target.value = ''
          }}
        />
      </fieldset>

      <FormField
        label="Email"
        htmlFor="account-email"
        hint="Para trocar o e-mail, use Segurança e privacidade."
      >
        <Input
          id="account-email"
          type="email"
          value={profile.email}
          readOnly
          aria-describedby="account-email-hint"
        />
      </FormField>

      <FormField
        label="Username"
        htmlFor="account-username"
        error={errors.username?.message}
        hint={usernameHint}
      >
        <MarkedInput
          mark="@"
          id="account-username"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          className="pl-7"
          {...fieldAriaProps('account-username', { error: errors.username?.message, hint: usernameHint })}
          {...form.register('username')}
        />
      </FormField>

      <InputField
        label="Nome completo"
        required
        autoComplete="name"
        {...boundField(form, 'fullName', 'account-full-name')}
      />

      <TextareaField
        label="Bio"
        hint={bioHint}
        rows={4}
        placeholder="Conte um pouco sobre você: o que estuda, o que cria, o que oferece..."
        {...boundField(form, 'bio', 'account-bio')}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <InputField
          label="Universidade"
          autoComplete="organization"
          {...boundField(form, 'university', 'account-university')}
        />
        <CourseField form={form} id="account-course" current={profile.course} />
      </div>

      <FormActions
        secondary={
          profile.username ? (
            <Button asChild variant="outline">
              <Link href={routes.profile(profile.username)}>Ver meu perfil</Link>
            </Button>
          ) : null
        }
        submitLabel={avatar.uploading ? 'Enviando foto...' : busy ? 'Salvando...' : 'Salvar alterações'}
        submitDisabled={busy || avatar.uploading}
      />
    </form>
  )
}

/** The form's shape while the profile loads. */
export function ProfileEditorSkeleton() {
  return (
    <div className="grid gap-6 rounded-xl border p-4 sm:p-6">
      <LoadingStatus>Carregando seu perfil...</LoadingStatus>
      <SkeletonStack className="flex items-center gap-4" shapes={['size-24 rounded-full', 'h-10 w-36']} />
      {[0, 1, 2, 3].map((key) => (
        <SkeletonStack key={key} className="grid gap-2" shapes={['h-4 w-28', 'h-10 w-full']} />
      ))}
      <Skeleton className="h-11 w-40 justify-self-end" />
    </div>
  )
}
