import { Tabs as TabsPrimitive } from 'radix-ui'
import { slotPart } from './slot-part'

const Tabs = slotPart(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-2')

/** The row of tabs; its width is the caller's (`w-fit`, `w-full`). */
const TabsList = slotPart(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex h-10 max-w-full items-center justify-center overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground',
)

const TabsTrigger = slotPart(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  "inline-flex h-full flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-3 py-1 font-medium text-foreground text-sm transition-[color,box-shadow] focus-visible:border-ring focus-visible:outline-1 focus-visible:outline-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
)
const TabsContent = slotPart(
  TabsPrimitive.Content,
  'tabs-content',
  'flex-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
)

export { Tabs, TabsContent, TabsList, TabsTrigger }
