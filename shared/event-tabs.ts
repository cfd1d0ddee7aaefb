/** The events page's tabs, without zod: pages that show no form import these. */
export const EVENT_TABS = ['proximos', 'todos', 'passados'] as const
export type EventTab = (typeof EVENT_TABS)[number]
export const EVENT_TAB_LABELS: Record<EventTab, string> = {
  proximos: 'Próximos',
  todos: 'Todos',
  passados: 'Passados',
}
