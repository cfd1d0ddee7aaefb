import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { instanceUrl } from '@/lib/instance-url'

export const initialOf = (name: string | null | undefined) => (name?.trim().charAt(0) || '?').toUpperCase()

/** A person's photo, or the initial of their name on the brand colour. */
export function ChatAvatar({
  name,
  avatarUrl,
  large = false,
}: {
  name: string
  avatarUrl: string | null
  /** The inbox's larger size. */
  large?: boolean
}) {
  return (
    <Avatar className={large ? 'size-12' : 'size-10'}>
      {avatarUrl ? <AvatarImage src={instanceUrl(avatarUrl)} alt="" loading="lazy" /> : null}
      <AvatarFallback aria-hidden="true" className="text-sm">
        {initialOf(name)}
      </AvatarFallback>
    </Avatar>
  )
}
