import { routes } from '@shared/routes'
import { HeartIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useSignInRedirect } from '@/features/auth/use-sign-in-redirect'
import { useViewer } from '@/lib/auth'
import { cn } from '@/lib/utils'
import { useAbsolutePath } from './protected-link'
import { useToggleFavorite } from './use-toggle-favorite'

type FavoriteButtonProps = {
  /** Its title names it in the round heart's accessible label: a grid holds many hearts. */
  listing: { id: number; title: string; isFavorite: boolean }
  /** 'icon': the round heart over a card's photo; 'labelled': the listing page's 'Favoritar' button. */
  variant?: 'icon' | 'labelled'
  className?: string
}

/**
 * The heart of a listing: optimistic (useToggleFavorite), one request at a time. A visitor is sent to
 * sign in and brought back to the listing.
 */
export function FavoriteButton({
  listing: { id: listingId, title: listingTitle, isFavorite },
  variant = 'icon',
  className,
}: FavoriteButtonProps) {
  const { viewer } = useViewer()
  const redirectToSignIn = useSignInRedirect()
  const absolute = useAbsolutePath()
  const { toggle, isPending } = useToggleFavorite({ id: listingId, isFavorite })

  function onClick() {
    if (!viewer) {
      redirectToSignIn(absolute(routes.listing(listingId)))
      return
    }
    toggle()
  }

  if (variant === 'labelled') {
    return (
      <Button
        type="button"
        variant="outline"
        aria-pressed={isFavorite}
        // aria-disabled, not disabled: a disabled button drops keyboard focus mid-toggle.
        aria-disabled={isPending || undefined}
        onClick={onClick}
        className={className}
      >
        <HeartIcon aria-hidden="true" className={cn(isFavorite && 'fill-rose-500 text-rose-500')} />
        Favoritar
      </Button>
    )
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isPending}
      aria-pressed={isFavorite}
      aria-label={`Favoritar ${listingTitle}`}
      title={isFavorite ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-background/90 text-foreground shadow-sm outline-none backdrop-blur transition hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-70',
        className,
      )}
    >
      <HeartIcon
        aria-hidden="true"
        className={cn(
          'size-5 transition-colors',
          isFavorite ? 'fill-rose-500 text-rose-500' : 'text-foreground/70',
        )}
      />
    </button>
  )
}
