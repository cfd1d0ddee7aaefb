import { withPhotoNote } from '@shared/chat'
import { SAFETY_TIPS_PATH, SCAM_WARNINGS } from '@shared/safety'
import { ArrowDownIcon, CheckCheckIcon, CheckIcon, FlagIcon, ShieldAlertIcon } from 'lucide-react'
import { Fragment, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { ReportButton } from '@/features/safety/report-button'
import { formatTime, toDate } from '@/lib/dates'
import { cn } from '@/lib/utils'
import type { ChatMessage } from './chat-cache'
import { dayKey, formatDayLabel } from './chat-format'
import { MessagePhotos } from './chat-photos'

/**
 * Something of the thread that is not a message (an offer card), placed among the messages by time. Its
 * node renders as a list item.
 */
export type ThreadItem = { key: string; at: Date; node: ReactNode }

/** How close to the bottom (px) still counts as "reading the latest": new messages keep it in view. */
const STICK_THRESHOLD_PX = 64

type Props = {
  /** Oldest first. */
  messages: ChatMessage[]
  viewerId: number
  otherName: string
  hasOlder: boolean
  loadingOlder: boolean
  loadOlder: () => void
  /** Oldest first; shown among the loaded messages (older ones once the history reaches them). */
  items?: ThreadItem[]
}

/**
 * The thread's scrolling history. Opens at the latest message, loads older ones when the top comes into
 * view (keeping what is on screen in place), and follows new messages only when the reader is already at
 * the bottom, or when they are the reader's own.
 */
export function MessageList({
  messages,
  viewerId,
  otherName,
  hasOlder,
  loadingOlder,
  loadOlder,
  items = [],
}: Props) {
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLOListElement>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  /** Distance from the bottom when older messages were requested: restored once they are in. */
  const anchor = useRef<number | null>(null)
  const shown = useRef<{ oldest?: number; newest?: number }>({})
  const [unseenBelow, setUnseenBelow] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const oldest = messages[0]
  const newest = messages.at(-1)

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const before = shown.current
    shown.current = { oldest: oldest?.id, newest: newest?.id }
    if (anchor.current !== null && !loadingOlder) {
      if (oldest?.id !== before.oldest) element.scrollTop = element.scrollHeight - anchor.current
      anchor.current = null
    }
    if (!newest || newest.id === before.newest) return
    const firstRender = before.newest === undefined
    const own = newest.senderId === viewerId
    if (firstRender || atBottom.current || own) {
      element.scrollTop = element.scrollHeight
      setUnseenBelow(false)
    } else {
      setUnseenBelow(true)
    }
    // Older pages only prepend; a newer last message while the thread is open is a new arrival.
    if (!firstRender && !own)
      setAnnouncement(`Nova mensagem de ${otherName}: ${withPhotoNote(newest.content, newest.photos.length)}`)
  }, [oldest?.id, newest, loadingOlder, viewerId, otherName])

  // Content that grows or a list that shrinks (the keyboard opening, 'Lida' appearing) must not push
  // the latest message out of view for someone reading it.
  useEffect(() => {
    const element = scroller.current
    const list = content.current
    if (!element || !list) return
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight
    })
    observer.observe(element)
    observer.observe(list)
    return () => observer.disconnect()
  }, [])

  const loadOlderRef = useRef(loadOlder)
  useEffect(() => {
    loadOlderRef.current = loadOlder
  }, [loadOlder])

  // Re-armed after each page: observing fires once at once, so a short history that still shows the top
  // keeps loading until it fills the screen or runs out.
  useEffect(() => {
    const root = scroller.current
    const target = sentinel.current
    if (!root || !target || !hasOlder || loadingOlder) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || anchor.current !== null) return
        anchor.current = root.scrollHeight - root.scrollTop
        loadOlderRef.current()
      },
      { root, rootMargin: '240px 0px 0px 0px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [hasOlder, loadingOlder])

  const onScroll = () => {
    const element = scroller.current
    if (!element) return
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_THRESHOLD_PX
    if (atBottom.current) setUnseenBelow(false)
  }

  const jumpToLatest = () => {
    const element = scroller.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    setUnseenBelow(false)
  }

  const lastOwnId = messages.findLast((message) => message.senderId === viewerId)?.id
  const now = new Date()
  let previousDay: string | null = null
  const firstShown = hasOlder && oldest ? toDate(oldest.createdAt).getTime() : Number.NEGATIVE_INFINITY
  const timeline = mergeTimeline(
    messages,
    items.filter((item) => item.at.getTime() >= firstShown),
  )
  const daySeparator = (at: Date) => {
    const day = dayKey(at)
    if (day === previousDay) return null
    previousDay = day
    return (
      <li className="flex justify-center py-2">
        <span className="rounded-full bg-muted px-3 py-1 font-medium text-muted-foreground text-xs">
          {formatDayLabel(at, now)}
        </span>
      </li>
    )
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scroller} onScroll={onScroll} className="h-full overflow-y-auto overscroll-contain">
        <div ref={sentinel} aria-hidden="true" className="h-px" />
        {loadingOlder ? (
          <div className="flex justify-center py-2">
            <Spinner label="Carregando mensagens anteriores..." className="text-muted-foreground" />
          </div>
        ) : null}
        {!hasOlder && messages.length > 0 ? (
          <p className="px-4 pt-4 text-center text-muted-foreground text-xs">Início da conversa</p>
        ) : null}
        {messages.length === 0 && items.length === 0 ? (
          <p className="px-6 py-12 text-center text-muted-foreground text-sm">
            Nenhuma mensagem ainda. Diga olá para {otherName}!
          </p>
        ) : null}
        <ol ref={content} aria-label="Mensagens" className="flex flex-col gap-1 px-3 py-3 sm:px-4">
          {timeline.map((entry) => {
            if ('node' in entry) {
              return (
                <Fragment key={entry.key}>
                  {daySeparator(entry.at)}
                  {entry.node}
                </Fragment>
              )
            }
            const message = entry
            const sentAt = toDate(message.createdAt)
            return (
              <Fragment key={message.id}>
                {daySeparator(sentAt)}
                <MessageBubble
                  message={message}
                  sentAt={sentAt}
                  own={message.senderId === viewerId}
                  authorName={otherName}
                  showStatus={message.id === lastOwnId}
                />
              </Fragment>
            )
          })}
        </ol>
      </div>
      {unseenBelow ? (
        <Button
          type="button"
          size="sm"
          onClick={jumpToLatest}
          className="-translate-x-1/2 absolute bottom-3 left-1/2 rounded-full shadow-md"
        >
          <ArrowDownIcon aria-hidden="true" />
          Nova mensagem
        </Button>
      ) : null}
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  )
}

