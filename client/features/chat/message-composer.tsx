import { CHAT_MESSAGE_MAX, CHAT_PHOTOS_MAX } from '@shared/chat'
import { SendHorizontalIcon } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useImageUploads } from '@/features/uploads/use-image-uploads'
import { toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import type { ChatMessage } from './chat-cache'
import { ComposerPhotoButton, ComposerPhotos } from './chat-photos'

/** The other person sees 'digitando...' for 3 s after each signal: one every 2 s keeps it on without flooding. */
const TYPING_SIGNAL_EVERY_MS = 2000
/** The counter appears when this close to the limit; before that it is only noise. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 200

/**
 * Writes and sends a message: text, up to CHAT_PHOTOS_MAX photos, or both. Enter sends, Shift+Enter
 * breaks the line. The text leaves the box at once and comes back if sending fails, so nothing typed is
 * ever lost; the photos stay until the message is sent.
 */
export function MessageComposer({
  conversationId,
  disabled = false,
  onSent,
}: {
  conversationId: number
  disabled?: boolean
  onSent: (message: ChatMessage) => void
}) {
  const id = useId()
  const utils = trpc.useUtils()
  const send = trpc.chat.send.useMutation()
  const [text, setText] = useState('')
  const lastTypingSignal = useRef(0)
  const input = useRef<HTMLTextAreaElement>(null)
  const photos = useImageUploads({ kind: 'chat', max: CHAT_PHOTOS_MAX })
  const content = text.trim()
  const canSend =
    !disabled &&
    (content.length > 0 || photos.uploadedIds.length > 0) &&
    !photos.isUploading &&
    !send.isPending

  const signalTyping = (value: string) => {
    if (disabled || !value.trim()) return
    const now = Date.now()
    if (now - lastTypingSignal.current < TYPING_SIGNAL_EVERY_MS) return
    lastTypingSignal.current = now
    // Best effort: a lost 'digitando...' is not worth an error.
    utils.client.chat.typing.mutate({ conversationId }).catch(() => {})
  }

  const submit = async () => {
    if (!canSend) return
    const draft = text
    setText('')
    // The next keystroke belongs to a new message: let it signal at once.
    lastTypingSignal.current = 0
    try {
      onSent(await send.mutateAsync({ conversationId, content, photos: photos.uploadedIds }))
      photos.clear()
    } catch (error) {
      toastError(error, 'Erro ao enviar mensagem')
      // Whatever was typed meanwhile stays, after the message that failed.
      setText((current) => (current ? `${draft}\n${current}` : draft))
      input.current?.focus()
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void submit()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing a word, Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void submit()
  }

  const nearLimit = text.length >= COUNTER_FROM
  return (
    <form onSubmit={onSubmit} className="border-t bg-background px-2 py-2 sm:px-3">
      <ComposerPhotos uploads={photos} disabled={send.isPending} />
      <div className="flex items-end gap-1 sm:gap-2">
        <ComposerPhotoButton uploads={photos} disabled={disabled || send.isPending} />
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={id} className="sr-only">
            Mensagem
          </Label>
          <Textarea
            ref={input}
            id={id}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              signalTyping(event.target.value)
            }}
            onKeyDown={onKeyDown}
            placeholder="Escreva uma mensagem..."
            maxLength={CHAT_MESSAGE_MAX}
            rows={1}
            enterKeyHint="send"
            autoComplete="off"
            disabled={disabled}
            aria-describedby={nearLimit ? `${id}-count` : undefined}
            size="chat"
          />
        </div>
        <Button type="submit" aria-label="Enviar" disabled={!canSend} size="icon-lg" shape="round">
          <SendHorizontalIcon aria-hidden="true" />
        </Button>
      </div>
      {nearLimit ? (
        <p
          id={`${id}-count`}
          className={cn(
            'px-2 pt-1 text-right text-xs tabular-nums',
            text.length >= CHAT_MESSAGE_MAX ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {text.length}/{CHAT_MESSAGE_MAX} caracteres
        </p>
      ) : null}
    </form>
  )
}
