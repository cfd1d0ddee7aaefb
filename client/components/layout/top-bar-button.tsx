import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'

/** A round icon button of the top bar (the bell, the account), placed so a count badge can sit on its corner. */
export function TopBarButton(props: ComponentProps<typeof Button>) {
  return <Button variant="ghost" size="icon" shape="round" className="relative" {...props} />
}
