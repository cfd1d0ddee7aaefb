import { labelledValues } from './labels'

/** The events page's tabs, without zod: pages that show no form import these. */
export const EVENT_TAB_LABELS = {
  proximos: 'Próximos',
  todos: 'Todos',
  passados: 'Passados',
}
export const EVENT_TABS = labelledValues(EVENT_TAB_LABELS)
export type EventTab = (typeof EVENT_TABS)[number]
