import { Switch as SwitchPrimitive } from 'radix-ui'
import type * as React from 'react'
import { slotPart } from '@/components/ui/slot-part'

const SwitchRoot = slotPart(
  SwitchPrimitive.Root,
  'switch',
  'peer inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-transparent shadow-xs outline-none transition-all focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
)

/** An on/off control (role="switch"), for the banners' inline 'active' toggle. */
export function Switch(props: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchRoot {...props}>
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-5 rounded-full bg-background ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%+1px)] data-[state=unchecked]:translate-x-px"
      />
    </SwitchRoot>
  )
}
