/** '1 confirmado', '12 confirmados'. */
export const attendeesLabel = (count: number): string =>
  `${count} ${count === 1 ? 'confirmado' : 'confirmados'}`

/** 'Máximo de 30 participantes'; null when the event has no limit. */
export const capacityLabel = (maxParticipants: number | null): string | null =>
  maxParticipants === null
    ? null
    : `Máximo de ${maxParticipants} ${maxParticipants === 1 ? 'participante' : 'participantes'}`

/** Every seat taken (an unlimited event is never full). */
export const isEventFull = (event: { maxParticipants: number | null; attendeesCount: number }): boolean =>
  event.maxParticipants !== null && event.attendeesCount >= event.maxParticipants

/** '1 pessoa na lista de espera', '4 pessoas na lista de espera'. */
export const waitlistLabel = (count: number): string =>
  `${count} ${count === 1 ? 'pessoa' : 'pessoas'} na lista de espera`
