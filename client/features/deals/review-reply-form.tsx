import { REVIEW_REPLY_MAX } from '@shared/reviews'
import { MessageSquareReplyIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { CharacterCount } from '@/components/character-count'
import { TextareaField } from '@/components/text-fields'
import { Button } from '@/components/ui/button'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** The reviewed person's one public reply, opened from "Responder". */
export default function ReviewReplyForm({ reviewId }: { reviewId: number }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reply, setReply] = useState('')
  const utils = trpc.useUtils()
  const send = trpc.deals.reviews.reply.useMutation({
    onSuccess: () => {
      toast.success('Resposta publicada')
      setOpen(false)
      void utils.profiles.byUsername.invalidate()
    },
    onError: (error) => toastError(error, 'Erro ao publicar resposta'),
  })
  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <MessageSquareReplyIcon aria-hidden="true" />
        Responder
      </Button>
    )
  }
  const tooLong = reply.length > REVIEW_REPLY_MAX
  return (
    <form
      className="grid w-full gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (reply.trim()) send.mutate({ reviewId, reply })
      }}
    >
      <TextareaField
        id={`${id}-reply`}
        label="Sua resposta pública"
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        rows={3}
        autoFocus
        disabled={send.isPending}
        error={tooLong ? 'Resposta muito longa (máximo de 500 caracteres)' : undefined}
        hint={
          <>
            Só uma resposta, que não pode ser editada.{' '}
            <CharacterCount length={reply.length} max={REVIEW_REPLY_MAX} />
          </>
        }
      />
      <div className="flex justify-end gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setOpen(false)}
          disabled={send.isPending}
        >
          Cancelar
        </Button>
        <Button type="submit" size="sm" disabled={send.isPending || tooLong || !reply.trim()}>
          {send.isPending ? 'Publicando...' : 'Publicar resposta'}
        </Button>
      </div>
    </form>
  )
}
