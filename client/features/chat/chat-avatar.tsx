import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { instanceUrl } from '@/lib/instance-url'
import { cn } from '@/lib/utils'

export const initialOf = (name: string | null | undefined) => (name?.trim().charAt(0) || '?').toUpperCase()

/** A person's photo, or the initial of their name on the brand colour. */
export function ChatAvatar({
  name,
  avatarUrl,
  className,
}: {
  name: string
  avatarUrl: string | null
  className?: string
}) {
  return (
    <Avatar className={cn('size-10', className)}>
      {avatarUrl ? <AvatarImage src={instanceUrl(avatarUrl)} alt="" loading="lazy" /> : null}
      <AvatarFallback aria-hidden="true" className="bg-primary font-semibold text-primary-foreground">
        {initialOf(name)}
      </AvatarFallback>
    </Avatar>
  )
}
