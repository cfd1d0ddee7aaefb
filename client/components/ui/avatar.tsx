import { Avatar as AvatarPrimitive } from 'radix-ui'
import { slotPart } from './slot-part'

const Avatar = slotPart(AvatarPrimitive.Root, 'avatar', 'relative flex shrink-0 overflow-hidden rounded-full')
const AvatarImage = slotPart(AvatarPrimitive.Image, 'avatar-image', 'aspect-square size-full object-cover')
const AvatarFallback = slotPart(
  AvatarPrimitive.Fallback,
  'avatar-fallback',
  'flex size-full items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground',
)

export { Avatar, AvatarFallback, AvatarImage }
