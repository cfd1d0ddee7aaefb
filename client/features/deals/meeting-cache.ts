import type { MeetingView } from '@shared/meetings'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/** Keeps the conversation's meetings in the cache as the server answered (the live event does the same). */
export function useMergeMeeting(conversationId: number) {
  const utils = trpc.useUtils()
  return (meeting: MeetingView) => {
    utils.deals.meetings.ofConversation.setData({ conversationId }, (list) =>
      list ? [meeting, ...list.filter((item) => item.id !== meeting.id)].sort((a, b) => b.id - a.id) : list,
    )
    utils.deals.meetings.byId.setData({ meetingId: meeting.id }, meeting)
    void utils.deals.meetings.mine.invalidate()
  }
}

/**
 * The onSuccess and onError of a change to a meeting: on success the meeting is merged into its
 * conversation, a toast says so and `onDone` runs (a dialog closes); on failure the toast says why.
 */
export function useMeetingChange(
  conversationId: number,
  { successMessage, errorTitle, onDone }: { successMessage: string; errorTitle: string; onDone?: () => void },
) {
  const merge = useMergeMeeting(conversationId)
  return {
    onSuccess: (meeting: MeetingView) => {
      merge(meeting)
      toast.success(successMessage)
      onDone?.()
    },
    onError: (error: unknown) => toastError(error, errorTitle),
  }
}
