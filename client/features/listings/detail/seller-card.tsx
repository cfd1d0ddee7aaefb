import { routes } from '@shared/routes'
import { GraduationCapIcon, type LucideIcon, SchoolIcon } from 'lucide-react'
import { Link } from 'wouter'
import { LabelledSection } from '@/components/labelled-section'
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar'
import { SellerAverage } from '@/features/deals/seller-average'
import { instanceUrl } from '@/lib/instance-url'
import type { Listing } from './listing-reactions'

export const initialOf = (name: string | null | undefined) => (name?.trim().charAt(0) || '?').toUpperCase()

/** Who sells: avatar or initial, name, course and university, linking to the public profile. */
export function SellerCard({ seller }: { seller: Listing['seller'] }) {
  const body = (
    <>
      <Avatar className="size-12">
        {seller.avatarUrl ? <AvatarImage src={instanceUrl(seller.avatarUrl)} alt="" loading="lazy" /> : null}
        <AvatarFallback className="text-lg">{initialOf(seller.fullName)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 gap-0.5">
        <span className="truncate font-semibold">{seller.fullName}</span>
        {seller.username ? <span className="text-muted-foreground text-sm">@{seller.username}</span> : null}
        <SellerAverage average={seller.averageRating} />
        <SellerDetail icon={GraduationCapIcon} text={seller.course} />
        <SellerDetail icon={SchoolIcon} text={seller.university} />
      </div>
    </>
  )
  return (
    <LabelledSection
      id="seller-heading"
      title="Vendedor"
      className="grid gap-3 rounded-xl border bg-card p-4"
      headingClassName="font-medium text-muted-foreground text-sm"
    >
      {seller.username ? (
        <Link
          href={routes.profile(seller.username)}
          className="-m-2 flex items-center gap-3 rounded-lg p-2 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {body}
        </Link>
      ) : (
        <div className="flex items-center gap-3">{body}</div>
      )}
    </LabelledSection>
  )
}

/** A line of the seller's profile (course, university) led by its icon; nothing where the profile has none. */
function SellerDetail({ icon: Icon, text }: { icon: LucideIcon; text: string | null | undefined }) {
  if (!text) return null
  return (
    <span className="flex items-center gap-1 text-muted-foreground text-sm">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{text}</span>
    </span>
  )
}
