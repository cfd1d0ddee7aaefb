import { REVIEW_COMMENT_MAX } from '@shared/reviews'
import { StarIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { CharacterCount } from '@/components/character-count'
import { FormActions } from '@/components/form-actions'
import { TextareaField } from '@/components/text-fields'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'

/**
 * Sending a review of the other side of a confirmed hand-off, or editing one's own within its 48 hours:
 * `review` is the review being edited.
 */
export function ReviewForm({
  meetingId,
  otherName,
  review,
  onDone,
}: {
  meetingId: number
  otherName: string
  review?: { id: number; stars: number; comment: string | null }
  onDone?: () => void
}) {
  const id = useId()
  const [stars, setStars] = useState<number | null>(review?.stars ?? null)
  const [comment, setComment] = useState(review?.comment ?? '')
  const [showError, setShowError] = useState(false)
  const utils = trpc.useUtils()
  const done = (title: string) => {
    toast.success(title)
    void utils.deals.reviews.invalidate()
    void utils.profiles.byUsername.invalidate()
    onDone?.()
  }
  const create = trpc.deals.reviews.create.useMutation({
    onSuccess: () => done('Avaliação enviada'),
    onError: (error) => toastError(error, 'Erro ao enviar avaliação'),
  })
  const edit = trpc.deals.reviews.edit.useMutation({
    onSuccess: () => done('Avaliação atualizada'),
    onError: (error) => toastError(error, 'Erro ao atualizar avaliação'),
  })
  const busy = create.isPending || edit.isPending
  const tooLong = comment.length > REVIEW_COMMENT_MAX

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (stars === null) {
      setShowError(true)
      return
    }
    const fields = { stars, ...(comment.trim() ? { comment } : {}) }
    if (review) edit.mutate({ reviewId: review.id, ...fields })
    else create.mutate({ meetingId, ...fields })
  }

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate aria-label={`Avaliar ${otherName}`}>
      <StarsInput
        name={`${id}-stars`}
        value={stars}
        onChange={(value) => {
          setStars(value)
          setShowError(false)
        }}
        disabled={busy}
        invalid={showError && stars === null}
        describedBy={showError && stars === null ? `${id}-stars-error` : undefined}
      />
      {showError && stars === null ? (
        <p id={`${id}-stars-error`} role="alert" className="-mt-3 font-medium text-destructive text-sm">
          Escolha de 1 a 5 estrelas
        </p>
      ) : null}
      <TextareaField
        id={`${id}-comment`}
        label="Comentário (opcional)"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        placeholder="Como foi a entrega? Pontualidade, o item, a conversa."
        rows={4}
        disabled={busy}
        error={tooLong ? 'Comentário muito longo (máximo de 500 caracteres)' : undefined}
        hint={<CharacterCount length={comment.length} max={REVIEW_COMMENT_MAX} />}
      />
      <FormActions
        submitLabel={busy ? 'Enviando...' : review ? 'Salvar avaliação' : 'Enviar avaliação'}
        submitDisabled={busy || tooLong}
      />
    </form>
  )
}

const STARS = [1, 2, 3, 4, 5] as const

/** Choosing 1 to 5 stars: a radio group, so arrows move between the stars and each one is named. */
function StarsInput({
  name,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: {
  name: string
  value: number | null
  onChange: (stars: number) => void
  disabled?: boolean
  invalid?: boolean
  describedBy?: string
}) {
  return (
    <fieldset className="grid gap-2" aria-invalid={invalid ? true : undefined} aria-describedby={describedBy}>
      <legend className="mb-1 font-medium text-sm">Sua nota</legend>
      <div className="flex gap-1">
        {STARS.map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              disabled={disabled}
              className="sr-only"
            />
            <StarIcon
              aria-hidden="true"
              className={cn(
                'size-9',
                value !== null && star <= value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
              )}
            />
            <span className="sr-only">{star === 1 ? '1 estrela' : `${star} estrelas`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
