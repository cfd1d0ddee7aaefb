import { instanceUrl } from '@/lib/instance-url'

/** 'Adicionar à agenda': the meeting's .ics, served only to its two participants. */
export const meetingCalendarUrl = (id: number) => instanceUrl(`/api/entregas/${id}/calendario.ics`)
