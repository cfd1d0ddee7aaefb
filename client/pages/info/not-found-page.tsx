import { routes } from '@shared/routes'
import { Home } from 'lucide-react'
import { ButtonLink } from '@/components/ui/button-link'
import { usePageTitle } from '@/lib/use-page-title'

export function NotFoundPage() {
  usePageTitle('Página não encontrada')
  return (
    <div className="mx-auto flex min-h-[60dvh] w-full max-w-md flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="font-extrabold text-7xl text-primary tracking-tight sm:text-8xl">404</p>
      <h1 className="font-semibold text-2xl" lang="en">
        Oops! Page not found
      </h1>
      <p className="text-muted-foreground">O endereço que você acessou não existe ou foi removido.</p>
      <ButtonLink href={`~${routes.home()}`} size="lg" className="mt-2">
        <Home aria-hidden="true" />
        Voltar para o início
      </ButtonLink>
    </div>
  )
}

export default NotFoundPage