/** Messages and other items in one line of time; at the same instant the message comes first. */
function mergeTimeline(messages: ChatMessage[], items: ThreadItem[]): (ChatMessage | ThreadItem)[] {
  const merged: (ChatMessage | ThreadItem)[] = []
  let next = 0
  for (const message of messages) {
    const sentAt = toDate(message.createdAt).getTime()
    while (next < items.length && (items[next]?.at.getTime() ?? 0) < sentAt)
      merged.push(items[next++] as ThreadItem)
    merged.push(message)
  }
  while (next < items.length) merged.push(items[next++] as ThreadItem)
  return merged
}

function MessageBubble({
  message,
  sentAt,
  own,
  authorName,
  showStatus,
}: {
  message: ChatMessage
  sentAt: Date
  own: boolean
  authorName: string
  showStatus: boolean
}) {
  const time = formatTime(sentAt)
  const ReadIcon = message.read ? CheckCheckIcon : CheckIcon
  return (
    <li className={cn('flex flex-col', own ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 shadow-xs sm:max-w-[70%]',
          own ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{own ? 'Você' : authorName}, </span>
        {message.photos.length > 0 ? (
          <div className={cn('-mx-1 mt-1', message.content ? 'mb-1.5' : 'mb-0.5')}>
            <MessagePhotos photos={message.photos} sender={own ? 'você' : authorName} />
          </div>
        ) : null}
        {message.content ? <p className="whitespace-pre-wrap break-words">{message.content}</p> : null}
        <span
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[11px]',
            own ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          <time dateTime={sentAt.toISOString()}>{time}</time>
          {own ? <ReadIcon className="size-3.5" aria-hidden="true" /> : null}
          {!own && message.senderId !== null ? (
            <ReportButton
              targetType="message"
              targetId={message.id}
              trigger={
                <button
                  type="button"
                  className="rounded p-0.5 opacity-60 hover:opacity-100 focus-visible:opacity-100"
                  aria-label="Denunciar mensagem"
                >
                  <FlagIcon className="size-3" aria-hidden="true" />
                </button>
              }
            />
          ) : null}
        </span>
      </div>
      {!own && message.warnings.length > 0 ? (
        <div className="mt-1 flex max-w-[85%] items-start gap-1.5 px-1 text-amber-700 text-xs sm:max-w-[70%]">
          <ShieldAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <p>
            {message.warnings.map((warning) => SCAM_WARNINGS[warning]).join(' ')}{' '}
            <Link href={SAFETY_TIPS_PATH} className="font-medium underline underline-offset-2">
              Dicas de segurança
            </Link>
          </p>
        </div>
      ) : null}
      {showStatus ? (
        <span aria-live="polite" className="px-1 pt-0.5 text-muted-foreground text-xs">
          {message.read ? 'Lida' : 'Enviada'}
        </span>
      ) : null}
    </li>
  )
}

export function MessageListSkeleton() {
  return (
    <div
      role="status"
      aria-label="Carregando mensagens"
      className="flex flex-1 flex-col justify-end gap-3 p-4"
    >
      <Skeleton className="h-10 w-2/3 rounded-2xl" />
      <Skeleton className="h-10 w-1/2 self-end rounded-2xl" />
      <Skeleton className="h-16 w-3/4 rounded-2xl" />
      <Skeleton className="h-10 w-1/3 self-end rounded-2xl" />
    </div>
  )
}
