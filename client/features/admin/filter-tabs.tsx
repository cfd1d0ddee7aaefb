import type { ReactNode } from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'

export type FilterTab<Value extends string> = { value: Value; label: string }

/** The tabs over an admin list that filter it (by status, by kind); `beside` sits next to them, e.g. a search. */
export function FilterTabs<Value extends string>({
  tabs,
  value,
  onValueChange,
  label,
  beside,
  children,
}: {
  tabs: readonly FilterTab<Value>[]
  value: Value
  onValueChange: (value: Value) => void
  /** What the row of tabs chooses, for screen readers. */
  label: string
  beside?: ReactNode
  /** The list for the chosen tab. */
  children: ReactNode
}) {
  const list = (
    <TabsList aria-label={label} className="w-fit">
      {tabs.map((tab) => (
        <TabsTrigger key={tab.value} value={tab.value}>
          {tab.label}
        </TabsTrigger>
      ))}
    </TabsList>
  )
  return (
    <Tabs
      value={value}
      onValueChange={(next) => {
        const chosen = tabs.find((tab) => tab.value === next)
        if (chosen) onValueChange(chosen.value)
      }}
      className="gap-4"
    >
      {beside ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {list}
          {beside}
        </div>
      ) : (
        list
      )}
      <TabsContent value={value} className="grid gap-3">
        {children}
      </TabsContent>
    </Tabs>
  )
}
