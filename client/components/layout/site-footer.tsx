import { routes } from '@shared/routes'
import { LifeBuoy, Mail } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { LibrasToggle } from '@/features/libras/libras-toggle'
import { useCommunity } from '@/lib/community'
import { appConfig } from '@/lib/config'

// lucide-react no longer ships brand icons; these are lucide's former outlines.
const OUTLINE = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
} as const

function InstagramIcon(props: ComponentProps<'svg'>) {
  return (
    <svg {...OUTLINE} {...props}>
      <rect x="2" y="2" width="20" height="20" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </svg>
  )
}

function LinkedinIcon(props: ComponentProps<'svg'>) {
  return (
    <svg {...OUTLINE} {...props}>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </svg>
  )
}

/**
 * The listing's public profiles, from configuration: only the ones the deployment has. Read at render
 * time: on the server the configuration is the request's, not known when this module loads.
 */
const socialLinks = () =>
  [
    { label: 'Vupt no Instagram', href: appConfig().social.instagram, Icon: InstagramIcon },
    { label: 'Vupt no LinkedIn', href: appConfig().social.linkedin, Icon: LinkedinIcon },
  ].flatMap((link) => (link.href ? [{ ...link, href: link.href }] : []))

const exploreLinks = [
  { label: 'Portal de Vendas', path: routes.portal() },
  { label: 'Eventos', path: routes.events() },
  { label: 'Como Funciona', path: routes.howItWorks() },
  { label: 'Vender', path: routes.sell() },
  { label: 'Comunidades', path: routes.communities() },
] as const

const linkClass =
  'rounded-sm text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50'

/** A column of the footer's links under its heading; `after` goes below the list. */
function FooterNav({
  id,
  title,
  after,
  children,
}: {
  id: string
  title: string
  after?: ReactNode
  children: ReactNode
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-semibold text-sm">
        {title}
      </h2>
      <ul className="space-y-2">{children}</ul>
      {after}
    </nav>
  )
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <Link href={href} className={linkClass}>
        {children}
      </Link>
    </li>
  )
}

export function SiteFooter() {
  const { community, prefixed } = useCommunity()
  // Absolute hrefs keep the community prefix whether or not the footer sits inside the nested router.
  const to = (path: string) => {
    if (!(prefixed && community)) return `~${path}`
    return path === '/' ? `~/${community.slug}` : `~/${community.slug}${path}`
  }
  const year = new Date().getFullYear()

  return (
    <footer className="mt-auto border-t bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4 lg:col-span-2">
          <Link
            href={to(routes.home())}
            className="inline-flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span
              aria-hidden="true"
              className="inline-flex size-9 items-center justify-center rounded-lg bg-community-gradient font-extrabold text-lg text-white"
            >
              V
            </span>
            <span className="font-bold text-xl tracking-tight">Vupt</span>
          </Link>
          <p className="max-w-xs text-muted-foreground text-sm">
            Crie, compartilhe, desapegue. O marketplace fechado da sua universidade.
          </p>
          <ul className="flex gap-2" aria-label="Redes sociais">
            {socialLinks().map(({ label, href, Icon }) => (
              <li key={href}>
                <Button asChild variant="ghost" size="icon">
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                    <Icon aria-hidden="true" className="size-5" />
                  </a>
                </Button>
              </li>
            ))}
            <li>
              <Button asChild variant="ghost" size="icon">
                <a href={`mailto:${appConfig().contactEmail}`} aria-label="E-mail de contato do Vupt">
                  <Mail aria-hidden="true" className="size-5" />
                </a>
              </Button>
            </li>
          </ul>
        </div>

        <FooterNav id="rodape-explorar" title="Explorar">
          {exploreLinks.map((link) => (
            <FooterLink key={link.path} href={to(link.path)}>
              {link.label}
            </FooterLink>
          ))}
        </FooterNav>

        <FooterNav
          id="rodape-suporte"
          title="Suporte"
          after={
            <div className="mt-5 flex flex-col gap-2">
              <ButtonLink href={to(routes.faq())} variant="outline" size="sm" align="start">
                <LifeBuoy aria-hidden="true" />
                Central de Ajuda
              </ButtonLink>
              <Button asChild variant="outline" size="sm" align="start">
                <a href={`mailto:${appConfig().supportEmail}`}>
                  <Mail aria-hidden="true" />
                  Falar com o suporte
                </a>
              </Button>
              <LibrasToggle />
            </div>
          }
        >
          <FooterLink href={to(routes.faq())}>FAQ</FooterLink>
          <FooterLink href={to(routes.about())}>Sobre</FooterLink>
          <li>
            <a href={`mailto:${appConfig().contactEmail}`} className={linkClass}>
              Contato
            </a>
          </li>
          <FooterLink href={to(routes.accessibility())}>Declaração de acessibilidade</FooterLink>
        </FooterNav>
      </div>
      <div className="border-t">
        <p className="mx-auto w-full max-w-6xl px-4 py-4 text-muted-foreground text-xs">
          © {year} Vupt. Feito por e para estudantes.
        </p>
      </div>
    </footer>
  )
}
