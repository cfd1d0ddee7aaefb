import type { MeetingView } from '@shared/meetings'
import { trpc } from '@/lib/trpc'

/** Keeps the conversation's meetings in the cache as the server answered (the live event does the same). */
export function useMergeMeeting(conversationId: number) {
  const utils = trpc.useUtils()
  return (meeting: MeetingView) => {
    utils.meetings.ofConversation.setData({ conversationId }, (list) =>
      list ? [meeting, ...list.filter((item) => item.id !== meeting.id)].sort((a, b) => b.id - a.id) : list,
    )
    void utils.meetings.mine.invalidate()
  }
}
