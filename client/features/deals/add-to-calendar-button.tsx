import { CalendarPlusIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { meetingCalendarUrl } from './meeting-calendar-url'

/** Downloads an agreed meeting's .ics, for the participant's own calendar app. */
export function AddToCalendarButton({ meetingId }: { meetingId: number }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={meetingCalendarUrl(meetingId)} download>
        <CalendarPlusIcon aria-hidden="true" />
        Adicionar à agenda
      </a>
    </Button>
  )
}
